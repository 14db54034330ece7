import type { Component, Module } from '@tessera/sdk';
import { useLoaderData } from 'react-router';
import { usePageTitle } from '../../lib/usePageTitle';
import { useServerList } from '../../lists/useServerList';
import { Stack } from '../../ui/Page';
import { useOrganization } from '../organization/organizationContext';
import { listClientComponents, type ContentOrder } from './clientCalls';
import { ClientHeader } from './ClientHeader';
import { clientPaths } from './clientPaths';
import { ContentCards } from './ContentCards';

function ComponentCards({ module }: { module: Module }) {
  const { organization } = useOrganization();
  const paths = clientPaths(organization.slug);
  const list = useServerList<Component, ContentOrder>({
    key: ['components', organization.id, module.id, 'client'],
    load: listClientComponents(organization.id, module.id),
    defaultOrder: 'order',
  });
  return (
    <ContentCards
      label="Components"
      list={list}
      linkTo={(component) => paths.topics(module.id, component.id)}
      emptyText="No components found..."
      searchPlaceholder="Search by name"
    />
  );
}

/** /:organization/modules/:module/components (spec 2.8): the module's components, leading to their topics. */
export function ClientComponentsPage() {
  const module = useLoaderData() as Module | null;
  usePageTitle(module?.name ?? 'Components');
  const { organization } = useOrganization();
  if (!module) return null;
  const paths = clientPaths(organization.slug);
  return (
    <Stack>
      <ClientHeader
        title={module.name}
        crumbs={[{ label: 'Modules', to: paths.modules }, { label: 'Components' }]}
        adminPath={paths.admin.components(module.id)}
      />
      <ComponentCards key={module.id} module={module} />
    </Stack>
  );
}

export { clientModuleLoader } from './clientCalls';
