import type { Component, Topic } from '@tessera/sdk';
import { forms } from '@tessera/sdk/rules';
import { Form, Heading } from '@tessera/widgets/ui';
import { useLoaderData } from 'react-router';
import { FormActions } from '../../forms/FormActions';
import { useForm } from '../../forms/useForm';
import { usePageTitle } from '../../lib/usePageTitle';
import { AppLink } from '../../ui/AppLink';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Row, Stack, Text } from '../../ui/Page';
import { Tabs } from '../../ui/Tabs';
import { clientPaths } from '../client/clientPaths';
import { kcPaths } from '../kc-authoring/kcPaths';
import { useOrganization } from '../organization/organizationContext';
import { archiveTopic, copyTopic, listTopics, moveTopic, restoreTopic, topicReorder } from './contentCalls';
import { COPY_TOPIC_QUESTION, MoveTopicDialog } from './ContentDialogs';
import { createTopic, type TopicValues } from './contentWrites';
import { OrderedContentList } from './OrderedContentList';
import { NameAndDescription } from './NameAndDescription';
import { useUrlTab } from '../../lists/listParams';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';

export { componentLoader } from './contentLoaders';

/** The page's tabs; the first is the default (lists/listParams.ts keeps the choice in the URL). */
const TOPICS_TABS = ['all', 'archived', 'add'] as const;

function TopicList({ component, archived }: { component: Component; archived: boolean }) {
  const { organization } = useOrganization();
  const tenantId = organization.id;
  const paths = clientPaths(organization.slug);
  return (
    <OrderedContentList<Topic>
      tenantId={tenantId}
      archived={archived}
      noun="Topic"
      parentNoun="component"
      emptyText="No topics found..."
      copyQuestion={COPY_TOPIC_QUESTION}
      countColumn={{ id: 'items', title: 'Items', render: (topic) => topic.items_count }}
      listKey={['topics', tenantId, component.id, archived]}
      load={listTopics(tenantId, component.id, archived)}
      reorder={topicReorder(tenantId, component.id)}
      archive={(topic) => archiveTopic(tenantId, topic)}
      restore={(topic) => restoreTopic(tenantId, topic)}
      copy={(topic) => copyTopic(tenantId, topic)}
      move={(topic, componentId) => moveTopic(tenantId, topic, componentId)}
      parentOf={(topic) => topic.component_id}
      MoveDialog={MoveTopicDialog}
      settingsPath={(topic) => `/${encodeURIComponent(organization.slug)}/admin/topics/${topic.id}/edit`}
      openPath={(topic) => paths.admin.items(topic.id)}
      knowledgeCheckPath={(topic) => kcPaths(organization.slug, component.module_id, component.id).topicCheck(topic.id)}
    />
  );
}

const NEW_TOPIC: TopicValues = { name: '', description: '' };

function CreateTopicForm({ component }: { component: Component }) {
  const { organization } = useOrganization();
  const form = useForm({ initialValues: NEW_TOPIC, rules: forms.topic, submit: (values) => createTopic(organization.id, component.id, values) });
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="create-topic-heading">
      {/* Typed data is not lost to a tab switch or the sidebar without the question. */}
      <UnsavedChangesPrompt when={form.isDirty} includeSearch />
      <Heading level={2} id="create-topic-heading">
        Create a new topic
      </Heading>
      <NameAndDescription bind={form.bind} />
      <FormActions form={form} success="Topic Created!" />
    </Form>
  );
}

/** /:organization/admin/components/:component/topics (spec 2.9): Admin Topics of one component. */
export function TopicsPage() {
  usePageTitle('Topics');
  const component = useLoaderData() as Component | null;
  const { organization } = useOrganization();
  const [tab, setTab] = useUrlTab(TOPICS_TABS);
  if (!component) return null;
  const paths = clientPaths(organization.slug);
  return (
    <Stack>
      <Breadcrumbs
        crumbs={[{ label: 'Modules', to: paths.admin.modules }, { label: 'Components', to: paths.admin.components(component.module_id) }, { label: 'Topics' }]}
      />
      <Row justify="between">
        <Heading level={1}>Topics</Heading>
        <AppLink to={paths.topics(component.module_id, component.id)}>Switch to User View</AppLink>
      </Row>
      <Text tone="muted">Component: {component.name}</Text>
      <Tabs
        label="Topics"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'all', title: 'All', panel: <TopicList key="all" component={component} archived={false} /> },
          { id: 'archived', title: 'Archived', panel: <TopicList key="archived" component={component} archived /> },
          { id: 'add', title: 'Add', panel: <CreateTopicForm component={component} /> },
        ]}
      />
    </Stack>
  );
}
