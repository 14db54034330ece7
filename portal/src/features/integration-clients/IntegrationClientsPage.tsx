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
import { Stack, Text } from '../../ui/Page';
import { RowButton } from '../../ui/RowButton';
import { Select } from '../../ui/Select';
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
} from './integrationClientCalls';

const NEW_CLIENT: IntegrationClientValues = { name: '', role: 'user' };

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
  const form = useForm({
    initialValues: NEW_CLIENT,
    rules: forms.integrationClient,
    submit: (values) => createIntegrationClient(organization.id, values),
    onSuccess: onCreated,
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
