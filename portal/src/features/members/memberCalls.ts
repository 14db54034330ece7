import type { Role, TenantUser } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { downloadAttachment } from '../../api/download';
import { sameIds } from '../../lib/ids';
import { client } from '../../api/client';
import { saveRelations, type ApiOutcome } from '../../api/outcome';
import { csvQueryParams, queryParams, type ListQuery } from '../../lists/useServerList';
import type { TagOption, TagSearch } from '../../ui/TagPicker';

export type MemberOrder = 'user' | 'email' | 'role' | 'status' | 'joined';

export const ROLE_NAMES: Record<Role, string> = { user: 'User', admin: 'Admin', master: 'Master' };

export const ROLE_OPTIONS = (Object.keys(ROLE_NAMES) as Role[]).map((role) => ({ id: role, label: ROLE_NAMES[role] }));

const path = (tenantId: string) => ({ path: { tenantId } });
const memberPath = (tenantId: string, tenantUserId: string) => ({ path: { tenantId, tenantUserId } });

export function listMembers(tenantId: string, archived: boolean) {
  return (query: ListQuery<MemberOrder>) =>
    apiCall(client.GET('/tenants/{tenantId}/tenant-users', { params: { ...path(tenantId), query: { ...queryParams(query), archived } } }));
}

/** The tab as a CSV: every member of the view, searched and sorted as the list is. */
export function downloadMembersCsv(tenantId: string, archived: boolean, query: ListQuery<MemberOrder>) {
  return downloadAttachment(
    client.GET('/tenants/{tenantId}/tenant-users', { params: { ...path(tenantId), query: { ...csvQueryParams(query), archived } }, parseAs: 'blob' }),
    'members.csv',
  );
}

export function archiveMember(tenantId: string, member: TenantUser) {
  return apiCall(client.DELETE('/tenants/{tenantId}/tenant-users/{tenantUserId}', { params: memberPath(tenantId, member.id) }));
}

export function restoreMember(tenantId: string, member: TenantUser) {
  return apiCall(client.PATCH('/tenants/{tenantId}/tenant-users/{tenantUserId}', { params: memberPath(tenantId, member.id), body: { is_deleted: false } }));
}

/** Members as choices of a tag picker (a group's members). */
export function memberOption(member: Pick<TenantUser, 'id' | 'user'>): TagOption {
  const { name, email } = member.user;
  return { id: member.id, label: name ? `${name} (${email})` : email };
}

export function searchMembers(tenantId: string): TagSearch {
  return {
    key: ['members', tenantId, 'options'],
    load: async (term) => {
      const outcome = await apiCall(
        client.GET('/tenants/{tenantId}/tenant-users', { params: { ...path(tenantId), query: { search: term || undefined, order: 'user' } } }),
      );
      return outcome.ok ? outcome.data.data.map(memberOption) : [];
    },
  };
}

function relateGroups(tenantId: string, member: TenantUser, groups: string[]) {
  return apiCall(client.POST('/tenants/{tenantId}/tenant-users/{tenantUserId}/groups', { params: memberPath(tenantId, member.id), body: { groups } }), {
    handles: [422],
  });
}

function relateModules(tenantId: string, member: TenantUser, modules: string[]) {
  return apiCall(client.POST('/tenants/{tenantId}/tenant-users/{tenantUserId}/modules', { params: memberPath(tenantId, member.id), body: { modules } }), {
    handles: [422],
  });
}

type MemberRelations = { groups: string[]; modules: string[] };

const NO_RELATIONS: MemberRelations = { groups: [], modules: [] };

function relationsOf(member: TenantUser): MemberRelations {
  return { groups: (member.groups ?? []).map((group) => group.id), modules: (member.modules ?? []).map((module) => module.id) };
}

/** The member's groups and modules, each saved only when the form changed it. */
function saveMemberRelations(tenantId: string, saved: TenantUser, before: MemberRelations, values: MemberRelations) {
  return saveRelations(saved, [
    { changed: !sameIds(before.groups, values.groups), save: () => relateGroups(tenantId, saved, values.groups) },
    { changed: !sameIds(before.modules, values.modules), save: () => relateModules(tenantId, saved, values.modules) },
  ]);
}

export type AddMemberValues = { email: string; role: string } & MemberRelations;

/** Add a new member: the membership (an invitation for an unknown email), then their groups and modules. */
export async function addMember(tenantId: string, values: AddMemberValues): Promise<ApiOutcome<TenantUser>> {
  const created = await apiCall(
    client.POST('/tenants/{tenantId}/tenant-users', { params: path(tenantId), body: { email: values.email.trim(), role: values.role as Role } }),
    { handles: [422] },
  );
  if (!created.ok) return created;
  return saveMemberRelations(tenantId, created.data.data, NO_RELATIONS, values);
}

export type EditMemberValues = { is_active: boolean; role: string } & MemberRelations;

export function editMemberValues(member: TenantUser): EditMemberValues {
  return { is_active: member.is_active, role: member.role, ...relationsOf(member) };
}

/** Edit member: role and Active on the membership, then the groups and modules when they changed. */
export async function updateMember(tenantId: string, member: TenantUser, values: EditMemberValues): Promise<ApiOutcome<TenantUser>> {
  const updated = await apiCall(
    client.PATCH('/tenants/{tenantId}/tenant-users/{tenantUserId}', {
      params: memberPath(tenantId, member.id),
      body: { role: values.role as Role, is_active: values.is_active },
    }),
    { handles: [422] },
  );
  if (!updated.ok) return updated;
  return saveMemberRelations(tenantId, updated.data.data, relationsOf(member), values);
}
