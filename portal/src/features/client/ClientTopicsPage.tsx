import type { Component, Topic } from '@tessera/sdk';
import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { useApiMutation } from '../../api/queries';
import { usePageTitle } from '../../lib/usePageTitle';
import { ServerTable } from '../../lists/ServerTable';
import { useServerList } from '../../lists/useServerList';
import { Stack } from '../../ui/Page';
import type { TableColumn } from '../../ui/Table';
import { useOrganization } from '../organization/organizationContext';
import { listClientTopics, setTopicStarred, type ContentOrder } from './clientCalls';
import { actsAsMember, ClientHeader } from './ClientHeader';
import { clientPaths } from './clientPaths';
import { KnowledgeCheckBadge, ProcedureBadge, StarToggle } from './TopicBadges';

/**
 * Stars answered by the server since the page was fetched, by topic id: the row shows them at once
 * without fetching the page again (and losing the reader's place).
 */
function useStars(tenantId: string) {
  const [stars, setStars] = useState<Record<string, boolean>>({});
  const [pending, setPending] = useState<string | null>(null);
  // The topics (this list, read again behind the rows shown, and the topic's own page) carry `is_favorite`.
  const { run: star } = useApiMutation(({ topic, starred }: { topic: Topic; starred: boolean }) => setTopicStarred(tenantId, topic, starred), [['topics']]);
  const isStarred = (topic: Topic) => stars[topic.id] ?? topic.is_favorite;
  const toggle = async (topic: Topic, starred: boolean) => {
    setPending(topic.id);
    const outcome = await star({ topic, starred });
    setPending(null);
    if (outcome.ok) setStars((current) => ({ ...current, [topic.id]: outcome.data.data.is_favorite }));
  };
  return { isStarred, toggle, pending };
}

function useTopicColumns(rows: Topic[], component: Component): TableColumn<Topic>[] {
  const { organization, role } = useOrganization();
  const stars = useStars(organization.id);
  const columns: TableColumn<Topic>[] = [{ id: 'order', title: 'Order', sortKey: 'order', isRowHeader: true, render: (topic) => topic.name }];
  if (actsAsMember(role)) {
    columns.push({
      id: 'star',
      title: 'Starred',
      render: (topic) => (
        <StarToggle
          topicName={topic.name}
          isStarred={stars.isStarred(topic)}
          isPending={stars.pending === topic.id}
          onChange={(starred) => void stars.toggle(topic, starred)}
        />
      ),
    });
  }
  columns.push({ id: 'procedures', title: 'Procedures', render: (topic) => <ProcedureBadge topic={topic} /> });
  // No empty column until a topic has a check; the badge links to the topic's client check.
  if (rows.some((topic) => topic.knowledgecheck_id !== null)) {
    const checkPath = (topic: Topic) =>
      topic.knowledgecheck_id
        ? clientPaths(organization.slug).topicKnowledgeCheck(component.module_id, component.id, topic.id, topic.knowledgecheck_id)
        : undefined;
    columns.push({
      id: 'knowledge-check',
      title: 'Knowledge Check',
      render: (topic) => <KnowledgeCheckBadge topic={topic} to={checkPath(topic)} label={`Knowledge Check: ${topic.name}`} />,
    });
  }
  return columns;
}

function TopicsTable({ component }: { component: Component }) {
  const { organization } = useOrganization();
  const navigate = useNavigate();
  const paths = clientPaths(organization.slug);
  const list = useServerList<Topic, ContentOrder>({
    key: ['topics', organization.id, component.id, 'client'],
    load: listClientTopics(organization.id, component.id),
    defaultOrder: 'order',
  });
  const columns = useTopicColumns(list.rows, component);
  return (
    <ServerTable
      label="Topics"
      list={list}
      columns={columns}
      rowKey={(topic) => topic.id}
      emptyText="No topics found..."
      searchPlaceholder="Search by name"
      rowAction={(topic) => () => navigate(paths.items(component.module_id, component.id, topic.id))}
    />
  );
}

/** /:organization/modules/:module/components/:component/topics (spec 2.8): the component's topics. */
export function ClientTopicsPage() {
  const component = useLoaderData() as Component | null;
  usePageTitle(component?.name ?? 'Topics');
  const { organization } = useOrganization();
  if (!component) return null;
  const paths = clientPaths(organization.slug);
  return (
    <Stack>
      <ClientHeader
        title={component.name}
        crumbs={[{ label: 'Modules', to: paths.modules }, { label: 'Components', to: paths.components(component.module_id) }, { label: 'Topics' }]}
        adminPath={paths.admin.topics(component.id)}
      />
      <TopicsTable key={component.id} component={component} />
    </Stack>
  );
}

export { clientComponentLoader } from './clientCalls';
