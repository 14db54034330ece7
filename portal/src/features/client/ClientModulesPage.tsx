import type { Module } from '@tessera/sdk';
import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/usePageTitle';
import { useServerList } from '../../lists/useServerList';
import { Stack } from '../../ui/Page';
import { useOrganization } from '../organization/organizationContext';
import type { ContentOrder } from './clientCalls';
import { ClientHeader } from './ClientHeader';
import { clientPaths } from './clientPaths';
import { ContentCards } from './ContentCards';
import { modulesList } from './modulesList';

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
