import { Heading } from '@tessera/widgets/ui';
import { canUseAdminArea, type AccessRole } from '../../guards/roles';
import { AppLink } from '../../ui/AppLink';
import { Breadcrumbs, type Crumb } from '../../ui/Breadcrumbs';
import { Row } from '../../ui/Page';
import { useOrganization } from '../organization/organizationContext';
import { clientPaths } from './clientPaths';

/**
 * The owner enters organizations without a membership: no stars, progress or suggestions of their
 * own (spec section 6: no star toggle, no Starred Topics link, no procedure toggles; the API answers 403).
 */
export const actsAsMember = (role: AccessRole) => role !== 'owner';

export interface ClientHeaderProps {
  title: string;
  crumbs?: Crumb[];
  /** The admin page showing the same content (Switch to Admin View), for owner, master and admin. */
  adminPath: string;
}

/**
 * The top of a client view (spec 2.8): breadcrumbs, the links Switch to Admin View (owner, master,
 * admin), Your Starred Topics and My Knowledge Checks (anyone but the owner), then the page heading.
 */
export function ClientHeader({ title, crumbs, adminPath }: ClientHeaderProps) {
  const { organization, role } = useOrganization();
  const paths = clientPaths(organization.slug);
  return (
    <>
      <Row justify="between">
        {crumbs ? <Breadcrumbs crumbs={crumbs} /> : <span />}
        <Row>
          {canUseAdminArea(role) ? <AppLink to={adminPath}>Switch to Admin View</AppLink> : null}
          {actsAsMember(role) ? <AppLink to={paths.starredTopics}>Your Starred Topics</AppLink> : null}
          {actsAsMember(role) ? <AppLink to={paths.myKnowledgeChecks}>My Knowledge Checks</AppLink> : null}
        </Row>
      </Row>
      <Heading level={1}>{title}</Heading>
    </>
  );
}
