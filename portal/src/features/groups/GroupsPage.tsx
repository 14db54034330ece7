import type { Group } from '@tessera/sdk';
import { forms } from '@tessera/sdk/rules';
import { Form, Heading, TextField } from '@tessera/widgets/ui';
import { useForm } from '../../forms/useForm';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { ServerTable } from '../../lists/ServerTable';
import { useServerList } from '../../lists/useServerList';
import { useRowActions } from '../../lists/useRowActions';
import { FormActions } from '../../forms/FormActions';
import { DownloadCsvButton } from '../../ui/DownloadCsvButton';
import { FormFailure } from '../../ui/FormFailure';
import { Stack } from '../../ui/Page';
import { RowActions, RowButton, RowLink } from '../../ui/RowButton';
import type { TableColumn } from '../../ui/Table';
import { TagPicker } from '../../ui/TagPicker';
import { Tabs } from '../../ui/Tabs';
import { TextAreaField } from '../../ui/TextAreaField';
import { searchMembers } from '../members/memberCalls';
import { ModulesPicker } from '../modules/ModulesPicker';
import { useOrganization } from '../organization/organizationContext';
import { archiveGroup, createGroup, downloadGroupsCsv, listGroups, restoreGroup, type GroupOrder, type GroupValues } from './groupCalls';
import { useUrlTab } from '../../lists/listParams';
import { archivedMessage, restoredMessage } from '../../lists/doneMessages';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';

/** The page's tabs; the first is the default (lists/listParams.ts keeps the choice in the URL). */
const GROUPS_TABS = ['all', 'archived', 'add'] as const;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

function useGroupColumns(archived: boolean, actions: ReturnType<typeof useRowActions>): TableColumn<Group>[] {
  const { organization } = useOrganization();
  const base = `/${encodeURIComponent(organization.slug)}/admin/groups`;
  return [
    { id: 'name', title: 'Name', sortKey: 'name', isRowHeader: true, render: (group) => group.name },
    { id: 'created', title: 'Created', sortKey: 'created', render: (group) => formatDate(group.created_at) },
    {
      id: 'relations',
      title: 'Relations',
      sortKey: 'members',
      render: (group) => `${plural(group.members_count, 'member')}, ${plural(group.modules_count, 'module')}`,
    },
    {
      id: 'actions',
      title: 'Actions',
      render: (group) =>
        archived ? (
          <RowButton
            aria-label={`Restore ${group.name}`}
            isDisabled={!group.abilities.restore || actions.isPending}
            onPress={() => void actions.run(group.id, () => restoreGroup(organization.id, group), restoredMessage('Group', group.name))}
          >
            Restore
          </RowButton>
        ) : (
          <RowActions>
            {group.abilities.update ? (
              <RowLink to={`${base}/${group.id}/edit`} aria-label={`Edit ${group.name}`}>
                Edit
              </RowLink>
            ) : null}
            <RowButton
              aria-label={`Archive ${group.name}`}
              tone="danger"
              isDisabled={!group.abilities.archive || actions.isPending}
              onPress={() => void actions.run(group.id, () => archiveGroup(organization.id, group), archivedMessage('Group', group.name))}
            >
              Archive
            </RowButton>
          </RowActions>
        ),
    },
  ];
}

function GroupList({ archived }: { archived: boolean }) {
  const { organization } = useOrganization();
  const list = useServerList({ key: ['groups', organization.id, archived], load: listGroups(organization.id, archived), defaultOrder: 'name' as GroupOrder });
  const actions = useRowActions();
  const columns = useGroupColumns(archived, actions);
  return (
    <Stack>
      <FormFailure messages={actions.messages} />
      <ServerTable
        label={archived ? 'Archived groups' : 'Groups'}
        list={list}
        columns={columns}
        rowKey={(group) => group.id}
        emptyText="No groups found..."
        searchPlaceholder="Search name or description"
        tools={<DownloadCsvButton download={() => downloadGroupsCsv(organization.id, archived, list.query)} />}
      />
    </Stack>
  );
}

const NEW_GROUP: GroupValues = { name: '', description: '', tenant_users: [], modules: [] };

function CreateGroupForm() {
  const { organization } = useOrganization();
  const form = useForm({ initialValues: NEW_GROUP, rules: forms.group, submit: (values) => createGroup(organization.id, values) });
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="create-group-heading">
      {/* Typed data is not lost to a tab switch or the sidebar without the question. */}
      <UnsavedChangesPrompt when={form.isDirty} includeSearch />
      <Heading level={2} id="create-group-heading">
        Create a new group
      </Heading>
      <TextField label="Name" isRequired {...form.bind('name')} />
      <TextAreaField label="Description" isRequired {...form.bind('description')} />
      <TagPicker
        label="Members"
        placeholder="Search members"
        value={form.values.tenant_users}
        onChange={(members) => form.setValue('tenant_users', members)}
        search={searchMembers(organization.id)}
        errors={form.errors.tenant_users}
      />
      <ModulesPicker value={form.values.modules} onChange={(modules) => form.setValue('modules', modules)} errors={form.errors.modules} />
      <FormActions form={form} success="Group Created!" />
    </Form>
  );
}

/** /:organization/admin/groups (spec 2.9): Groups, for masters and owners. */
export function GroupsPage() {
  usePageTitle('Groups');
  const [tab, setTab] = useUrlTab(GROUPS_TABS);
  return (
    <Stack>
      <Heading level={1}>Groups</Heading>
      <Tabs
        label="Groups"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'all', title: 'All', panel: <GroupList key="all" archived={false} /> },
          { id: 'archived', title: 'Archived', panel: <GroupList key="archived" archived /> },
          { id: 'add', title: 'Add', panel: <CreateGroupForm /> },
        ]}
      />
    </Stack>
  );
}
