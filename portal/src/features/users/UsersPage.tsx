import type { User, UserStatus } from '@tessera/sdk';
import { Heading } from '@tessera/widgets/ui';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { ServerTable } from '../../lists/ServerTable';
import { queryParams, useServerList, type ListQuery } from '../../lists/useServerList';
import { useRowActions } from '../../lists/useRowActions';
import { useSession } from '../../state/session';
import { Badge } from '../../ui/Badge';
import { FormFailure } from '../../ui/FormFailure';
import { Stack } from '../../ui/Page';
import { PersonCell } from '../../ui/PersonCell';
import { RowActions, RowButton } from '../../ui/RowButton';
import type { TableColumn } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { useUrlTab } from '../../lists/listParams';
import { useConfirm } from '../../ui/ConfirmDialog';

/** The page's tabs; the first is the default (lists/listParams.ts keeps the choice in the URL). */
const USERS_VIEWS = ['active', 'suspended', 'banned'] as const;
type UsersView = (typeof USERS_VIEWS)[number];

/** Spec section 4: active (active, not archived), suspended (active false), banned (archived). */
const VIEW_FILTERS: Record<UsersView, { active?: boolean; archived?: boolean }> = {
  active: { active: true },
  suspended: { active: false },
  banned: { archived: true },
};

const STATUS_NAMES: Record<UserStatus, string> = { active: 'Active', pending: 'Pending', suspended: 'Suspended', banned: 'Banned' };

type UserOrder = 'name' | 'created_at' | 'memberships';

function loadUsers(view: UsersView) {
  return (query: ListQuery<UserOrder>) => apiCall(client.GET('/users', { params: { query: { ...queryParams(query), ...VIEW_FILTERS[view] } } }));
}

function updateUser(user: User, body: { is_active?: boolean; is_deleted?: boolean }) {
  return apiCall(client.PATCH('/users/{userId}', { params: { path: { userId: user.id } }, body }));
}

/** What each owner action does, for its toast and (suspend, ban) its question. */
const USER_ACTIONS = {
  suspend: { body: { is_active: false }, done: 'User suspended', where: 'is in the Suspended tab and cannot log in' },
  reactivate: { body: { is_active: true }, done: 'User reactivated', where: 'is back in the Active tab' },
  ban: { body: { is_deleted: true }, done: 'User banned', where: 'is in the Banned tab and cannot log in' },
  restore: { body: { is_deleted: false }, done: 'User restored', where: 'is back in the Active tab' },
} as const;

type UserAction = keyof typeof USER_ACTIONS;

/** Suspend and ban lock a person out of every organization: they are asked first. */
const QUESTIONS: Partial<Record<UserAction, { title: (name: string) => string; question: (name: string) => string; confirmLabel: string }>> = {
  suspend: {
    title: (name) => `Suspend ${name}?`,
    question: (name) => `${name} will not be able to log in until reactivated.`,
    confirmLabel: 'Suspend',
  },
  ban: {
    title: (name) => `Ban ${name}?`,
    question: (name) => `${name} will be banned from Tessera and not able to log in until restored.`,
    confirmLabel: 'Ban',
  },
};

type UserActionsProps = { user: User; view: UsersView; ask: ReturnType<typeof useConfirm>['ask'] } & Pick<
  ReturnType<typeof useRowActions>,
  'run' | 'isPending'
>;

/** The owner's actions of each view (spec 2.7); the server's abilities say which apply to the row. */
function UserActions({ user, view, run, isPending, ask }: UserActionsProps) {
  const name = user.name || user.email;
  const act = (action: UserAction) => () => {
    const { body, done, where } = USER_ACTIONS[action];
    const perform = () => run(`${user.id}:${action}`, () => updateUser(user, body), { title: done, description: `${name} ${where}.` });
    const question = QUESTIONS[action];
    if (question) ask({ title: question.title(name), question: question.question(name), confirmLabel: question.confirmLabel, run: perform });
    else void perform();
  };
  if (view === 'active') {
    return (
      <RowButton aria-label={`Suspend ${name}`} tone="danger" isDisabled={!user.abilities.suspend || isPending} onPress={act('suspend')}>
        Suspend
      </RowButton>
    );
  }
  if (view === 'suspended') {
    return (
      <RowActions>
        <RowButton aria-label={`Reactivate ${name}`} isDisabled={!user.abilities.reactivate || isPending} onPress={act('reactivate')}>
          Reactivate
        </RowButton>
        <RowButton aria-label={`Ban ${name}`} tone="danger" isDisabled={!user.abilities.ban || isPending} onPress={act('ban')}>
          Ban
        </RowButton>
      </RowActions>
    );
  }
  return (
    <RowButton aria-label={`Restore ${name}`} isDisabled={!user.abilities.restore || isPending} onPress={act('restore')}>
      Restore
    </RowButton>
  );
}

function UserList({ view }: { view: UsersView }) {
  const me = useSession((state) => state.user);
  const list = useServerList({ key: ['users', view], load: loadUsers(view), defaultOrder: 'created_at' as UserOrder, defaultDesc: true });
  const actions = useRowActions();
  const confirmation = useConfirm();
  const columns: TableColumn<User>[] = [
    {
      id: 'name',
      title: 'Name',
      sortKey: 'name',
      isRowHeader: true,
      render: (user) => (
        <PersonCell
          name={user.name}
          email={user.email}
          badges={
            user.is_owner || user.id === me?.id ? (
              <>
                {user.is_owner ? <Badge tone="info">Owner</Badge> : null}
                {user.id === me?.id ? <Badge>Me</Badge> : null}
              </>
            ) : null
          }
        />
      ),
    },
    {
      id: 'status',
      title: 'Status',
      render: (user) => <Badge tone={user.status === 'pending' ? 'bad' : 'neutral'}>{STATUS_NAMES[user.status]}</Badge>,
    },
    { id: 'memberships', title: 'Memberships', sortKey: 'memberships', render: (user) => user.memberships_count },
    { id: 'joined', title: 'Joined', sortKey: 'created_at', render: (user) => formatDate(user.created_at) },
    {
      id: 'actions',
      title: 'Actions',
      render: (user) => <UserActions user={user} view={view} run={actions.run} isPending={actions.isPending} ask={confirmation.ask} />,
    },
  ];
  return (
    <Stack>
      <FormFailure messages={actions.messages} />
      <ServerTable
        label="Users"
        list={list}
        columns={columns}
        rowKey={(user) => user.id}
        emptyText="No users found..."
        searchPlaceholder="Search by name or email"
      />
      {confirmation.dialog}
    </Stack>
  );
}

/** /users (spec 2.7): User Management, for the platform owner. */
export function UsersPage() {
  usePageTitle('User Management');
  const [view, setView] = useUrlTab(USERS_VIEWS);
  return (
    <Stack>
      <Heading level={1}>User Management</Heading>
      <Tabs
        label="Users"
        selected={view}
        onSelect={setView}
        tabs={[
          { id: 'active', title: 'Active', panel: <UserList key="active" view="active" /> },
          { id: 'suspended', title: 'Suspended', panel: <UserList key="suspended" view="suspended" /> },
          { id: 'banned', title: 'Banned', panel: <UserList key="banned" view="banned" /> },
        ]}
      />
    </Stack>
  );
}
