import type { KnowledgeCheck as KnowledgeCheckRecord } from '@tessera/sdk';
import { KnowledgeCheck } from '@tessera/widgets';
import { useLoaderData, useNavigate, useParams } from 'react-router';
import { client } from '../../api/client';
import { canUseAdminArea } from '../../guards/roles';
import { usePageTitle } from '../../lib/usePageTitle';
import { AppLink } from '../../ui/AppLink';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Row, Stack } from '../../ui/Page';
import { clientPaths } from '../client/clientPaths';
import { useOrganization } from '../organization/organizationContext';
import { kcPaths } from './kcPaths';

export { knowledgeCheckLoader } from './kcLoaders';

/** Breadcrumbs back to the check's topic or component, and Switch to Admin View (owner, master, admin). */
function LearnerHeader({ check }: { check: KnowledgeCheckRecord }) {
  const { organization, role } = useOrganization();
  const paths = clientPaths(organization.slug);
  const crumbs = [
    { label: 'Modules', to: paths.modules },
    { label: 'Components', to: paths.components(check.module_id) },
    ...(check.topic_id ? [{ label: 'Topics', to: paths.topics(check.module_id, check.component_id) }] : []),
    { label: 'Knowledge Check' },
  ];
  return (
    <Row justify="between">
      <Breadcrumbs crumbs={crumbs} />
      {canUseAdminArea(role) ? <AppLink to={kcPaths(organization.slug, check).admin}>Switch to Admin View</AppLink> : null}
    </Row>
  );
}

/**
 * The client check page of a topic or a component (spec "Client knowledge check page", "Answer-taking view") and,
 * with `:response`, the review of one of the caller's responses ("Response review screen"): the widget's
 * `KnowledgeCheck`, whose reviews open on the review route.
 */
export function ClientKnowledgeCheckPage() {
  const check = useLoaderData() as KnowledgeCheckRecord | null;
  const { response } = useParams();
  const { organization } = useOrganization();
  const navigate = useNavigate();
  usePageTitle(check ? `${check.name}: Knowledge Check` : 'Knowledge Check');
  if (!check) return null;
  const paths = kcPaths(organization.slug, check);
  return (
    <Stack>
      <LearnerHeader check={check} />
      <KnowledgeCheck
        client={client}
        organization={organization.id}
        knowledgeCheckId={check.id}
        check={check}
        responseId={response}
        // The page's h1 is the check's name.
        headingLevel={1}
        onOpenReview={(responseId) => void navigate(paths.review(check.id, responseId))}
        onBack={() => void navigate(paths.client(check.id))}
      />
    </Stack>
  );
}
