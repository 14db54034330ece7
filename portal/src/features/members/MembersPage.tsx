import type { MemberStatus, TenantUser } from '@tessera/sdk';
import { forms } from '@tessera/sdk/rules';
import { Form, Heading, TextField } from '@tessera/widgets/ui';
import { useState } from 'react';
import { useForm } from '../../forms/useForm';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { ServerTable } from '../../lists/ServerTable';
import { useServerList } from '../../lists/useServerList';
import { useRowActions } from '../../lists/useRowActions';
import { AppLink } from '../../ui/AppLink';
import { Badge } from '../../ui/Badge';
import { DownloadCsvButton } from '../../ui/DownloadCsvButton';
import { FormActions } from '../../forms/FormActions';
import { FormFailure } from '../../ui/FormFailure';
import { Row, Stack } from '../../ui/Page';
import { PersonBadges, PersonCell } from '../../ui/PersonCell';
import { RowActions, RowButton, RowLink } from '../../ui/RowButton';
import { Select } from '../../ui/Select';
import type { TableColumn } from '../../ui/Table';
import { TagPicker } from '../../ui/TagPicker';
import { Tabs } from '../../ui/Tabs';
import { searchGroups } from '../groups/groupCalls';
import { ModulesPicker } from '../modules/ModulesPicker';
import { useOrganization } from '../organization/organizationContext';
import {
  addMember,
  archiveMember,
  downloadMembersCsv,
  listMembers,
  restoreMember,
  ROLE_NAMES,
  ROLE_OPTIONS,
  type AddMemberValues,
  type MemberOrder,
} from './memberCalls';
import { useUrlTab } from '../../lists/listParams';
import { archivedMessage, restoredMessage } from '../../lists/doneMessages';
import { useConfirm } from '../../ui/ConfirmDialog';
import { announce } from '../../ui/Toasts';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';

/** The page's tabs; the first is the default (lists/listParams.ts keeps the choice in the URL). */
const MEMBERS_TABS = ['all', 'archived', 'add'] as const;

/** `Invited`: added, the invitation not yet accepted (ARCHITECTURE.md#member-invitations; the spec names no such status). */
const STATUS_NAMES: Record<MemberStatus, string> = { active: 'Active', invited: 'Invited', suspended: 'Suspended', archived: 'Archived' };

const INVITATION_HINT = 'An invitation is sent to this address.';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

function useMemberColumns(archived: boolean, actions: ReturnType<typeof useRowActions>): TableColumn<TenantUser>[] {
  const { organization } = useOrganization();
  const base = `/${encodeURIComponent(organization.slug)}/admin/members`;
  return [
    {
      id: 'name',
      title: 'Name',
      sortKey: 'user',
      isRowHeader: true,
      render: (member) => <PersonCell name={member.user.name} email={member.user.email} badges={<PersonBadges user={member.user} />} />,
    },
    { id: 'role', title: 'Role', sortKey: 'role', render: (member) => ROLE_NAMES[member.role] },
    {
      id: 'status',
      title: 'Status',
      sortKey: 'status',
      render: (member) => <Badge tone={member.status === 'active' || member.status === 'invited' ? 'neutral' : 'bad'}>{STATUS_NAMES[member.status]}</Badge>,
    },
    { id: 'joined', title: 'Joined', sortKey: 'joined', render: (member) => formatDate(member.joined) },
    {
      id: 'relations',
      title: 'Relations',
      render: (member) => `${plural(member.modules_count, 'module')}, ${plural(member.groups_count, 'group')}`,
    },
    {
      id: 'actions',
      title: 'Actions',
      render: (member) => {
        const name = member.user.name || member.user.email;
        if (archived) {
          return (
            <RowButton
              aria-label={`Restore ${name}`}
              isDisabled={!member.abilities.restore || actions.isPending}
              onPress={() => void actions.run(member.id, () => restoreMember(organization.id, member), restoredMessage('Member', name))}
            >
              Restore
            </RowButton>
          );
        }
        return (
          <RowActions>
            {member.abilities.update ? (
              <RowLink to={`${base}/${member.id}/edit`} aria-label={`Edit ${name}`}>
                Edit
              </RowLink>
            ) : null}
            {member.abilities.archive ? (
              <RowButton
                aria-label={`Archive ${name}`}
                tone="danger"
                isDisabled={actions.isPending}
                onPress={() => void actions.run(member.id, () => archiveMember(organization.id, member), archivedMessage('Member', name))}
              >
                Archive
              </RowButton>
            ) : null}
          </RowActions>
        );
      },
    },
  ];
}

