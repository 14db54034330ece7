import type { CurrentUser, Membership, Tenant, TenantSummary } from '@tessera/sdk';
import { useRouteLoaderData } from 'react-router';
import type { AccessBlock } from '../../api/outcome';
import { ORGANIZATION_ROUTE_ID } from '../../app/routeIds';
import { currentRole, type AccessRole } from '../../guards/roles';

export interface OrganizationContext {
  organization: TenantSummary;
  role: AccessRole;
  /** Set when the person may not enter: the layout shows the modal instead of the page. */
  block: AccessBlock | null;
}

/** A member's organization by id or pretty-URL name, from their memberships. */
function membershipOf(user: CurrentUser, idOrSlug: string): Membership | undefined {
  return user.memberships.find((membership) => membership.tenant.id === idOrSlug || membership.tenant.slug === idOrSlug);
}

/** Spec 2.3: unconfirmed email first (as the server decides), then a suspended membership. Owners pass. */
function accessBlockOf(user: CurrentUser, membership: Membership | undefined): AccessBlock | null {
  if (user.is_owner) return null;
  if (!user.is_confirmed) return 'email_unconfirmed';
  if (membership && !membership.is_active) return 'membership_suspended';
  return null;
}

export function summaryOf(tenant: Tenant): TenantSummary {
  return { id: tenant.id, name: tenant.name, slug: tenant.slug, enable_bioreq: tenant.enable_bioreq };
}

/** For a member: the organization from the membership; null when they are not a member. */
export function memberContext(user: CurrentUser, idOrSlug: string): OrganizationContext | null {
  const membership = membershipOf(user, idOrSlug);
  const role = currentRole(user, membership);
  if (!membership || !role) return null;
  return { organization: membership.tenant, role, block: accessBlockOf(user, membership) };
}

/** The organization the current route works in, or null outside organizations. */
export function useOrganizationContext(): OrganizationContext | null {
  return (useRouteLoaderData(ORGANIZATION_ROUTE_ID) as OrganizationContext | null | undefined) ?? null;
}

/** Inside /:organization routes, where the layout renders only with a resolved organization. */
export function useOrganization(): OrganizationContext {
  const context = useOrganizationContext();
  if (!context) throw new Error('useOrganization() is only available inside /:organization routes');
  return context;
}
