import type { Group } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { sameIds } from '../../lib/ids';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';
import { queryParams, type ListQuery } from '../../lists/useServerList';
import type { TagOption } from '../../ui/TagPicker';

export type GroupOrder = 'name' | 'created' | 'members';

const path = (tenantId: string) => ({ path: { tenantId } });
const groupPath = (tenantId: string, groupId: string) => ({ path: { tenantId, groupId } });

export function listGroups(tenantId: string, archived: boolean) {
  return (query: ListQuery<GroupOrder>) =>
    apiCall(client.GET('/tenants/{tenantId}/groups', { params: { ...path(tenantId), query: { ...queryParams(query), archived } } }));
}

export function archiveGroup(tenantId: string, group: Group) {
  return apiCall(client.DELETE('/tenants/{tenantId}/groups/{groupId}', { params: groupPath(tenantId, group.id) }));
}

export function restoreGroup(tenantId: string, group: Group) {
  return apiCall(client.PATCH('/tenants/{tenantId}/groups/{groupId}', { params: groupPath(tenantId, group.id), body: { is_deleted: false } }));
}

/** Groups as choices of a tag picker (a member's groups). */
export function searchGroups(tenantId: string) {
  return async (term: string): Promise<TagOption[]> => {
    const outcome = await apiCall(client.GET('/tenants/{tenantId}/groups', { params: { ...path(tenantId), query: { search: term || undefined } } }));
    return outcome.ok ? outcome.data.data.map((group) => ({ id: group.id, label: group.name })) : [];
  };
}

function relateMembers(tenantId: string, group: Group, tenantUsers: string[]) {
  return apiCall(
    client.POST('/tenants/{tenantId}/groups/{groupId}/tenant-users', { params: groupPath(tenantId, group.id), body: { tenant_users: tenantUsers } }),
    { handles: [422] },
  );
}

export type GroupValues = { name: string; description: string; tenant_users: string[] };

/** Create a new group, then relate its members. */
export async function createGroup(tenantId: string, values: GroupValues): Promise<ApiOutcome<Group>> {
  const created = await apiCall(
    client.POST('/tenants/{tenantId}/groups', { params: path(tenantId), body: { name: values.name.trim(), description: values.description.trim() } }),
    { handles: [422] },
  );
  if (!created.ok) return created;
  if (values.tenant_users.length === 0) return { ok: true, data: created.data.data };
  const related = await relateMembers(tenantId, created.data.data, values.tenant_users);
  return related.ok ? { ok: true, data: related.data.data } : related;
}

export function groupValues(group: Group): GroupValues {
  return { name: group.name, description: group.description, tenant_users: (group.members ?? []).map((member) => member.id) };
}

/** Edit group: name and description, then its members when they changed. */
export async function updateGroup(tenantId: string, group: Group, values: GroupValues): Promise<ApiOutcome<Group>> {
  const updated = await apiCall(
    client.PATCH('/tenants/{tenantId}/groups/{groupId}', {
      params: groupPath(tenantId, group.id),
      body: { name: values.name.trim(), description: values.description.trim() },
    }),
    { handles: [422] },
  );
  if (!updated.ok) return updated;
  if (sameIds(groupValues(group).tenant_users, values.tenant_users)) return { ok: true, data: { ...updated.data.data, members: group.members } };
  const related = await relateMembers(tenantId, group, values.tenant_users);
  return related.ok ? { ok: true, data: related.data.data } : related;
}
