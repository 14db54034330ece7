import type { Tenant } from '@tessera/sdk';
import { forms } from '@tessera/sdk/rules';
import { Alert, Button, Form, Heading, TextField } from '@tessera/widgets/ui';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { client } from '../../api/client';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { useForm } from '../../forms/useForm';
import { loadRecord, param } from '../../guards/records';
import { usePageTitle } from '../../lib/usePageTitle';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { FormFailure } from '../../ui/FormFailure';
import { Stack } from '../../ui/Page';
import { Switch } from '../../ui/Switch';
import { OrganizationSsoDomains } from '../sso/SsoDomainClaims';
import { updateOrganization, type OrganizationValues } from './organizationCalls';

/** /organizations/:organization/edit: the organization by id or pretty-URL name; archived ones are restored first. */
export async function editOrganizationLoader({ params, request }: LoaderFunctionArgs): Promise<Tenant | null> {
  const tenantId = param(params, 'organization');
  const tenant = await loadRecord(request, ['organizations', tenantId], () => client.GET('/tenants/{tenantId}', { params: { path: { tenantId } } }));
  if (tenant?.is_deleted) throw redirect('/not-found');
  return tenant;
}

const valuesOf = (tenant: Tenant): OrganizationValues => ({ name: tenant.name, enable_bioreq: tenant.enable_bioreq });

function EditOrganizationForm({ tenant }: { tenant: Tenant }) {
  const form = useForm({
    initialValues: valuesOf(tenant),
    rules: forms.organizationUpdate,
    submit: (values) => updateOrganization(tenant, values),
    valuesAfterSuccess: (answer) => valuesOf(answer.data),
  });
  // Spec 2.7: Confirm is disabled when there is no name and bioreq is off.
  const nothingToSave = !form.values.name.trim() && !form.values.enable_bioreq;
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Edit organization">
      <UnsavedChangesPrompt when={form.isDirty} />
      <TextField label="Name" {...form.bind('name')} />
      <Switch
        label="Enable Bioreq"
        name="enable_bioreq"
        isSelected={form.values.enable_bioreq}
        onChange={(isSelected) => form.setValue('enable_bioreq', isSelected)}
      />
      {form.succeeded ? <Alert tone="success">Organization Updated!</Alert> : null}
      <FormFailure messages={form.otherErrors} />
      <div>
        <Button type="submit" isDisabled={form.hasErrors || nothingToSave} isPending={form.isSaving}>
          Confirm
        </Button>
      </div>
    </Form>
  );
}

/** /organizations/:organization/edit (spec 2.7): Edit Organization. */
export function EditOrganizationPage() {
  usePageTitle('Edit Organization');
  const tenant = useLoaderData() as Tenant | null;
  if (!tenant) return null;
  return (
    <Stack>
      <Breadcrumbs crumbs={[{ label: 'Organizations', to: '/organizations' }, { label: 'Edit' }]} />
      <Heading level={1}>Edit Organization</Heading>
      <EditOrganizationForm key={tenant.id} tenant={tenant} />
      <OrganizationSsoDomains tenant={tenant} />
    </Stack>
  );
}
