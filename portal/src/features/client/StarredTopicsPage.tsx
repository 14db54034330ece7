import { StarredTopics, type OpenTopic } from '@tessera/widgets';
import { Heading } from '@tessera/widgets/ui';
import { useNavigate } from 'react-router';
import { client } from '../../api/client';
import { usePageTitle } from '../../lib/usePageTitle';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Stack } from '../../ui/Page';
import { useOrganization } from '../organization/organizationContext';
import { clientPaths } from './clientPaths';

/** /:organization/starred-topics (spec 2.8): the StarredTopics widget; a topic opens in the items view. */
export function StarredTopicsPage() {
  usePageTitle('Your Starred Topics');
  const { organization } = useOrganization();
  const navigate = useNavigate();
  const paths = clientPaths(organization.slug);
  const open = (topic: OpenTopic) => navigate(paths.items(topic.moduleId, topic.componentId, topic.topicId));
  return (
    <Stack>
      <Breadcrumbs crumbs={[{ label: 'Modules', to: paths.modules }, { label: 'Starred Topics' }]} />
      <Heading level={1}>Your Starred Topics</Heading>
      <StarredTopics client={client} organization={organization.id} showHeading={false} onOpenTopic={open} />
    </Stack>
  );
}