/** Select mode (spec 2.9): a row click selects; Remove All archives the selected members. */
function useSelectMode(rows: TenantUser[], actions: ReturnType<typeof useRowActions>, tenantId: string) {
  const [isSelecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const removable = new Set(rows.filter((member) => member.abilities.archive).map((member) => member.id));
  const chosen = [...selected].filter((id) => removable.has(id));

  const confirmation = useConfirm();

  async function removeAll() {
    const members = rows.filter((member) => chosen.includes(member.id));
    let archived = 0;
    for (const member of members) {
      if (!(await actions.run(member.id, () => archiveMember(tenantId, member), null))) break;
      archived += 1;
    }
    setSelected(new Set());
    if (archived > 0) announce(`${plural(archived, 'member')} archived`, 'They are in the Archived tab, where they can be restored.');
  }

  const askRemoveAll = () =>
    confirmation.ask({
      title: `Remove ${plural(chosen.length, 'member')}?`,
      question: `The ${plural(chosen.length, 'selected member')} will be archived and lose access to this organization until restored.`,
      confirmLabel: 'Remove All',
      run: removeAll,
    });

  const tools = (
    <Row>
      {isSelecting ? (
        <RowButton tone="danger" isDisabled={chosen.length === 0 || actions.isPending} onPress={askRemoveAll}>
          Remove All
        </RowButton>
      ) : null}
      <RowButton
        onPress={() => {
          setSelecting(!isSelecting);
          setSelected(new Set());
        }}
      >
        {isSelecting ? 'Cancel Selection' : 'Select'}
      </RowButton>
    </Row>
  );
  return {
    tools: (
      <>
        {tools}
        {confirmation.dialog}
      </>
    ),
    selection: isSelecting ? { selected, onChange: setSelected } : undefined,
  };
}

function MemberList({ archived }: { archived: boolean }) {
  const { organization } = useOrganization();
  const list = useServerList({
    key: ['members', organization.id, archived],
    load: listMembers(organization.id, archived),
    defaultOrder: 'user' as MemberOrder,
  });
  const actions = useRowActions();
  const columns = useMemberColumns(archived, actions);
  const select = useSelectMode(list.rows, actions, organization.id);
  return (
    <Stack>
      <FormFailure messages={actions.messages} />
      <ServerTable
        label={archived ? 'Archived members' : 'Members'}
        list={list}
        columns={columns}
        rowKey={(member) => member.id}
        emptyText="No members found..."
        searchPlaceholder="Search by name or email"
        tools={
          <Row>
            <DownloadCsvButton download={() => downloadMembersCsv(organization.id, archived, list.query)} />
            {archived ? null : select.tools}
          </Row>
        }
        selection={archived ? undefined : select.selection}
      />
    </Stack>
  );
}

const NEW_MEMBER: AddMemberValues = { email: '', role: 'user', groups: [], modules: [] };

function AddMemberForm() {
  const { organization } = useOrganization();
  const form = useForm({
    initialValues: NEW_MEMBER,
    rules: forms.member,
    submit: (values) => addMember(organization.id, values),
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="add-member-heading">
      {/* Typed data is not lost to a tab switch or the sidebar without the question. */}
      <UnsavedChangesPrompt when={form.isDirty} includeSearch />
      <Heading level={2} id="add-member-heading">
        Add a new member
      </Heading>
      <TextField label="Email" type="email" isRequired description={INVITATION_HINT} {...form.bind('email')} />
      <Select
        label="Role"
        name="role"
        options={ROLE_OPTIONS}
        value={form.values.role}
        onChange={(role) => form.setValue('role', role)}
        errors={form.errors.role}
      />
      <TagPicker
        label="Groups"
        placeholder="Search groups"
        value={form.values.groups}
        onChange={(groups) => form.setValue('groups', groups)}
        search={searchGroups(organization.id)}
        errors={form.errors.groups}
      />
      <ModulesPicker value={form.values.modules} onChange={(modules) => form.setValue('modules', modules)} errors={form.errors.modules} />
      <FormActions form={form} success="Member Added!" />
    </Form>
  );
}

/** /:organization/admin/members (spec 2.9): Members, for masters and owners. */
export function MembersPage() {
  usePageTitle('Members');
  const { organization } = useOrganization();
  const [tab, setTab] = useUrlTab(MEMBERS_TABS);
  return (
    <Stack>
      <Heading level={1}>Members</Heading>
      {/* Scripts' service accounts, the webhook endpoints and single sign-on sit beside the people (the spec's sidebar stays as it is). */}
      <Row>
        <AppLink to={`/${encodeURIComponent(organization.slug)}/admin/integration-clients`}>Integration clients</AppLink>
        <AppLink to={`/${encodeURIComponent(organization.slug)}/admin/webhooks`}>Webhooks</AppLink>
        <AppLink to={`/${encodeURIComponent(organization.slug)}/admin/single-sign-on`}>Single sign-on</AppLink>
      </Row>
      <Tabs
        label="Members"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'all', title: 'All', panel: <MemberList key="all" archived={false} /> },
          { id: 'archived', title: 'Archived', panel: <MemberList key="archived" archived /> },
          { id: 'add', title: 'Add', panel: <AddMemberForm /> },
        ]}
      />
    </Stack>
  );
}
