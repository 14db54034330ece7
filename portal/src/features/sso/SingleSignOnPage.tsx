import { useQuery } from '@tanstack/react-query';
import { forms } from '@tessera/sdk/rules';
import { styled } from '@tessera/widgets/stitches';
import { Alert, Button, Form, Heading, TextField } from '@tessera/widgets/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { unwrap, useApiMutation } from '../../api/queries';
import { FormActions } from '../../forms/FormActions';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { useForm } from '../../forms/useForm';
import { usePageTitle } from '../../lib/usePageTitle';
import { Badge } from '../../ui/Badge';
import { useConfirm } from '../../ui/ConfirmDialog';
import { FormFailure } from '../../ui/FormFailure';
import { Row, Stack, Text } from '../../ui/Page';
import { RadioGroup } from '../../ui/RadioGroup';
import { ReadState } from '../../ui/ReadState';
import { Switch } from '../../ui/Switch';
import { TextAreaField } from '../../ui/TextAreaField';
import { announce } from '../../ui/Toasts';
import { useOrganization } from '../organization/organizationContext';
import { connectionBody, connectionValues, NEW_CONNECTION, wordsOf, type SsoConnectionValues } from './connectionValues';
import { ScimTokens } from './ScimTokens';
import { goToProvider } from './signInCalls';
import {
  deleteSsoConnection,
  DOMAIN_STATUS_NAMES,
  getSsoConnection,
  PROTOCOL_NAMES,
  putSsoConnection,
  testSsoConnection,
  type SsoConnection,
  type SsoDomainStatus,
} from './ssoCalls';

const Section = styled('section', { display: 'flex', flexDirection: 'column', gap: '$4' });
const DomainList = styled('ul', { margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '$1' });

const PROTOCOL_OPTIONS = (['oidc', 'saml'] as const).map((id) => ({ id, label: PROTOCOL_NAMES[id] }));
const ROLE_OPTIONS = [
  { id: 'user', label: 'User' },
  { id: 'admin', label: 'Admin' },
];
const STATUS_TONES: Record<SsoDomainStatus, 'neutral' | 'info' | 'bad'> = { pending: 'info', approved: 'neutral', rejected: 'bad' };

type ConnectionForm = ReturnType<typeof useForm<SsoConnectionValues, SsoConnection>>;

/** `?test=succeeded&email=` or `?test=failed&message=`: where the server's callback sends a test sign-in back. */
function TestResult() {
  const [params] = useSearchParams();
  const test = params.get('test');
  if (test === 'succeeded') {
    const email = params.get('email');
    return <Alert tone="success">{`Test sign-in succeeded${email ? `: the identity provider signed in ${email}` : ''}.`}</Alert>;
  }
  if (test === 'failed') return <Alert tone="error">{`Test sign-in failed: ${params.get('message') ?? 'the identity provider gave no reason.'}`}</Alert>;
  return null;
}

/** Each claimed domain with the platform owner's decision: a pending one serves nobody yet. */
function DomainStatuses({ connection }: { connection: SsoConnection }) {
  if (!connection.domains.length) return null;
  return (
    <Stack css={{ gap: '$2' }}>
      <Text id="domain-status-heading">Domain approval</Text>
      <DomainList aria-labelledby="domain-status-heading">
        {connection.domains.map((claim) => (
          <li key={claim.domain}>
            {claim.domain} <Badge tone={STATUS_TONES[claim.status]}>{DOMAIN_STATUS_NAMES[claim.status]}</Badge>
          </li>
        ))}
      </DomainList>
      {connection.domains.some((claim) => claim.status === 'pending') ? (
        <Text tone="muted">A pending domain waits for the platform owner&apos;s approval: until then only a test sign-in works for it.</Text>
      ) : null}
    </Stack>
  );
}

/** A value the identity provider needs, to copy from here. */
function CopyValue({ label, name, value }: { label: string; name: string; value: string }) {
  return <TextField label={label} name={name} value={value} onChange={() => {}} isReadOnly />;
}

