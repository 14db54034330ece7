import type { KnowledgeCheck as KnowledgeCheckRecord } from '@tessera/sdk';
import { KnowledgeCheckPreview, knowledgeCheckMessages } from '@tessera/widgets';
import { Heading } from '@tessera/widgets/ui';
import { useLoaderData } from 'react-router';
import { client } from '../../api/client';
import { usePageTitle } from '../../lib/usePageTitle';
import { AppLink } from '../../ui/AppLink';
import { Row, Stack } from '../../ui/Page';
import { useOrganization } from '../organization/organizationContext';
import { kcPaths } from './kcPaths';

export { knowledgeCheckLoader } from './kcLoaders';

/** `…/knowledgecheck/:knowledgecheck/preview` (spec "Preview page"): the player in preview mode, a link back to admin. */
export function KnowledgeCheckPreviewPage() {
  const check = useLoaderData() as KnowledgeCheckRecord | null;
  const { organization } = useOrganization();
  usePageTitle(knowledgeCheckMessages.previewTitle);
  if (!check) return null;
  const paths = kcPaths(organization.slug, check);
  return (
    <Stack>
      <Row justify="between">
        <AppLink to={paths.admin}>Back to Knowledge Check admin</AppLink>
      </Row>
      <Heading level={1}>{knowledgeCheckMessages.previewTitle}</Heading>
      <KnowledgeCheckPreview key={check.id} client={client} organization={organization.id} knowledgeCheckId={check.id} headingLevel={2} />
    </Stack>
  );
}
