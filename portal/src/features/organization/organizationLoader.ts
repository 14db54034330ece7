import { redirect, type LoaderFunctionArgs } from 'react-router';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { globalRouteFor } from '../../api/outcome';
import { useSession } from '../../state/session';
import { isAuthenticated } from '../../state/tokens';
import { pathOf, redirectForFailure } from '../../guards/loaders';
import { memberContext, summaryOf, type OrganizationContext } from './organizationContext';

export const NOT_FOUND_PATH = '/not-found';

/** The owner enters any live organization: it is loaded from the server (spec 2.2). */
async function ownerContext(idOrSlug: string): Promise<OrganizationContext> {
  const outcome = await apiCall(client.GET('/tenants/{tenantId}', { params: { path: { tenantId: idOrSlug } } }), { routeErrors: false });
  if (!outcome.ok) throw redirect(globalRouteFor(outcome.status) ?? '/whoops');
  const tenant = outcome.data.data;
  // Archived organizations are closed to everyone, as the API's tenant routes are.
  if (tenant.is_deleted) throw redirect(NOT_FOUND_PATH);
  return { organization: summaryOf(tenant), role: 'owner', block: null };
}

/**
 * A slug none of the person's memberships carries may be a former one of a renamed organization: the server
 * resolves it (GET /tenants/{tenantId}/my-membership). Nothing else is told apart: anything but a membership is
 * not found. Answers a context whose slug differs from the URL's, which the loader redirects.
 */
async function renamedFor(idOrSlug: string): Promise<OrganizationContext | null> {
  const outcome = await apiCall(client.GET('/tenants/{tenantId}/my-membership', { params: { path: { tenantId: idOrSlug } } }), { routeErrors: false });
  if (!outcome.ok) return null;
  return { organization: outcome.data.data.tenant, role: outcome.data.data.role, block: null };
}

/** The path with its first segment (the organization) replaced by `slug`, the query and hash kept. */
function withOrganization(path: string, from: string, slug: string): string {
  const prefix = `/${encodeURIComponent(from)}`;
  return path.startsWith(prefix) ? `/${encodeURIComponent(slug)}${path.slice(prefix.length)}` : `/${encodeURIComponent(slug)}`;
}

/**
 * /:organization (an id or a pretty-URL name): resolves the organization and the person's role in
 * it. The current user is loaded afresh on entry, so a membership suspended since the last visit
 * shows its modal. An organization the person cannot enter is not found (spec 2.2).
 */
export async function organizationLoader({ params, request }: LoaderFunctionArgs): Promise<OrganizationContext | null> {
  // Without a session the authenticated guard (the parent route) answers with its redirect.
  if (!isAuthenticated()) return null;
  const failure = await useSession.getState().load({ routeErrors: false });
  if (failure) throw redirectForFailure(failure, pathOf(request));
  const user = useSession.getState().user;
  if (!user) return null;
  const idOrSlug = params.organization ?? '';
  const context = user.is_owner ? await ownerContext(idOrSlug) : (memberContext(user, idOrSlug) ?? (await renamedFor(idOrSlug)));
  if (!context) throw redirect(NOT_FOUND_PATH);
  const { id, slug } = context.organization;
  // A former pretty URL of a renamed organization goes to the current one (issue 14).
  if (idOrSlug !== id && idOrSlug !== slug) throw redirect(withOrganization(pathOf(request), idOrSlug, slug));
  useSession.getState().setOrganization(context.organization.id);
  return context;
}
