import type { MyKnowledgeCheck } from '@tessera/sdk';
import { myCheckPlace, myCheckStatus } from '@tessera/widgets';
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

function listMyChecks(tenantId: string) {
  return (query: ListQuery<MyCheckOrder>) =>
    apiCall(client.GET('/tenants/{tenantId}/knowledgechecks/mine', { params: { path: { tenantId }, query: { paginate: true, ...queryParams(query) } } }));
}

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
    { id: 'place', title: 'Module › Component › Topic', render: myCheckPlace },
    { id: 'status', title: 'Status', render: myCheckStatus },
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