/** What to register at the provider: the redirect URI (OIDC) or the service provider's values (SAML). */
function ProviderValues({ protocol, connection }: { protocol: string; connection: SsoConnection | null }) {
  const { organization } = useOrganization();
  const api = `${window.location.origin}/api/sso`;
  return (
    <Section aria-labelledby="provider-values-heading">
      <Heading level={3} id="provider-values-heading">
        Values for your identity provider
      </Heading>
      {protocol === 'oidc' ? (
        <CopyValue label="Redirect URI" name="redirect_uri" value={connection?.redirect_uri ?? `${api}/oidc/callback`} />
      ) : (
        <>
          <CopyValue label="Entity ID" name="sp_entity_id" value={connection?.sp_entity_id ?? `${api}/saml/${organization.id}/metadata`} />
          <CopyValue label="ACS URL" name="acs_url" value={connection?.acs_url ?? `${api}/saml/${organization.id}/acs`} />
          <CopyValue label="Metadata URL" name="sp_metadata_url" value={connection?.sp_metadata_url ?? `${api}/saml/${organization.id}/metadata`} />
        </>
      )}
    </Section>
  );
}

/**
 * A text field over a list value (domains, scopes): the person types words freely, the form holds the list the SDK's
 * rules check. `reset` puts the list back after a save or a removal.
 */
function useWordsField(form: ConnectionForm, field: 'domains' | 'scopes', separator: string) {
  const [text, setText] = useState(() => form.values[field].join(separator));
  return {
    bind: {
      name: field,
      value: text,
      onChange: (value: string) => {
        setText(value);
        form.setValue(field, wordsOf(value));
      },
      errors: form.errors[field] ?? [],
    },
    reset: (values: SsoConnectionValues) => setText(values[field].join(separator)),
  };
}

function OidcFields({ form, connection, scopes }: { form: ConnectionForm; connection: SsoConnection | null; scopes: ReturnType<typeof useWordsField> }) {
  const secretStored = connection?.protocol === 'oidc' && connection.client_secret_set;
  return (
    <>
      <TextField label="Issuer" type="url" isRequired description="The provider's issuer URL, e.g. https://login.example.com." {...form.bind('issuer')} />
      <TextField label="Client ID" isRequired {...form.bind('client_id')} />
      <TextField
        label="Client secret"
        type="password"
        autoComplete="off"
        isRequired={!secretStored}
        description={secretStored ? 'A secret is stored: leave this empty to keep it.' : 'The secret the provider gave Tessera’s client.'}
        {...form.bind('client_secret')}
      />
      <TextField label="Scopes" description="Separated by spaces; openid is always asked." {...scopes.bind} />
    </>
  );
}

function SamlFields({ form }: { form: ConnectionForm }) {
  return (
    <>
      <TextAreaField label="Identity provider metadata (XML)" {...form.bind('idp_metadata')} />
      <Text tone="muted">Or, instead of the metadata, its three values:</Text>
      <TextField label="Identity provider entity ID" {...form.bind('idp_entity_id')} />
      <TextField label="Identity provider SSO URL" type="url" {...form.bind('idp_sso_url')} />
      <TextAreaField label="Identity provider certificate (PEM)" {...form.bind('idp_certificate')} />
    </>
  );
}

/** Test sign-in (the stored connection, by this master) and Remove single sign-on (after the question). */
function ConnectionActions({ connection, isDirty, onRemoved }: { connection: SsoConnection; isDirty: boolean; onRemoved(): void }) {
  const { organization } = useOrganization();
  const confirm = useConfirm();
  const [messages, setMessages] = useState<string[]>([]);
  const [testing, setTesting] = useState(false);
  const { run: remove } = useApiMutation(() => deleteSsoConnection(organization.id), [['sso']]);

  async function test() {
    setMessages([]);
    setTesting(true);
    const outcome = await testSsoConnection(organization.id);
    if (outcome.ok) return goToProvider(outcome.data);
    setTesting(false);
    if (!outcome.routed) setMessages([outcome.error.message]);
  }

  const askRemove = () =>
    confirm.ask({
      title: 'Remove single sign-on?',
      question: `“${connection.name}” and its domains go: nobody signs in through it any more. Accounts and memberships stay; people without a password set one with “Forgot password”.`,
      confirmLabel: 'Remove',
      run: async () => {
        setMessages([]);
        const outcome = await remove(undefined);
        if (outcome.ok) {
          announce('Single sign-on removed', `${connection.name} no longer signs anyone in.`);
          onRemoved();
        } else if (!outcome.routed) setMessages([outcome.error.message]);
      },
    });

  return (
    <>
      <FormFailure messages={messages} />
      <Row>
        {connection.abilities.test ? (
          <Button variant="secondary" isDisabled={isDirty} isPending={testing} onPress={() => void test()}>
            Test sign-in
          </Button>
        ) : null}
        {connection.abilities.delete ? (
          <Button variant="danger" onPress={askRemove}>
            Remove single sign-on
          </Button>
        ) : null}
      </Row>
      {isDirty && connection.abilities.test ? <Text tone="muted">Save your changes to test them.</Text> : null}
      {confirm.dialog}
    </>
  );
}

