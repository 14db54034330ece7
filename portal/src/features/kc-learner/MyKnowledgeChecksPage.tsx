import type { MyKnowledgeCheck } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { ServerTable } from '../../lists/ServerTable';
import { queryParams, useServerList, type ListQuery } from '../../lists/useServerList';
import { AppLink } from '../../ui/AppLink';
import { Stack } from '../../ui/Page';
import type { TableColumn } from '../../ui/Table';
import { ClientHeader } from '../client/ClientHeader';
import { clientPaths } from '../client/clientPaths';
import { useOrganization } from '../organization/organizationContext';
import { kcPaths } from './kcPaths';

type MyCheckOrder = 'due' | 'name';

const STATUS_WORDS: Record<MyKnowledgeCheck['status'], string> = {
  assigned: 'Assigned',
  'in-progress': 'In progress',
  completed: 'Completed',
  'not-started': 'Not started',
};

function listMyChecks(tenantId: string) {
  return (query: ListQuery<MyCheckOrder>) =>
    apiCall(client.GET('/tenants/{tenantId}/knowledgechecks/mine', { params: { path: { tenantId }, query: { paginate: true, ...queryParams(query) } } }));
}

/** Where the check lives: its module, component and (for a topic's check) topic. */
const placeOf = (check: MyKnowledgeCheck) => [check.module.name, check.component.name, ...(check.topic ? [check.topic.name] : [])].join(' › ');

/**
 * /:organization/knowledgechecks (issue 37): the checks the member can take, those assigned to them first with their due
 * dates, each opening its check page.
 */
export function MyKnowledgeChecksPage() {
  usePageTitle('My Knowledge Checks');
  const { organization } = useOrganization();
  const list = useServerList<MyKnowledgeCheck, MyCheckOrder>({
    key: ['knowledge-checks', organization.id, 'mine'],
    load: listMyChecks(organization.id),
    defaultOrder: 'due',
  });
  const place = (check: MyKnowledgeCheck) => ({ module_id: check.module.id, component_id: check.component.id, topic_id: check.topic?.id ?? null });
  const columns: TableColumn<MyKnowledgeCheck>[] = [
    {
      id: 'name',
      title: 'Knowledge Check',
      sortKey: 'name',
      isRowHeader: true,
      render: (check) => <AppLink to={kcPaths(organization.slug, place(check)).client(check.id)}>{check.name}</AppLink>,
    },
    { id: 'place', title: 'Module › Component › Topic', render: placeOf },
    {
      id: 'status',
      title: 'Status',
      render: (check) => (check.assigned && check.status !== 'assigned' ? `${STATUS_WORDS[check.status]} (assigned)` : STATUS_WORDS[check.status]),
    },
    { id: 'due', title: 'Due', sortKey: 'due', render: (check) => (check.due_date_time ? formatDate(check.due_date_time) : '') },
    {
      id: 'score',
      title: 'Last score',
      render: (check) =>
        check.last_score !== null && check.last_completed_date_time ? `${check.last_score.toFixed(2)}% on ${formatDate(check.last_completed_date_time)}` : '',
    },
  ];
  return (
    <Stack>
      <ClientHeader title="My Knowledge Checks" adminPath={clientPaths(organization.slug).admin.modules} />
      <ServerTable
        label="My Knowledge Checks"
        list={list}
        columns={columns}
        rowKey={(check) => check.id}
        emptyText="No knowledge checks found..."
        searchPlaceholder="Search by name"
      />
    </Stack>
  );
}
