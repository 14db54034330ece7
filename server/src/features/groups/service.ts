/**
 * Groups of an organization: list, create, edit, archive and restore, and a group's members. Every
 * query is scoped to the caller's organization, so another organization's group is 404.
 */
import { planArchive, archiveMessages, isArchived } from '../../http/archiving.js';
import type { NamedRef } from '@tessera/sdk';
import type { Database, TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { withColumns } from '../../db/model.js';
import { Group, GroupMember } from '../../db/models.js';
import { ModuleGroup } from '../../db/content-models.js';
import type { Query, TenantSql } from '../../db/query.js';
import { existingIds, liveRelatedByName, replaceRelations } from '../../db/relations.js';
import { fieldError, notFound } from '../../http/errors.js';
import { applyArchived, bySelected, listRows, normalisedPage, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import { MEMBER_NAME_SORT, MEMBER_PERSON_COLUMNS, MEMBER_ROW } from '../tenant-users/presenter.js';
import { groupMessages } from './policy.js';
import type { GroupMemberRow, GroupRow } from './presenter.js';

export type GroupSortKey = 'name' | 'created' | 'members';

export const GROUP_LIST: ListDefinition<GroupSortKey> = {
  sorts: { name: 'lower(g.name)', created: 'g.created_at', members: bySelected('members_count') },
  defaultOrder: 'name',
  tieBreaker: 'g.id',
  searchColumns: ['g.name', 'g.description'],
};

/** A group row as read: the model's columns and its live members' and modules' counts. */
const GROUP_ROW = withColumns(Group, { numberColumns: ['members_count', 'modules_count'] });

function groupsOf(org: TenantSql): Query {
  return org.from('groups as g');
}

/** The group's live members and live modules, counted in the group's own query. */
function selectGroup(org: TenantSql) {
  return (query: Query) =>
    query.select(
      'g.id',
      'g.name',
      'g.description',
      'g.deleted_at',
      'g.created_at',
      'g.updated_at',
      org
        .from('group_tenant_users as gtu')
        .join('tenant_users as tu', 'tu.id', 'gtu.tenant_user_id')
        .count('*')
        .where('gtu.group_id', org.ref('g.id'))
        .whereNull('tu.deleted_at')
        .as('members_count'),
      org
        .from('module_groups as mg')
        .join('modules as m', 'm.id', 'mg.module_id')
        .count('*')
        .where('mg.group_id', org.ref('g.id'))
        .whereNull('m.deleted_at')
        .as('modules_count'),
    );
}

export async function listGroups(db: Database, tenantId: string, params: ListParams<GroupSortKey>): Promise<Page<GroupRow>> {
  const org = db.inTenant(tenantId);
  const filtered = applyArchived(groupsOf(org), 'g.deleted_at', params.archived);
  return normalisedPage<GroupRow>(await paginate<object, GroupSortKey>(db, filtered, params, GROUP_LIST, selectGroup(org)), GROUP_ROW);
}

/** Every group of the view and search, in the list's sort, batch after batch (the list's CSV: `listRows`). */
export function allGroups(db: Database, tenantId: string, params: ListParams<GroupSortKey>): AsyncIterable<GroupRow[]> {
  const org = db.inTenant(tenantId);
  const filtered = applyArchived(groupsOf(org), 'g.deleted_at', params.archived);
  return listRows<GroupRow, GroupSortKey>(db, filtered, params, GROUP_LIST, selectGroup(org), { columns: GROUP_ROW });
}

async function requireGroup(org: TenantDatabase, id: string): Promise<GroupRow> {
  const group = await org.row<GroupRow>(selectGroup(org)(groupsOf(org).where('g.id', id)), GROUP_ROW);
  if (!group) throw notFound(groupMessages.notFound);
  return group;
}

async function membersOfGroup(org: TenantDatabase, groupId: string): Promise<GroupMemberRow[]> {
  // The group was found in the organization: its members are reached through it.
  const query = org
    .from('group_tenant_users as gtu')
    .join('tenant_users as tu', 'tu.id', 'gtu.tenant_user_id')
    .join('users as u', 'u.id', 'tu.user_id')
    .where('gtu.group_id', groupId)
    .whereNull('tu.deleted_at')
    .orderByRaw(`${MEMBER_NAME_SORT} asc`)
    .orderBy('tu.id')
    .select('tu.id', 'tu.role', 'tu.is_active', ...MEMBER_PERSON_COLUMNS);
  return org.rows<GroupMemberRow>(query, MEMBER_ROW);
}

/** The group's live modules, by name (what the edit form's module picker shows). */
function modulesOfGroup(org: TenantDatabase, groupId: string): Promise<NamedRef[]> {
  return liveRelatedByName(org, { pivot: 'module_groups', ownerColumn: 'group_id', ownerId: groupId, otherColumn: 'module_id', otherTable: 'modules' });
}

export interface GroupWithMembers {
  group: GroupRow;
  members: GroupMemberRow[];
  modules: NamedRef[];
}

export async function loadGroup(db: Database, tenantId: string, id: string): Promise<GroupWithMembers> {
  return loadGroupOf(db.inTenant(tenantId), id);
}

async function loadGroupOf(org: TenantDatabase, id: string): Promise<GroupWithMembers> {
  const group = await requireGroup(org, id);
  const [members, modules] = await Promise.all([membersOfGroup(org, id), modulesOfGroup(org, id)]);
  return { group, members, modules };
}

export async function createGroup(db: Database, tenantId: string, input: { name: string; description: string }): Promise<GroupWithMembers> {
  const org = db.inTenant(tenantId);
  const now = new Date().toISOString();
  const id = newId();
  await org.write(Group).insert({
    id,
    name: input.name,
    description: input.description,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  });
  return loadGroupOf(org, id);
}

export interface GroupChanges {
  name?: string;
  description?: string;
  isDeleted?: boolean;
}

export async function updateGroup(db: Database, tenantId: string, id: string, changes: GroupChanges): Promise<GroupWithMembers> {
  return db.inTenant(tenantId).transaction(async (org) => {
    const group = await requireGroup(org, id);
    const edits: Partial<Pick<Group, 'name' | 'description' | 'deleted_at'>> = {};
    if (changes.name !== undefined && changes.name !== group.name) edits.name = changes.name;
    if (changes.description !== undefined && changes.description !== group.description) edits.description = changes.description;
    const plan = planArchive(group, changes.isDeleted, Object.keys(edits).length > 0, 'group');
    if (plan.deleted_at !== undefined) edits.deleted_at = plan.deleted_at?.toISOString() ?? null;
    if (Object.keys(edits).length > 0)
      await org
        .write(Group)
        .findById(id)
        .patch({ ...edits, updated_at: new Date().toISOString() });
    return loadGroupOf(org, id);
  });
}

/** Replaces the group's live members with `memberIds` (live memberships of the same organization). */
export async function relateMembers(db: Database, tenantId: string, id: string, memberIds: string[]): Promise<GroupWithMembers> {
  return db.inTenant(tenantId).transaction(async (org) => {
    const group = await requireGroup(org, id);
    if (isArchived(group)) throw fieldError('is_deleted', archiveMessages('group').archived);
    const liveMembers = () => org.from('tenant_users').whereNull('deleted_at');
    const found = await existingIds(org, liveMembers, 'id', memberIds);
    if (found.size !== memberIds.length) throw fieldError('tenant_users', groupMessages.unknownMembers);
    await replaceRelations(org, {
      model: GroupMember,
      ownerColumn: 'group_id',
      ownerId: id,
      otherColumn: 'tenant_user_id',
      otherIds: memberIds,
      managed: liveMembers().select('id'),
    });
    return loadGroupOf(org, id);
  });
}

/** Replaces the group's live modules with `moduleIds` (live modules of the same organization). */
export async function relateModules(db: Database, tenantId: string, id: string, moduleIds: string[]): Promise<GroupWithMembers> {
  return db.inTenant(tenantId).transaction(async (org) => {
    const group = await requireGroup(org, id);
    if (isArchived(group)) throw fieldError('is_deleted', archiveMessages('group').archived);
    const liveModules = () => org.from('modules').whereNull('deleted_at');
    const found = await existingIds(org, liveModules, 'id', moduleIds);
    if (found.size !== moduleIds.length) throw fieldError('modules', groupMessages.unknownModules);
    await replaceRelations(org, {
      model: ModuleGroup,
      ownerColumn: 'group_id',
      ownerId: id,
      otherColumn: 'module_id',
      otherIds: moduleIds,
      managed: liveModules().select('id'),
    });
    return loadGroupOf(org, id);
  });
}
