import type { Module } from '@tessera/sdk';
import type { LoaderFunctionArgs } from 'react-router';
import { apiCall, type CallOptions } from '../../api/call';
import { client } from '../../api/client';
import { prefetchListPage, queryParams, type UseServerListOptions } from '../../lists/listPages';
import type { ListQuery } from '../../lists/listParams';
import { isAuthenticated } from '../../state/tokens';
import type { ContentOrder } from './clientCalls';

/**
 * Client lists ask for `active=true`: every role (authors too) then sees what a learner sees,
 * active live rows without the ones the caller has hidden in the content tree.
 */
export const CLIENT_FILTER = { active: true } as const;

/**
 * The list of /:organization/modules, for the page and its route's loader alike: one query per page, keyed by the
 * address's organization (an id or the pretty-URL name, which the API takes too), as the loader knows it before the
 * organization's loader answers. Apart from the page, and small: the route's loader imports only this module, so it
 * asks for the rows without waiting for the page's code (and what that imports).
 */
export function modulesList(organization: string, options?: CallOptions): UseServerListOptions<Module, ContentOrder> {
  return {
    key: ['modules', organization, 'client'],
    load: (query: ListQuery<ContentOrder>) =>
      apiCall(
        client.GET('/tenants/{tenantId}/modules', { params: { path: { tenantId: organization }, query: { ...queryParams(query), ...CLIENT_FILTER } } }),
        options,
      ),
    defaultOrder: 'order',
  };
}

/**
 * The first page of the modules is asked for as soon as this module is there, beside the session, the organization's
 * loader and the download of the page's code, not once the page has rendered; the page's list reads that answer from
 * the cache. Failures are the list's to route: it asks again.
 */
export function clientModulesLoader({ params, request }: LoaderFunctionArgs) {
  // Without a session the authenticated guard answers with its redirect; the path always names the organization.
  if (isAuthenticated() && params.organization) prefetchListPage(request, modulesList(params.organization, { routeErrors: false }));
  return null;
}