/** The connection's form (created or replaced whole), its domains' approval, the provider's values and its actions. */
function ConnectionEditor({ connection }: { connection: SsoConnection | null }) {
  const { organization } = useOrganization();
  const form = useForm<SsoConnectionValues, SsoConnection>({
    initialValues: connectionValues(connection),
    rules: forms.ssoConnection,
    submit: (values) => putSsoConnection(organization.id, connectionBody(values)),
    invalidates: [['sso']],
    valuesAfterSuccess: (saved) => connectionValues(saved),
    onSuccess: (saved) => resetWords(connectionValues(saved)),
  });
  const domains = useWordsField(form, 'domains', '\n');
  const scopes = useWordsField(form, 'scopes', ' ');
  function resetWords(values: SsoConnectionValues) {
    domains.reset(values);
    scopes.reset(values);
  }

  return (
    <Stack>
      <Form onSubmit={form.handleSubmit} aria-labelledby="connection-heading">
        <UnsavedChangesPrompt when={form.isDirty} />
        <Heading level={2} id="connection-heading">
          {connection ? 'Connection' : 'Set up single sign-on'}
        </Heading>
        <RadioGroup
          label="Protocol"
          name="protocol"
          options={PROTOCOL_OPTIONS}
          value={form.values.protocol}
          onChange={(protocol) => form.setValue('protocol', protocol)}
          errors={form.errors.protocol}
        />
        <TextField label="Name" isRequired description="What people see, e.g. “Acme Entra ID”." {...form.bind('name')} />
        <TextAreaField label="Email domains (one per line)" isRequired {...domains.bind} />
        {connection ? <DomainStatuses connection={connection} /> : null}
        {form.values.protocol === 'oidc' ? <OidcFields form={form} connection={connection} scopes={scopes} /> : <SamlFields form={form} />}
        <RadioGroup
          label="Role of new members"
          name="default_role"
          options={ROLE_OPTIONS}
          value={form.values.default_role}
          onChange={(role) => form.setValue('default_role', role)}
          errors={form.errors.default_role}
        />
        <Switch
          label="Create members at their first sign-in (just in time)"
          name="just_in_time"
          isSelected={form.values.just_in_time}
          onChange={(isSelected) => form.setValue('just_in_time', isSelected)}
        />
        <Switch
          label="Enforce single sign-on: refuse password login for these domains"
          name="enforce_sso"
          isSelected={form.values.enforce_sso}
          onChange={(isSelected) => form.setValue('enforce_sso', isSelected)}
        />
        <TextField
          label="Groups claim"
          description="The claim (or SAML attribute) holding group names: members join the groups of those names. Leave empty to manage groups here."
          {...form.bind('groups_claim')}
        />
        <FormActions form={form} success="Single sign-on saved!" submitLabel="Save" />
      </Form>
      {connection ? (
        <ConnectionActions
          connection={connection}
          isDirty={form.isDirty}
          onRemoved={() => {
            form.reset(NEW_CONNECTION);
            resetWords(NEW_CONNECTION);
          }}
        />
      ) : null}
      <ProviderValues protocol={form.values.protocol} connection={connection} />
    </Stack>
  );
}

/**
 * /:organization/admin/single-sign-on (issue 33, masters and the owner; linked from the Members page): the
 * organization's identity provider, the email domains it serves, and SCIM provisioning.
 */
export function SingleSignOnPage() {
  usePageTitle('Single sign-on');
  const { organization } = useOrganization();
  const connection = useQuery({
    queryKey: ['sso', organization.id],
    queryFn: async () => unwrap(await getSsoConnection(organization.id)),
  });
  return (
    <Stack>
      <Heading level={1}>Single sign-on</Heading>
      <Text>
        People whose email is on one of your domains sign in through your organization&apos;s identity provider: from the login page&apos;s “Log in with single
        sign-on”, or from your intranet with a link to {`${window.location.origin}/sso?organization=${encodeURIComponent(organization.slug)}`}.
      </Text>
      <TestResult />
      <ReadState query={connection} loading="Loading single sign-on...">
        {(shown: SsoConnection | null) => <ConnectionEditor connection={shown} />}
      </ReadState>
      <ScimTokens />
    </Stack>
  );
}
