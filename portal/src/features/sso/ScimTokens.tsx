import { forms } from '@tessera/sdk/rules';
import { styled } from '@tessera/widgets/stitches';
import { Alert, Form, Heading, TextField } from '@tessera/widgets/ui';
import { useState } from 'react';
import { FormActions } from '../../forms/FormActions';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { useForm } from '../../forms/useForm';
import { formatDate } from '../../lib/dates';
import { ServerTable } from '../../lists/ServerTable';
import { useRowActions } from '../../lists/useRowActions';
import { useServerList } from '../../lists/useServerList';
import { useConfirm } from '../../ui/ConfirmDialog';
import { FormFailure } from '../../ui/FormFailure';
import { Stack, Text } from '../../ui/Page';
import { RowButton } from '../../ui/RowButton';
import type { TableColumn } from '../../ui/Table';
import { useOrganization } from '../organization/organizationContext';
import { createScimToken, listScimTokens, revokeScimToken, scimBaseUrl, type ScimToken, type ScimTokenCreated, type ScimTokenOrder } from './ssoCalls';

const Section = styled('section', { display: 'flex', flexDirection: 'column', gap: '$4' });

/** The token exists only in this answer (the server keeps its hash): shown once, with where it goes. */
function NewToken({ created }: { created: ScimTokenCreated }) {
  return (
    <Alert tone="warning">
      <Stack css={{ gap: '$2' }}>
        <Text>{`Copy the token of “${created.name}” now and give it to your identity provider: it is shown this once.`}</Text>
        <TextField label="SCIM token" name="scim_token" value={created.token} onChange={() => {}} isReadOnly />
      </Stack>
    </Alert>
  );
}

function CreateTokenForm({ onCreated }: { onCreated(created: ScimTokenCreated): void }) {
  const { organization } = useOrganization();
  const form = useForm({
    initialValues: { name: '' },
    rules: forms.scimToken,
    submit: (values) => createScimToken(organization.id, values),
    invalidates: [['scim-tokens']],
    onSuccess: onCreated,
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="create-scim-token-heading">
      <UnsavedChangesPrompt when={form.isDirty} />
      <Heading level={3} id="create-scim-token-heading">
        Create a SCIM token
      </Heading>
      <TextField label="Name" isRequired description="Which identity provider uses it, e.g. “Entra ID provisioning”." {...form.bind('name')} />
      <FormActions form={form} success="SCIM token created!" submitLabel="Create token" />
    </Form>
  );
}

/**
 * SCIM provisioning (issue 33): the address the identity provider sends its SCIM requests to, and its bearer tokens
 * (created here, shown once, stored hashed, revocable).
 */
export function ScimTokens() {
  const { organization } = useOrganization();
  const list = useServerList({
    key: ['scim-tokens', organization.id],
    load: listScimTokens(organization.id),
    defaultOrder: 'name' as ScimTokenOrder,
  });
  const actions = useRowActions();
  const confirm = useConfirm();
  const [created, setCreated] = useState<ScimTokenCreated | null>(null);

  const revoke = (token: ScimToken) =>
    confirm.ask({
      title: `Revoke ${token.name}?`,
      question: `The identity provider using “${token.name}” can no longer provision members and groups, and the token cannot be used again.`,
      confirmLabel: 'Revoke',
      run: () => actions.run(token.id, () => revokeScimToken(organization.id, token), { title: `${token.name} revoked` }),
    });

  const columns: TableColumn<ScimToken>[] = [
    { id: 'name', title: 'Name', sortKey: 'name', isRowHeader: true, render: (row) => row.name },
    {
      id: 'created',
      title: 'Created',
      sortKey: 'created',
      render: (row) => `${formatDate(row.created_at)}${row.created_by ? ` by ${row.created_by.name}` : ''}`,
    },
    { id: 'last-used', title: 'Last used', render: (row) => (row.last_used_at ? formatDate(row.last_used_at) : 'Never') },
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
    <Section aria-labelledby="scim-heading">
      <Heading level={2} id="scim-heading">
        SCIM provisioning
      </Heading>
      <Text>
        Your identity provider can create, update and remove this organization&apos;s members and groups through SCIM 2.0: give it the base URL and a token.
      </Text>
      <TextField label="SCIM base URL" name="scim_base_url" value={scimBaseUrl(organization.id)} onChange={() => {}} isReadOnly />
      {created ? <NewToken created={created} /> : null}
      <CreateTokenForm onCreated={setCreated} />
      <FormFailure messages={actions.messages} />
      <ServerTable label="SCIM tokens" list={list} columns={columns} rowKey={(row) => row.id} emptyText="No SCIM tokens yet." searchPlaceholder="Search name" />
      {confirm.dialog}
    </Section>
  );
}
