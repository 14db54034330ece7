import type { BioreqSettings } from '@tessera/sdk';
import { forms } from '@tessera/sdk/rules';
import { Form, Heading, TextField } from '@tessera/widgets/ui';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { FormActions } from '../../forms/FormActions';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { useForm } from '../../forms/useForm';
import { loadRecord, param } from '../../guards/records';
import { usePageTitle } from '../../lib/usePageTitle';
import { AppLink } from '../../ui/AppLink';
import { Stack, Text } from '../../ui/Page';
import { useOrganization } from '../organization/organizationContext';
import { bioreqTexts } from './bioreqCalls';

/** /:organization/admin/bioreq/settings: the organization's bioreq settings (masters and the owner). */
export function bioreqSettingsLoader({ params, request }: LoaderFunctionArgs): Promise<BioreqSettings | null> {
  const tenantId = param(params, 'organization');
  return loadRecord(request, ['bioreq', tenantId, 'settings'], () => client.GET('/tenants/{tenantId}/bioreq/settings', { params: { path: { tenantId } } }));
}

const valuesOf = (settings: BioreqSettings) => ({ retention_days: settings.retention_days === null ? '' : String(settings.retention_days) });

async function saveSettings(tenantId: string, values: { retention_days: string }) {
  const retention = values.retention_days.trim();
  const body = { retention_days: retention === '' ? null : Number(retention) };
  const outcome = await apiCall(client.PUT('/tenants/{tenantId}/bioreq/settings', { params: { path: { tenantId } }, body }), { handles: [422] });
  return outcome.ok ? { ok: true as const, data: outcome.data.data } : outcome;
}

/**
 * Retention (beyond the spec, issue 13): processed documents may be identity or health papers, kept no longer than
 * needed. Empty keeps the files; N deletes each processed document's file N days after its verdict, keeping the row,
 * its verdict, notes and access log.
 */
export function BioreqSettingsPage() {
  usePageTitle('Bioreq settings');
  const { organization } = useOrganization();
  const settings = useLoaderData<BioreqSettings | null>();
  const form = useForm({
    initialValues: valuesOf(settings ?? { retention_days: null }),
    rules: forms.bioreqSettings,
    submit: (values) => saveSettings(organization.id, values),
    valuesAfterSuccess: valuesOf,
  });
  if (!settings) return null;
  return (
    <Stack>
      <Heading level={1}>Bioreq settings</Heading>
      <AppLink to={`/${organization.slug}/admin/bioreq`}>Back to bioreq documents</AppLink>
      {organization.enable_bioreq ? null : <Text>{bioreqTexts.disabled}</Text>}
      <Form onSubmit={form.handleSubmit} aria-label="Bioreq settings">
        <UnsavedChangesPrompt when={form.isDirty} />
        <TextField
          label="Delete processed documents' files after (days)"
          description="Leave empty to keep the files. The verdict, notes and access log of each document are always kept."
          {...form.bind('retention_days')}
        />
        <FormActions form={form} success="Bioreq settings saved!" submitLabel="Save" />
      </Form>
    </Stack>
  );
}
