import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useOrganizationContext } from './organizationContext';

// Few visits are blocked: the modal (and its dialog code) loads only for those, off every page's initial JavaScript.
const AccessBlockedModal = lazy(() => import('./AccessBlockedModal').then((m) => ({ default: m.AccessBlockedModal })));

/** /:organization: the pages of one organization, or the modal that blocks a member from them. */
export function OrganizationLayout() {
  const context = useOrganizationContext();
  if (!context) return null;
  if (context.block) {
    return (
      <Suspense fallback={null}>
        <AccessBlockedModal block={context.block} />
      </Suspense>
    );
  }
  return <Outlet />;
}

export { organizationLoader } from './organizationLoader';
