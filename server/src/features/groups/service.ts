/**
 * Groups of an organization: list, create, edit, archive and restore, and a group's members. Every
 * query is scoped to the caller's organization, so another organization's group is 404.
 */
import { planArchive, archiveMessages, isArchived } from '../../http/archiving.js';
import type { NamedRef } from '@tessera/sdk';
import type { Database } from '../../db/database.js';
import type { Knex } from '../../db/knex.js';
import { newId } from '../../db/ids.js';
import { normaliseRow, withColumns } from '../../db/model.js';
import { Group } from '../../db/models.js';
import { existingIds, liveRelatedByName, replaceRelations } from '../../db/relations.js';
import { fieldError, notFound } from '../../http/errors.js';
import { applyArchived, normalisedPage, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import { MEMBER_NAME_SORT, MEMBER_PERSON_COLUMNS, MEMBER_ROW } from '../tenant-users/presenter.js';
import { groupMessages } from './policy.js';
import type { GroupMemberRow, GroupRow } from './presenter.js';

export type GroupSortKey = 'name' | 'created' | 'members';

export const GROUP_LIST: ListDefinition<GroupSortKey> = {
  sorts: { name: 'lower(g.name)', created: 'g.created_at', members: 'members_count' },
  defaultOrder: 'name',
  tieBreaker: 'g.id',
  searchColumns: ['g.name', 'g.description'],
};

/** A group row as read: the model's columns and its live members' and modules' counts. */
const GROUP_ROW = withColumns(Group, { numberColumns: ['members_count', 'modules_count'] });

function groupsOf(db: Knex, tenantId: string): Knex.QueryBuilder {
  return db('groups as g').where('g.tenant_id', tenantId);
}

/** The group's live members and live modules, counted in the group's own query. */
function selectGroup(db: Knex) {
  return (query: Knex.QueryBuilder) =>
    query.select(
      'g.id',
      'g.name',
      'g.description',
      'g.deleted_at',
      'g.created_at',
      'g.updated_at',
      db('group_tenant_users as gtu')
        .join('tenant_users as tu', 'tu.id', 'gtu.tenant_user_id')
        .count('*')
        .where('gtu.group_id', db.ref('g.id'))
        .whereNull('tu.deleted_at')
        .as('members_count'),
      db('module_groups as mg')
        .join('modules as m', 'm.id', 'mg.module_id')
        .count('*')
        .where('mg.group_id', db.ref('g.id'))
        .whereNull('m.deleted_at')
        .as('modules_count'),
    );
}

export async function listGroups(db: Database, tenantId: string, params: ListParams<GroupSortKey>): Promise<Page<GroupRow>> {
  const { knex } = db;
  const filtered = applyArchived(groupsOf(knex, tenantId), 'g.deleted_at', params.archived);
  return normalisedPage<GroupRow>(await paginate<object, GroupSortKey>(db, filtered, params, GROUP_LIST, selectGroup(knex)), GROUP_ROW);
}

async function requireGroup(db: Knex, tenantId: string, id: string): Promise<GroupRow> {
  const group = (await selectGroup(db)(groupsOf(db, tenantId).where('g.id', id)).first()) as object | undefined;
  if (!group) throw notFound(groupMessages.notFound);
  return normaliseRow<GroupRow>(GROUP_ROW, group);
}

async function membersOfGroup(db: Knex, groupId: string): Promise<GroupMemberRow[]> {
  const rows: object[] = await db('group_tenant_users as gtu')
    .join('tenant_users as tu', 'tu.id', 'gtu.tenant_user_id')
    .join('users as u', 'u.id', 'tu.user_id')
    .where('gtu.group_id', groupId)
    .whereNull('tu.deleted_at')
    .orderByRaw(`${MEMBER_NAME_SORT} asc`)
    .orderBy('tu.id')
    .select('tu.id', 'tu.role', 'tu.is_active', ...MEMBER_PERSON_COLUMNS);
  return rows.map((row) => normaliseRow<GroupMemberRow>(MEMBER_ROW, row));
}

/** The group's live modules, by name (what the edit form's module picker shows). */
function modulesOfGroup(db: Knex, groupId: string): Promise<NamedRef[]> {
  return liveRelatedByName(db, { pivot: 'module_groups', ownerColumn: 'group_id', ownerId: groupId, otherColumn: 'module_id', otherTable: 'modules' });
}

export interface GroupWithMembers {
  group: GroupRow;
  members: GroupMemberRow[];
  modules: NamedRef[];
}

export async function loadGroup(db: Knex, tenantId: string, id: string): Promise<GroupWithMembers> {
  const group = await requireGroup(db, tenantId, id);
  const [members, modules] = await Promise.all([membersOfGroup(db, id), modulesOfGroup(db, id)]);
  return { group, members, modules };
}

export async function createGroup(knex: Knex, tenantId: string, input: { name: string; description: string }): Promise<GroupWithMembers> {
  const now = new Date().toISOString();
  const id = newId();
  await Group.query(knex).insert({
    id,
    tenant_id: tenantId,
    name: input.name,
    description: input.description,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  });
  return loadGroup(knex, tenantId, id);
}

export interface GroupChanges {
  name?: string;
  description?: string;
  isDeleted?: boolean;
}

export async function updateGroup(knex: Knex, tenantId: string, id: string, changes: GroupChanges): Promise<GroupWithMembers> {
  return knex.transaction(async (trx) => {
    const group = await requireGroup(trx, tenantId, id);
    const edits: Partial<Pick<Group, 'name' | 'description' | 'deleted_at'>> = {};
    if (changes.name !== undefined && changes.name !== group.name) edits.name = changes.name;
    if (changes.description !== undefined && changes.description !== group.description) edits.description = changes.description;
    const plan = planArchive(group, changes.isDeleted, Object.keys(edits).length > 0, 'group');
    if (plan.deleted_at !== undefined) edits.deleted_at = plan.deleted_at?.toISOString() ?? null;
    if (Object.keys(edits).length > 0)
      await Group.query(trx)
        .findById(id)
        .patch({ ...edits, updated_at: new Date().toISOString() });
    return loadGroup(trx, tenantId, id);
  });
}

/** Replaces the group's live members with `memberIds` (live memberships of the same organization). */
export async function relateMembers(knex: Knex, tenantId: string, id: string, memberIds: string[]): Promise<GroupWithMembers> {
  return knex.transaction(async (trx) => {
    const group = await requireGroup(trx, tenantId, id);
    if (isArchived(group)) throw fieldError('is_deleted', archiveMessages('group').archived);
    const liveMembers = () => trx('tenant_users').where('tenant_id', tenantId).whereNull('deleted_at').select('id');
    const found = await existingIds(liveMembers, 'id', memberIds);
    if (found.size !== memberIds.length) throw fieldError('tenant_users', groupMessages.unknownMembers);
    await replaceRelations(trx, {
      table: 'group_tenant_users',
      ownerColumn: 'group_id',
      ownerId: id,
      otherColumn: 'tenant_user_id',
      otherIds: memberIds,
      managed: liveMembers(),
    });
    return loadGroup(trx, tenantId, id);
  });
}

/** Replaces the group's live modules with `moduleIds` (live modules of the same organization). */
export async function relateModules(knex: Knex, tenantId: string, id: string, moduleIds: string[]): Promise<GroupWithMembers> {
  return knex.transaction(async (trx) => {
    const group = await requireGroup(trx, tenantId, id);
    if (isArchived(group)) throw fieldError('is_deleted', archiveMessages('group').archived);
    const liveModules = () => trx('modules').where('tenant_id', tenantId).whereNull('deleted_at').select('id');
    const found = await existingIds(liveModules, 'id', moduleIds);
    if (found.size !== moduleIds.length) throw fieldError('modules', groupMessages.unknownModules);
    await replaceRelations(trx, {
      table: 'module_groups',
      ownerColumn: 'group_id',
      ownerId: id,
      otherColumn: 'module_id',
      otherIds: moduleIds,
      managed: liveModules(),
    });
    return loadGroup(trx, tenantId, id);
  });
}
