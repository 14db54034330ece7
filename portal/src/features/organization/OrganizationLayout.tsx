import { Outlet } from 'react-router';
import { AccessBlockedModal } from './AccessBlockedModal';
import { useOrganizationContext } from './organizationContext';

/** /:organization: the pages of one organization, or the modal that blocks a member from them. */
export function OrganizationLayout() {
  const context = useOrganizationContext();
  if (!context) return null;
  if (context.block) return <AccessBlockedModal block={context.block} />;
  return <Outlet />;
}

export { organizationLoader } from './organizationLoader';
