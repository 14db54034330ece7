import type { TenantUser } from '@tessera/sdk';
import { forms } from '@tessera/sdk/rules';
import { Checkbox, Form, Heading, TextField } from '@tessera/widgets/ui';
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
import { Select } from '../../ui/Select';
import { TagPicker } from '../../ui/TagPicker';
import { searchGroups } from '../groups/groupCalls';
import { ModulesPicker } from '../modules/ModulesPicker';
import { useOrganization } from '../organization/organizationContext';
import { editMemberValues, ROLE_OPTIONS, updateMember } from './memberCalls';

/** /:organization/admin/members/:member/edit: the member with their groups and modules. */
export function editMemberLoader({ params, request }: LoaderFunctionArgs): Promise<TenantUser | null> {
  const path = { tenantId: param(params, 'organization'), tenantUserId: param(params, 'member') };
  return loadRecord(request, ['members', path.tenantId, path.tenantUserId], () =>
    client.GET('/tenants/{tenantId}/tenant-users/{tenantUserId}', { params: { path } }),
  );
}

const ignore = () => {};

function EditMemberForm({ member, membersPath }: { member: TenantUser; membersPath: string }) {
  const { organization } = useOrganization();
  const navigate = useNavigate();
  // The saved record: the next save compares its groups and modules with what it had then.
  const [saved, setSaved] = useState(member);
  const form = useForm({
    initialValues: editMemberValues(member),
    rules: forms.memberUpdate,
    submit: (values) => updateMember(organization.id, saved, values),
    valuesAfterSuccess: (answer) => editMemberValues(answer),
    onSuccess: (answer) => setSaved(answer),
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Edit member">
      <UnsavedChangesPrompt when={form.isDirty} />
      <TextField label="Member ID" name="id" value={member.id} onChange={ignore} isReadOnly />
      <TextField label="Name" name="name" value={member.user.name} onChange={ignore} isReadOnly />
      <TextField label="Email" name="email" value={member.user.email} onChange={ignore} isReadOnly />
      <Checkbox label="Active" name="is_active" isSelected={form.values.is_active} onChange={(isActive) => form.setValue('is_active', isActive)} />
      <Select
        label="Role"
        name="role"
        options={ROLE_OPTIONS}
        value={form.values.role}
        onChange={(role) => form.setValue('role', role)}
        errors={form.errors.role}
      />
      <TagPicker
        label="Groups"
        placeholder="Search groups"
        value={form.values.groups}
        onChange={(groups) => form.setValue('groups', groups)}
        known={(member.groups ?? []).map((group) => ({ id: group.id, label: group.name }))}
        search={searchGroups(organization.id)}
        errors={form.errors.groups}
      />
      <ModulesPicker
        value={form.values.modules}
        onChange={(modules) => form.setValue('modules', modules)}
        known={member.modules}
        errors={form.errors.modules}
      />
      <FormActions form={form} success="Member Updated!" onCancel={() => navigate(membersPath)} />
    </Form>
  );
}

/** /:organization/admin/members/:member/edit (spec 2.9): the edit member page. */
export function EditMemberPage() {
  usePageTitle('Edit Member');
  const member = useLoaderData() as TenantUser | null;
  const { organization } = useOrganization();
  if (!member) return null;
  const membersPath = `/${encodeURIComponent(organization.slug)}/admin/members`;
  return (
    <Stack>
      <Breadcrumbs crumbs={[{ label: 'Members', to: membersPath }, { label: 'Edit' }]} />
      <Heading level={1}>Edit Member</Heading>
      <EditMemberForm key={member.id} member={member} membersPath={membersPath} />
    </Stack>
  );
}
