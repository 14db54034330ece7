import type { LoaderFunctionArgs } from 'react-router';
import { apiCall, type CallOptions } from '../../api/call';
import { client } from '../../api/client';
import { param } from '../../guards/records';
import { queryParams, startListPage, type ListQuery } from '../../lists/useServerList';
import { isAuthenticated } from '../../state/tokens';
import type { ContentOrder } from './clientCalls';

// Apart from the page and from the other client calls: the route's loader imports only this module, so it has
// little code to wait for before it asks for the modules.

/**
 * Client lists ask for `active=true`: every role (authors too) then sees what a learner sees,
 * active live rows without the ones the caller has hidden in the content tree.
 */
export const CLIENT_FILTER = { active: true } as const;

function listClientModules(tenantId: string, options?: CallOptions) {
  return (query: ListQuery<ContentOrder>) =>
    apiCall(client.GET('/tenants/{tenantId}/modules', { params: { path: { tenantId }, query: { ...queryParams(query), ...CLIENT_FILTER } } }), options);
}

/** The list of /:organization/modules (spec 2.8), for the page and its loader alike. */
export function clientModulesList(tenantId: string, options?: CallOptions) {
  return { load: listClientModules(tenantId, options), defaultOrder: 'order' as ContentOrder };
}

/**
 * /:organization/modules: the first page of the modules is asked for beside the session and the organization, by the
 * address's organization (the API takes its pretty-URL name too), not once the page has rendered. Failures are
 * the page's list's to route: it asks again.
 */
export function clientModulesLoader({ params, request }: LoaderFunctionArgs) {
  // Without a session the authenticated guard answers with its redirect.
  if (!isAuthenticated()) return { modules: null };
  return { modules: startListPage(request, clientModulesList(param(params, 'organization'), { routeErrors: false })) };
}
