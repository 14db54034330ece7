import { forms } from '@tessera/sdk/rules';
import { Alert, Form, Heading, TextField } from '@tessera/widgets/ui';
import { useState } from 'react';
import { FormActions } from '../../forms/FormActions';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { useForm } from '../../forms/useForm';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { ServerTable } from '../../lists/ServerTable';
import { useRowActions } from '../../lists/useRowActions';
import { useServerList } from '../../lists/useServerList';
import { AppLink } from '../../ui/AppLink';
import { useConfirm } from '../../ui/ConfirmDialog';
import { FormFailure } from '../../ui/FormFailure';
import { CheckboxGroup } from '../../ui/CheckboxGroup';
import { Stack, Text } from '../../ui/Page';
import { RowButton } from '../../ui/RowButton';
import { Select } from '../../ui/Select';
import { TextAreaField } from '../../ui/TextAreaField';
import type { TableColumn } from '../../ui/Table';
import { ROLE_NAMES, ROLE_OPTIONS } from '../members/memberCalls';
import { useOrganization } from '../organization/organizationContext';
import {
  createIntegrationClient,
  listIntegrationClients,
  revokeIntegrationClient,
  type IntegrationClient,
  type IntegrationClientCreated,
  type IntegrationClientOrder,
  type IntegrationClientValues,
  linesOf,
} from './integrationClientCalls';
import type { IntegrationClientGrantType } from '@tessera/sdk';

const NEW_CLIENT: IntegrationClientValues = { name: '', role: 'user', redirect_uris: [], grant_types: ['client_credentials'] };

const GRANT_OPTIONS: { id: IntegrationClientGrantType; label: string; detail: string }[] = [
  { id: 'client_credentials', label: 'Client credentials', detail: 'A script acts with the role below in this organization.' },
  { id: 'authorization_code', label: 'Authorization code', detail: 'An application offers “Log in with Tessera” to its people (needs a redirect URI).' },
  { id: 'refresh_token', label: 'Refresh token', detail: 'The application keeps a person signed in (with the authorization code).' },
];

const GRANT_NAMES: Record<IntegrationClientGrantType, string> = {
  client_credentials: 'Client credentials',
  authorization_code: 'Authorization code',
  refresh_token: 'Refresh token',
};

/** The secret exists only in this answer (the server keeps its hash): shown once, with what to do with it. */
function NewClientSecret({ created }: { created: IntegrationClientCreated }) {
  return (
    <Alert tone="warning">
      <Stack css={{ gap: '$2' }}>
        <Text>{`Copy the secret of “${created.name}” now: it is shown this once.`}</Text>
        <TextField label="Client ID" name="client_id" value={created.client_id} onChange={() => {}} isReadOnly />
        <TextField label="Client secret" name="client_secret" value={created.client_secret} onChange={() => {}} isReadOnly />
      </Stack>
    </Alert>
  );
}

