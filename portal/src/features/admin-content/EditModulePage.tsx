import type { Module } from '@tessera/sdk';
import { Checkbox, Form, Heading } from '@tessera/widgets/ui';
import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { FormActions } from '../../forms/FormActions';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { canManagePeople } from '../../guards/roles';
import { usePageTitle } from '../../lib/usePageTitle';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Stack } from '../../ui/Page';
import { clientPaths } from '../client/clientPaths';
import { useOrganization } from '../organization/organizationContext';
import { moduleValues, updateModule } from './contentWrites';
import { ImageChooser } from './ImageChooser';
import { ModuleRelations } from './ModuleRelations';
import { useContentForm } from './useContentForm';
import { NameAndDescription } from './NameAndDescription';

export { moduleLoader } from './contentLoaders';

function EditModuleForm({ module, modulesPath }: { module: Module; modulesPath: string }) {
  const { organization, role } = useOrganization();
  const navigate = useNavigate();
  const canRelatePeople = canManagePeople(role);
  // The saved record: its image shows as the current one, its relations are what the next save compares with.
  const [saved, setSaved] = useState(module);
  const { form, chooser, actions } = useContentForm({
    initialValues: moduleValues(module),
    submit: (values, upload) => updateModule(organization.id, saved, values, upload, canRelatePeople),
    valuesAfterSuccess: moduleValues,
    onSuccess: setSaved,
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Edit module">
      <UnsavedChangesPrompt when={form.isDirty} />
      <Checkbox label="Active" name="is_active" isSelected={form.values.is_active} onChange={(isActive) => form.setValue('is_active', isActive)} />
      <NameAndDescription bind={form.bind} />
      <ImageChooser tenantId={organization.id} label="Update Module Image" current={saved.main_image} {...chooser} />
      <ModuleRelations
        tenantId={organization.id}
        values={form.values}
        errors={form.errors}
        setValue={(field, ids) => form.setValue(field, ids)}
        canRelatePeople={canRelatePeople}
        module={saved}
        collapsible
      />
      <FormActions form={actions} success="Module Updated!" onCancel={() => navigate(modulesPath)} />
    </Form>
  );
}

/** /:organization/admin/modules/:module/edit (spec 2.9): Module edit. */
export function EditModulePage() {
  usePageTitle('Edit Module');
  const module = useLoaderData() as Module | null;
  const { organization } = useOrganization();
  if (!module) return null;
  const modulesPath = clientPaths(organization.slug).admin.modules;
  return (
    <Stack>
      <Breadcrumbs crumbs={[{ label: 'Modules', to: modulesPath }, { label: 'Edit' }]} />
      <Heading level={1}>Edit Module</Heading>
      <EditModuleForm key={module.id} module={module} modulesPath={modulesPath} />
    </Stack>
  );
}
