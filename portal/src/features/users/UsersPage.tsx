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

/** The owner's actions of each view (spec 2.7); the server's abilities say which apply to the row. */
function UserActions({ user, view, run, isPending }: { user: User; view: UsersView } & Pick<ReturnType<typeof useRowActions>, 'run' | 'isPending'>) {
  const act = (label: string, body: { is_active?: boolean; is_deleted?: boolean }) => () => void run(`${user.id}:${label}`, () => updateUser(user, body));
  const name = user.name || user.email;
  if (view === 'active') {
    return (
      <RowButton aria-label={`Suspend ${name}`} tone="danger" isDisabled={!user.abilities.suspend || isPending} onPress={act('suspend', { is_active: false })}>
        Suspend
      </RowButton>
    );
  }
  if (view === 'suspended') {
    return (
      <RowActions>
        <RowButton aria-label={`Reactivate ${name}`} isDisabled={!user.abilities.reactivate || isPending} onPress={act('reactivate', { is_active: true })}>
          Reactivate
        </RowButton>
        <RowButton aria-label={`Ban ${name}`} tone="danger" isDisabled={!user.abilities.ban || isPending} onPress={act('ban', { is_deleted: true })}>
          Ban
        </RowButton>
      </RowActions>
    );
  }
  return (
    <RowButton aria-label={`Restore ${name}`} isDisabled={!user.abilities.restore || isPending} onPress={act('restore', { is_deleted: false })}>
      Restore
    </RowButton>
  );
}

function UserList({ view }: { view: UsersView }) {
  const me = useSession((state) => state.user);
  const list = useServerList({ load: loadUsers(view), defaultOrder: 'created_at' as UserOrder, defaultDesc: true, view });
  const actions = useRowActions(list.reload);
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
    { id: 'actions', title: 'Actions', render: (user) => <UserActions user={user} view={view} run={actions.run} isPending={actions.isPending} /> },
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