function CreateClientForm({ onCreated }: { onCreated(created: IntegrationClientCreated): void }) {
  const { organization } = useOrganization();
  // The text the person types; the form holds its lines, the list the SDK's rules check.
  const [redirectText, setRedirectText] = useState('');
  const form = useForm({
    initialValues: NEW_CLIENT,
    rules: forms.integrationClient,
    submit: (values) => createIntegrationClient(organization.id, values),
    onSuccess: (created: IntegrationClientCreated) => {
      setRedirectText('');
      onCreated(created);
    },
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="create-client-heading">
      <UnsavedChangesPrompt when={form.isDirty} />
      <Heading level={2} id="create-client-heading">
        Create an integration client
      </Heading>
      <TextField label="Name" isRequired description="What the script is, e.g. “HR sync”." {...form.bind('name')} />
      <Select
        label="Role"
        name="role"
        options={ROLE_OPTIONS}
        value={form.values.role}
        onChange={(role) => form.setValue('role', role)}
        errors={form.errors.role}
      />
      <CheckboxGroup
        label="Grant types"
        name="grant_types"
        options={GRANT_OPTIONS}
        value={form.values.grant_types}
        onChange={(grants) => form.setValue('grant_types', grants)}
        errors={form.errors.grant_types}
      />
      <TextAreaField
        label="Redirect URIs (one per line: where people come back after logging in, https or http://localhost, compared exactly)"
        name="redirect_uris"
        value={redirectText}
        onChange={(text) => {
          setRedirectText(text);
          form.setValue('redirect_uris', linesOf(text));
        }}
        errors={form.errors.redirect_uris}
      />
      <FormActions form={form} success="Integration client created!" submitLabel="Create" />
    </Form>
  );
}

/**
 * /:organization/admin/integration-clients (issue 15, beyond the spec): the service accounts scripts use with
 * `client_credentials`, for masters and the owner; linked from the Members page (the spec's sidebar is left as it is).
 */
export function IntegrationClientsPage() {
  usePageTitle('Integration clients');
  const { organization } = useOrganization();
  const list = useServerList({
    key: ['integration-clients', organization.id],
    load: listIntegrationClients(organization.id),
    defaultOrder: 'name' as IntegrationClientOrder,
  });
  const actions = useRowActions();
  const confirm = useConfirm();
  const [created, setCreated] = useState<IntegrationClientCreated | null>(null);

  const revoke = (integrationClient: IntegrationClient) =>
    confirm.ask({
      title: `Revoke ${integrationClient.name}?`,
      question: `Scripts using “${integrationClient.name}” stop working at once, and it cannot be used again.`,
      confirmLabel: 'Revoke',
      run: () =>
        actions.run(integrationClient.id, () => revokeIntegrationClient(organization.id, integrationClient), { title: `${integrationClient.name} revoked` }),
    });

  const columns: TableColumn<IntegrationClient>[] = [
    { id: 'name', title: 'Name', sortKey: 'name', isRowHeader: true, render: (row) => row.name },
    { id: 'role', title: 'Role', render: (row) => ROLE_NAMES[row.role] },
    { id: 'client-id', title: 'Client ID', render: (row) => row.client_id },
    { id: 'grants', title: 'Grant types', render: (row) => row.grant_types.map((grant) => GRANT_NAMES[grant]).join(', ') },
    { id: 'redirect-uris', title: 'Redirect URIs', render: (row) => (row.redirect_uris.length ? row.redirect_uris.join(' ') : '—') },
    {
      id: 'created',
      title: 'Created',
      sortKey: 'created',
      render: (row) => `${formatDate(row.created_at)}${row.created_by ? ` by ${row.created_by.name}` : ''}`,
    },
    { id: 'status', title: 'Status', render: (row) => (row.is_revoked && row.revoked_at ? `Revoked ${formatDate(row.revoked_at)}` : 'Active') },
    {
      id: 'actions',
      title: 'Actions',
      render: (row) =>
        row.is_revoked ? null : (
          <RowButton aria-label={`Revoke ${row.name}`} tone="danger" isDisabled={actions.isPending} onPress={() => revoke(row)}>
            Revoke
          </RowButton>
        ),
    },
  ];

  return (
    <Stack>
      <Heading level={1}>Integration clients</Heading>
      <Text>Scripts sign in with a client ID and secret (OAuth client credentials) and act with the client&apos;s role in this organization only.</Text>
      <Text>
        With the authorization code grant and a redirect URI, a client is also an application people log in to with their Tessera account (“Log in with
        Tessera”, OpenID Connect): it learns who they are, and cannot act in Tessera for them.
      </Text>
      {/* The other way a partner system hears from this organization: events pushed to its endpoints. */}
      <Text>
        To have events sent to another system as they happen, use <AppLink to={`/${encodeURIComponent(organization.slug)}/admin/webhooks`}>Webhooks</AppLink>.
      </Text>
      {created ? <NewClientSecret created={created} /> : null}
      <CreateClientForm
        // The form's save invalidates the list, which reads the new client.
        onCreated={setCreated}
      />
      <FormFailure messages={actions.messages} />
      <ServerTable
        label="Integration clients"
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        emptyText="No integration clients found..."
        searchPlaceholder="Search name"
      />
      {confirm.dialog}
    </Stack>
  );
}
