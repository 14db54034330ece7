import type { Tenant } from '@tessera/sdk';
import { forms } from '@tessera/sdk/rules';
import { Checkbox, Form, Heading, TextField } from '@tessera/widgets/ui';
import { useNavigate } from 'react-router';
import { useForm } from '../../forms/useForm';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { ServerTable } from '../../lists/ServerTable';
import { useServerList } from '../../lists/useServerList';
import { useRowActions } from '../../lists/useRowActions';
import { FormActions } from '../../forms/FormActions';
import { FormFailure } from '../../ui/FormFailure';
import { Stack } from '../../ui/Page';
import { RowActions, RowButton, RowLink } from '../../ui/RowButton';
import type { TableColumn } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import {
  archiveOrganization,
  createOrganization,
  listOrganizations,
  organizationPath,
  restoreOrganization,
  type OrganizationOrder,
  type OrganizationValues,
} from './organizationCalls';
import { useUrlTab } from '../../lists/listParams';
import { archivedMessage, restoredMessage } from '../../lists/doneMessages';
import { useConfirm } from '../../ui/ConfirmDialog';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { PendingSsoDomainsNotice } from '../sso/SsoDomainClaims';

/** The page's tabs; the first is the default (lists/listParams.ts keeps the choice in the URL). */
const ORGANIZATIONS_TABS = ['all', 'archived', 'add'] as const;

function OrganizationList({ archived }: { archived: boolean }) {
  const navigate = useNavigate();
  const list = useServerList({ key: ['organizations', archived], load: listOrganizations(archived), defaultOrder: 'created' as OrganizationOrder });
  const actions = useRowActions();
  const confirmation = useConfirm();
  const columns: TableColumn<Tenant>[] = [
    { id: 'name', title: 'Name', sortKey: 'name', isRowHeader: true, render: (tenant) => tenant.name },
    { id: 'modules', title: 'Modules', sortKey: 'modules', render: (tenant) => tenant.modules_count },
    { id: 'groups', title: 'Groups', sortKey: 'groups', render: (tenant) => tenant.groups_count },
    { id: 'members', title: 'Members', sortKey: 'members', render: (tenant) => tenant.members_count },
    { id: 'created', title: 'Created', sortKey: 'created', render: (tenant) => formatDate(tenant.created_at) },
    {
      id: 'actions',
      title: 'Actions',
      render: (tenant) =>
        archived ? (
          <RowButton
            aria-label={`Restore ${tenant.name}`}
            isDisabled={!tenant.abilities.restore || actions.isPending}
            onPress={() => void actions.run(tenant.id, () => restoreOrganization(tenant), restoredMessage('Organization', tenant.name))}
          >
            Restore
          </RowButton>
        ) : (
          <RowActions>
            {tenant.abilities.update ? (
              <RowLink to={`/organizations/${encodeURIComponent(tenant.slug)}/edit`} aria-label={`Edit ${tenant.name}`}>
                Edit
              </RowLink>
            ) : null}
            <RowButton
              aria-label={`Archive ${tenant.name}`}
              tone="danger"
              isDisabled={!tenant.abilities.archive || actions.isPending}
              onPress={() =>
                confirmation.ask({
                  title: `Archive ${tenant.name}?`,
                  question: `${tenant.name} will be archived: its members lose access to it until it is restored.`,
                  confirmLabel: 'Archive',
                  run: () => actions.run(tenant.id, () => archiveOrganization(tenant), archivedMessage('Organization', tenant.name)),
                })
              }
            >
              Archive
            </RowButton>
          </RowActions>
        ),
    },
  ];
  return (
    <Stack>
      <FormFailure messages={actions.messages} />
      <ServerTable
        label={archived ? 'Archived organizations' : 'Organizations'}
        list={list}
        columns={columns}
        rowKey={(tenant) => tenant.id}
        emptyText="No organizations found..."
        searchPlaceholder="Search by name"
        // A live organization opens its admin modules; an archived one only offers restore.
        rowAction={archived ? undefined : (tenant) => () => navigate(`${organizationPath(tenant)}/admin/modules`)}
      />
      {confirmation.dialog}
    </Stack>
  );
}

const EMPTY: OrganizationValues = { name: '', enable_bioreq: false };

function AddOrganizationForm() {
  const form = useForm({ initialValues: EMPTY, rules: forms.organization, submit: createOrganization });
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Add an organization">
      {/* Typed data is not lost to a tab switch or the sidebar without the question. */}
      <UnsavedChangesPrompt when={form.isDirty} includeSearch />
      <TextField label="Name" isRequired {...form.bind('name')} />
      <Checkbox
        label="Enable Bioreq"
        name="enable_bioreq"
        isSelected={form.values.enable_bioreq}
        onChange={(isSelected) => form.setValue('enable_bioreq', isSelected)}
      />
      <FormActions form={form} success="Organization Created!" />
    </Form>
  );
}

/** /organizations (spec 2.7): Organization Management, for the platform owner. */
export function OrganizationsPage() {
  usePageTitle('Organization Management');
  const [tab, setTab] = useUrlTab(ORGANIZATIONS_TABS);
  return (
    <Stack>
      <Heading level={1}>Organization Management</Heading>
      <PendingSsoDomainsNotice />
      <Tabs
        label="Organizations"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'all', title: 'All', panel: <OrganizationList key="all" archived={false} /> },
          { id: 'archived', title: 'Archived', panel: <OrganizationList key="archived" archived /> },
          { id: 'add', title: 'Add', panel: <AddOrganizationForm /> },
        ]}
      />
    </Stack>
  );
}
