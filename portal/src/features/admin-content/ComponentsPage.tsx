import type { Component, Module } from '@tessera/sdk';
import { Form, Heading } from '@tessera/widgets/ui';
import { useLoaderData } from 'react-router';
import { FormActions } from '../../forms/FormActions';
import { usePageTitle } from '../../lib/usePageTitle';
import { AppLink } from '../../ui/AppLink';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Row, Stack, Text } from '../../ui/Page';
import { Tabs } from '../../ui/Tabs';
import { clientPaths } from '../client/clientPaths';
import { kcPaths } from '../kc-authoring/kcPaths';
import { useOrganization } from '../organization/organizationContext';
import { archiveComponent, componentReorder, copyComponent, listComponents, moveComponent, restoreComponent } from './contentCalls';
import { COPY_COMPONENT_QUESTION, MoveComponentDialog } from './ContentDialogs';
import { createComponent, NEW_COMPONENT } from './contentWrites';
import { ImageChooser } from './ImageChooser';
import { OrderedContentList } from './OrderedContentList';
import { useContentForm } from './useContentForm';
import { NameAndDescription } from './NameAndDescription';
import { useUrlTab } from '../../lists/listParams';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';

export { moduleLoader } from './contentLoaders';

/** The page's tabs; the first is the default (lists/listParams.ts keeps the choice in the URL). */
const COMPONENTS_TABS = ['all', 'archived', 'add'] as const;

function ComponentList({ module, archived }: { module: Module; archived: boolean }) {
  const { organization } = useOrganization();
  const tenantId = organization.id;
  const paths = clientPaths(organization.slug);
  return (
    <OrderedContentList<Component>
      tenantId={tenantId}
      archived={archived}
      noun="Component"
      parentNoun="module"
      emptyText="No components found..."
      copyQuestion={COPY_COMPONENT_QUESTION}
      countColumn={{ id: 'topics', title: 'Topics', render: (component) => component.topics_count ?? 0 }}
      listKey={['components', tenantId, module.id, archived]}
      load={listComponents(tenantId, module.id, archived)}
      reorder={componentReorder(tenantId, module.id)}
      archive={(component) => archiveComponent(tenantId, component)}
      restore={(component) => restoreComponent(tenantId, component)}
      copy={(component) => copyComponent(tenantId, component)}
      move={(component, moduleId) => moveComponent(tenantId, component, moduleId)}
      parentOf={(component) => component.module_id}
      MoveDialog={MoveComponentDialog}
      settingsPath={(component) => `/${encodeURIComponent(organization.slug)}/admin/components/${component.id}/edit`}
      openPath={(component) => paths.admin.topics(component.id)}
      knowledgeCheckPath={(component) => kcPaths(organization.slug, component.module_id, component.id).componentCheck}
    />
  );
}

function CreateComponentForm({ module }: { module: Module }) {
  const { organization } = useOrganization();
  const { form, chooser, actions } = useContentForm({
    initialValues: NEW_COMPONENT,
    submit: (values, upload) => createComponent(organization.id, module.id, values, upload),
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="create-component-heading">
      {/* Typed data is not lost to a tab switch or the sidebar without the question. */}
      <UnsavedChangesPrompt when={form.isDirty} includeSearch />
      <Heading level={2} id="create-component-heading">
        Create a new component
      </Heading>
      <NameAndDescription bind={form.bind} />
      <ImageChooser tenantId={organization.id} label="Main Image" {...chooser} />
      <FormActions form={actions} success="Component Created!" />
    </Form>
  );
}

/** /:organization/admin/modules/:module/components (spec 2.9): Admin Components of one module. */
export function ComponentsPage() {
  usePageTitle('Components');
  const module = useLoaderData() as Module | null;
  const { organization } = useOrganization();
  const [tab, setTab] = useUrlTab(COMPONENTS_TABS);
  if (!module) return null;
  const paths = clientPaths(organization.slug);
  return (
    <Stack>
      <Breadcrumbs crumbs={[{ label: 'Modules', to: paths.admin.modules }, { label: 'Components' }]} />
      <Row justify="between">
        <Heading level={1}>Components</Heading>
        <AppLink to={paths.components(module.id)}>Switch to User View</AppLink>
      </Row>
      <Text tone="muted">Module: {module.name}</Text>
      <Tabs
        label="Components"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'all', title: 'All', panel: <ComponentList key="all" module={module} archived={false} /> },
          { id: 'archived', title: 'Archived', panel: <ComponentList key="archived" module={module} archived /> },
          { id: 'add', title: 'Add', panel: <CreateComponentForm module={module} /> },
        ]}
      />
    </Stack>
  );
}
