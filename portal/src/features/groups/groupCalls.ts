import type { Group } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { downloadAttachment } from '../../api/download';
import { sameIds } from '../../lib/ids';
import { client } from '../../api/client';
import { saveRelations, type ApiOutcome } from '../../api/outcome';
import { csvQueryParams, queryParams, type ListQuery } from '../../lists/useServerList';
import type { TagSearch } from '../../ui/TagPicker';

export type GroupOrder = 'name' | 'created' | 'members';

const path = (tenantId: string) => ({ path: { tenantId } });
const groupPath = (tenantId: string, groupId: string) => ({ path: { tenantId, groupId } });

export function listGroups(tenantId: string, archived: boolean) {
  return (query: ListQuery<GroupOrder>) =>
    apiCall(client.GET('/tenants/{tenantId}/groups', { params: { ...path(tenantId), query: { ...queryParams(query), archived } } }));
}

/** The tab as a CSV: every group of the view, searched and sorted as the list is. */
export function downloadGroupsCsv(tenantId: string, archived: boolean, query: ListQuery<GroupOrder>) {
  return downloadAttachment(
    client.GET('/tenants/{tenantId}/groups', { params: { ...path(tenantId), query: { ...csvQueryParams(query), archived } }, parseAs: 'blob' }),
    'groups.csv',
  );
}

export function archiveGroup(tenantId: string, group: Group) {
  return apiCall(client.DELETE('/tenants/{tenantId}/groups/{groupId}', { params: groupPath(tenantId, group.id) }));
}

export function restoreGroup(tenantId: string, group: Group) {
  return apiCall(client.PATCH('/tenants/{tenantId}/groups/{groupId}', { params: groupPath(tenantId, group.id), body: { is_deleted: false } }));
}

/** Groups as choices of a tag picker (a member's groups). */
export function searchGroups(tenantId: string): TagSearch {
  return {
    key: ['groups', tenantId, 'options'],
    load: async (term) => {
      const outcome = await apiCall(client.GET('/tenants/{tenantId}/groups', { params: { ...path(tenantId), query: { search: term || undefined } } }));
      return outcome.ok ? outcome.data.data.map((group) => ({ id: group.id, label: group.name })) : [];
    },
  };
}

function relateMembers(tenantId: string, group: Group, tenantUsers: string[]) {
  return apiCall(
    client.POST('/tenants/{tenantId}/groups/{groupId}/tenant-users', { params: groupPath(tenantId, group.id), body: { tenant_users: tenantUsers } }),
    { handles: [422] },
  );
}

function relateModules(tenantId: string, group: Group, modules: string[]) {
  return apiCall(client.POST('/tenants/{tenantId}/groups/{groupId}/modules', { params: groupPath(tenantId, group.id), body: { modules } }), { handles: [422] });
}

type GroupRelations = { tenant_users: string[]; modules: string[] };

function relationsOf(group: Group): GroupRelations {
  return { tenant_users: (group.members ?? []).map((member) => member.id), modules: (group.modules ?? []).map((module) => module.id) };
}

/** The group's members and modules, each saved only when the form changed it. */
function saveGroupRelations(tenantId: string, saved: Group, before: GroupRelations, values: GroupRelations) {
  return saveRelations(saved, [
    { changed: !sameIds(before.tenant_users, values.tenant_users), save: () => relateMembers(tenantId, saved, values.tenant_users) },
    { changed: !sameIds(before.modules, values.modules), save: () => relateModules(tenantId, saved, values.modules) },
  ]);
}

export type GroupValues = { name: string; description: string } & GroupRelations;

/** Create a new group, then relate its members and modules. */
export async function createGroup(tenantId: string, values: GroupValues): Promise<ApiOutcome<Group>> {
  const created = await apiCall(
    client.POST('/tenants/{tenantId}/groups', { params: path(tenantId), body: { name: values.name.trim(), description: values.description.trim() } }),
    { handles: [422] },
  );
  if (!created.ok) return created;
  return saveGroupRelations(tenantId, created.data.data, { tenant_users: [], modules: [] }, values);
}

export function groupValues(group: Group): GroupValues {
  return { name: group.name, description: group.description, ...relationsOf(group) };
}

/** Edit group: name and description, then its members and modules when they changed. */
export async function updateGroup(tenantId: string, group: Group, values: GroupValues): Promise<ApiOutcome<Group>> {
  const updated = await apiCall(
    client.PATCH('/tenants/{tenantId}/groups/{groupId}', {
      params: groupPath(tenantId, group.id),
      body: { name: values.name.trim(), description: values.description.trim() },
    }),
    { handles: [422] },
  );
  if (!updated.ok) return updated;
  return saveGroupRelations(tenantId, updated.data.data, relationsOf(group), values);
}
