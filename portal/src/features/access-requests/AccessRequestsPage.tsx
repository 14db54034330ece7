import type { AccessRequestStatus, TenantAccessRequest } from '@tessera/sdk';
import { Heading } from '@tessera/widgets/ui';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { ServerTable } from '../../lists/ServerTable';
import { queryParams, useServerList, type ListQuery } from '../../lists/useServerList';
import { useRowActions } from '../../lists/useRowActions';
import { Badge } from '../../ui/Badge';
import { FormFailure } from '../../ui/FormFailure';
import { Stack } from '../../ui/Page';
import { PersonBadges, PersonCell } from '../../ui/PersonCell';
import { RowActions, RowButton } from '../../ui/RowButton';
import type { TableColumn } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { useOrganization } from '../organization/organizationContext';
import { useUrlTab } from '../../lists/listParams';

/** The page's tabs; the first is the default (lists/listParams.ts keeps the choice in the URL). */
const ACCESS_REQUESTS_VIEWS = ['pending', 'declined', 'archived'] as const;
type AccessRequestsView = (typeof ACCESS_REQUESTS_VIEWS)[number];

type AccessRequestOrder = 'requested' | 'user' | 'status';

/** Spec section 4: the pending, declined and archived lists. */
const VIEW_FILTERS: Record<AccessRequestsView, { status?: AccessRequestStatus; archived?: boolean }> = {
  pending: { status: 'pending' },
  declined: { status: 'declined' },
  archived: { archived: true },
};

const STATUS_NAMES: Record<AccessRequestStatus, string> = { pending: 'Pending', approved: 'Approved', declined: 'Declined' };

function loadRequests(tenantId: string, view: AccessRequestsView) {
  return (query: ListQuery<AccessRequestOrder>) =>
    apiCall(
      client.GET('/tenants/{tenantId}/access-requests', {
        params: { path: { tenantId }, query: { ...queryParams(query), ...VIEW_FILTERS[view] } },
      }),
    );
}

type Change = { status: 'approved' | 'declined' } | { is_deleted: false } | 'archive';

function changeRequest(tenantId: string, request: TenantAccessRequest, change: Change) {
  const path = { tenantId, accessRequestId: request.id };
  if (change === 'archive') return apiCall(client.DELETE('/tenants/{tenantId}/access-requests/{accessRequestId}', { params: { path } }));
  return apiCall(client.PATCH('/tenants/{tenantId}/access-requests/{accessRequestId}', { params: { path }, body: change }));
}

/** The transitions of spec section 4 open to this request, as the server's abilities say. */
const ACTIONS: { label: string; ability: keyof TenantAccessRequest['abilities']; change: Change; tone?: 'danger'; done: string; where: string }[] = [
  { label: 'Approve', ability: 'approve', change: { status: 'approved' }, done: 'Access request approved', where: 'is now a member' },
  { label: 'Decline', ability: 'decline', change: { status: 'declined' }, tone: 'danger', done: 'Access request declined', where: 'was declined' },
  { label: 'Archive', ability: 'archive', change: 'archive', tone: 'danger', done: 'Access request archived', where: 'is in the Archived tab' },
  { label: 'Restore', ability: 'restore', change: { is_deleted: false }, done: 'Access request restored', where: 'is back in its list' },
];

function AccessRequestList({ view }: { view: AccessRequestsView }) {
  const { organization } = useOrganization();
  const list = useServerList({
    key: ['access-requests', organization.id, view],
    load: loadRequests(organization.id, view),
    defaultOrder: 'requested' as AccessRequestOrder,
  });
  const actions = useRowActions();
  const columns: TableColumn<TenantAccessRequest>[] = [
    {
      id: 'user',
      title: 'User',
      sortKey: 'user',
      isRowHeader: true,
      render: (request) => <PersonCell name={request.user.name} email={request.user.email} badges={<PersonBadges user={request.user} />} />,
    },
    { id: 'status', title: 'Status', sortKey: 'status', render: (request) => <Badge>{STATUS_NAMES[request.status]}</Badge> },
    { id: 'requested', title: 'Requested', sortKey: 'requested', render: (request) => formatDate(request.created_at) },
    {
      id: 'actions',
      title: 'Actions',
      render: (request) => {
        const name = request.user.name || request.user.email;
        return (
          <RowActions>
            {ACTIONS.filter((action) => request.abilities[action.ability]).map((action) => (
              <RowButton
                key={action.label}
                aria-label={`${action.label} ${name}`}
                tone={action.tone}
                isDisabled={actions.isPending}
                onPress={() =>
                  void actions.run(request.id, () => changeRequest(organization.id, request, action.change), {
                    title: action.done,
                    description: `The request of ${name} ${action.where}.`,
                  })
                }
              >
                {action.label}
              </RowButton>
            ))}
          </RowActions>
        );
      },
    },
  ];
  return (
    <Stack>
      <FormFailure messages={actions.messages} />
      <ServerTable label="Access requests" list={list} columns={columns} rowKey={(request) => request.id} emptyText="No access requests found..." />
    </Stack>
  );
}

/** /:organization/admin/access-requests (spec 2.9): Access Requests, for masters and owners. */
export function AccessRequestsPage() {
  usePageTitle('Access Requests');
  const [view, setView] = useUrlTab(ACCESS_REQUESTS_VIEWS);
  return (
    <Stack>
      <Heading level={1}>Access Requests</Heading>
      <Tabs
        label="Access requests"
        selected={view}
        onSelect={setView}
        tabs={[
          { id: 'pending', title: 'Pending', panel: <AccessRequestList key="pending" view="pending" /> },
          { id: 'declined', title: 'Declined', panel: <AccessRequestList key="declined" view="declined" /> },
          { id: 'archived', title: 'Archived', panel: <AccessRequestList key="archived" view="archived" /> },
        ]}
      />
    </Stack>
  );
}
