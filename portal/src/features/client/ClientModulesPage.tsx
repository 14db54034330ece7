import type { Module } from '@tessera/sdk';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { CallOptions } from '../../api/call';
import { param } from '../../guards/records';
import { usePageTitle } from '../../lib/usePageTitle';
import { startListPage, useServerList } from '../../lists/useServerList';
import { isAuthenticated } from '../../state/tokens';
import { Stack } from '../../ui/Page';
import { useOrganization } from '../organization/organizationContext';
import { listClientModules, type ContentOrder } from './clientCalls';
import { ClientHeader } from './ClientHeader';
import { clientPaths } from './clientPaths';
import { ContentCards } from './ContentCards';

/** The page's list, for the page and its loader alike. */
function modulesList(tenantId: string, options?: CallOptions) {
  return { load: listClientModules(tenantId, options), defaultOrder: 'order' as ContentOrder };
}

/**
 * The first page of the modules is asked for as soon as the page's code is there, beside the organization's loader,
 * by the address's organization (the API takes its pretty-URL name too), not once the page has rendered. Failures
 * are the list's to route: it asks again.
 */
export function clientModulesLoader({ params, request }: LoaderFunctionArgs) {
  // Without a session the authenticated guard answers with its redirect.
  if (!isAuthenticated()) return { modules: null };
  return { modules: startListPage(request, modulesList(param(params, 'organization'), { routeErrors: false })) };
}

/** /:organization/modules (spec 2.8): the modules the person may see, as cards leading to their components. */
export function ClientModulesPage() {
  usePageTitle('Modules');
  const { organization } = useOrganization();
  const paths = clientPaths(organization.slug);
  const { modules } = useLoaderData<typeof clientModulesLoader>();
  const list = useServerList<Module, ContentOrder>({ ...modulesList(organization.id), started: modules });
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
