import type { Group } from '@tessera/sdk';
import { forms } from '@tessera/sdk/rules';
import { Form, Heading, TextField } from '@tessera/widgets/ui';
import { useState } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { client } from '../../api/client';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { useForm } from '../../forms/useForm';
import { loadRecord, param } from '../../guards/records';
import { usePageTitle } from '../../lib/usePageTitle';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { Stack } from '../../ui/Page';
import { FormActions } from '../../forms/FormActions';
import { TagPicker } from '../../ui/TagPicker';
import { TextAreaField } from '../../ui/TextAreaField';
import { memberOption, searchMembers } from '../members/memberCalls';
import { ModulesPicker } from '../modules/ModulesPicker';
import { useOrganization } from '../organization/organizationContext';
import { groupValues, updateGroup } from './groupCalls';

/** /:organization/admin/groups/:group/edit: the group with its members and modules. */
export function editGroupLoader({ params, request }: LoaderFunctionArgs): Promise<Group | null> {
  const path = { tenantId: param(params, 'organization'), groupId: param(params, 'group') };
  return loadRecord(request, ['groups', path.tenantId, path.groupId], () => client.GET('/tenants/{tenantId}/groups/{groupId}', { params: { path } }));
}

const ignore = () => {};

function EditGroupForm({ group, groupsPath }: { group: Group; groupsPath: string }) {
  const { organization } = useOrganization();
  const navigate = useNavigate();
  // The saved record: the next save compares its members with what it had then.
  const [saved, setSaved] = useState(group);
  const form = useForm({
    initialValues: groupValues(group),
    rules: forms.groupUpdate,
    submit: (values) => updateGroup(organization.id, saved, values),
    valuesAfterSuccess: (answer) => groupValues(answer),
    onSuccess: (answer) => setSaved(answer),
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Edit group">
      <UnsavedChangesPrompt when={form.isDirty} />
      <TextField label="Group ID" name="id" value={group.id} onChange={ignore} isReadOnly />
      <TextField label="Name" isRequired {...form.bind('name')} />
      <TextAreaField label="Description" isRequired {...form.bind('description')} />
      <TagPicker
        label="Members"
        placeholder="Search members"
        value={form.values.tenant_users}
        onChange={(members) => form.setValue('tenant_users', members)}
        known={(group.members ?? []).map(memberOption)}
        search={searchMembers(organization.id)}
        errors={form.errors.tenant_users}
      />
      <ModulesPicker value={form.values.modules} onChange={(modules) => form.setValue('modules', modules)} known={group.modules} errors={form.errors.modules} />
      <FormActions form={form} success="Group Updated!" onCancel={() => navigate(groupsPath)} />
    </Form>
  );
}

/** /:organization/admin/groups/:group/edit (spec 2.9): Edit Group. */
export function EditGroupPage() {
  usePageTitle('Edit Group');
  const group = useLoaderData() as Group | null;
  const { organization } = useOrganization();
  if (!group) return null;
  const groupsPath = `/${encodeURIComponent(organization.slug)}/admin/groups`;
  return (
    <Stack>
      <Breadcrumbs crumbs={[{ label: 'Groups', to: groupsPath }, { label: 'Edit' }]} />
      <Heading level={1}>Edit Group</Heading>
      <EditGroupForm key={group.id} group={group} groupsPath={groupsPath} />
    </Stack>
  );
}
