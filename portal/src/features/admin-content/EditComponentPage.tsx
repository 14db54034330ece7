import type { Component } from '@tessera/sdk';
import { Checkbox, Form, Heading } from '@tessera/widgets/ui';
import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { FormActions } from '../../forms/FormActions';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { usePageTitle } from '../../lib/usePageTitle';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Stack } from '../../ui/Page';
import { clientPaths } from '../client/clientPaths';
import { useOrganization } from '../organization/organizationContext';
import { componentValues, updateComponent } from './contentWrites';
import { ImageChooser } from './ImageChooser';
import { useContentForm } from './useContentForm';
import { NameAndDescription } from './NameAndDescription';

export { componentLoader } from './contentLoaders';

function EditComponentForm({ component, componentsPath }: { component: Component; componentsPath: string }) {
  const { organization } = useOrganization();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(component);
  const { form, chooser, actions } = useContentForm({
    initialValues: componentValues(component),
    submit: (values, upload) => updateComponent(organization.id, saved, values, upload),
    valuesAfterSuccess: componentValues,
    onSuccess: setSaved,
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Edit component">
      <UnsavedChangesPrompt when={form.isDirty} />
      <Checkbox label="Active" name="is_active" isSelected={form.values.is_active} onChange={(isActive) => form.setValue('is_active', isActive)} />
      <NameAndDescription bind={form.bind} />
      <ImageChooser tenantId={organization.id} label="Update Component Image" current={saved.main_image} {...chooser} />
      <FormActions form={actions} success="Component Updated!" onCancel={() => navigate(componentsPath)} />
    </Form>
  );
}

/** /:organization/admin/components/:component/edit (spec 2.9): Edit Component. */
export function EditComponentPage() {
  usePageTitle('Edit Component');
  const component = useLoaderData() as Component | null;
  const { organization } = useOrganization();
  if (!component) return null;
  const paths = clientPaths(organization.slug);
  const componentsPath = paths.admin.components(component.module_id);
  return (
    <Stack>
      <Breadcrumbs crumbs={[{ label: 'Modules', to: paths.admin.modules }, { label: 'Components', to: componentsPath }, { label: 'Edit' }]} />
      <Heading level={1}>Edit Component</Heading>
      <EditComponentForm key={component.id} component={component} componentsPath={componentsPath} />
    </Stack>
  );
}
