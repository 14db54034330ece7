import type { Module } from '@tessera/sdk';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import type { CallOptions } from '../../api/call';
import { param } from '../../guards/records';
import { usePageTitle } from '../../lib/usePageTitle';
import { prefetchListPage, useServerList } from '../../lists/useServerList';
import { isAuthenticated } from '../../state/tokens';
import { Stack } from '../../ui/Page';
import { useOrganization } from '../organization/organizationContext';
import { listClientModules, type ContentOrder } from './clientCalls';
import { ClientHeader } from './ClientHeader';
import { clientPaths } from './clientPaths';
import { ContentCards } from './ContentCards';

/**
 * The page's list, for the page and its loader alike: one query per page, keyed by the address's organization (an id
 * or the pretty-URL name, which the API takes too), as the loader knows it before the organization's loader answers.
 */
function modulesList(organization: string, options?: CallOptions) {
  return { key: ['modules', organization, 'client'], load: listClientModules(organization, options), defaultOrder: 'order' as ContentOrder };
}

/**
 * The first page of the modules is asked for as soon as the page's code is there, beside the organization's loader,
 * not once the page has rendered; the page's list reads that answer from the cache. Failures are the list's to route:
 * it asks again.
 */
export function clientModulesLoader({ params, request }: LoaderFunctionArgs) {
  // Without a session the authenticated guard answers with its redirect.
  if (isAuthenticated()) prefetchListPage(request, modulesList(param(params, 'organization'), { routeErrors: false }));
  return null;
}

/** /:organization/modules (spec 2.8): the modules the person may see, as cards leading to their components. */
export function ClientModulesPage() {
  usePageTitle('Modules');
  const { organization } = useOrganization();
  const paths = clientPaths(organization.slug);
  const list = useServerList<Module, ContentOrder>(modulesList(useParams().organization ?? organization.id));
  return (
    <Stack>
      <ClientHeader title="Modules" adminPath={paths.admin.modules} />
      <ContentCards
        label="Modules"
        list={list}
        linkTo={(module) => paths.components(module.id)}
        emptyText="No modules found..."
        searchPlaceholder="Search by name"
      />
    </Stack>
  );
}
