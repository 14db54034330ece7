/**
 * SCIM Groups (ARCHITECTURE.md#scim-provisioning): a SCIM Group is a live group of the organization
 * (features/groups' table), `displayName` its name (unique among its live groups here: a duplicate is 409), its
 * members the SCIM Users (membership ids). Entra ID adds and removes members in PATCH batches: those operations are
 * written as inserts and deletes of the named members, never a load and rewrite of the whole member list.
 */
import type { TenantDatabase } from '../../db/database.js';
import { recordAuditEvent } from '../../db/audit.js';
import { newId } from '../../db/ids.js';
import { Group, GroupMember } from '../../db/models.js';
import type { Query } from '../../db/query.js';
import { chunks, existingIds, replaceRelations } from '../../db/relations.js';
import { isUniqueViolation } from '../../db/values.js';
import { invalidValue, noTarget, scimNotFound, uniqueness } from './errors.js';
import { applyFilter, parseFilter, type AttributeMap } from './filter.js';
import { applyPatch, type PatchOperation } from './patch.js';
import { GROUP_SCHEMA, isAsked, isObject, listResponse, optionalText, shaped, totalOf, type ListRequest, type ScimResource } from './resources.js';
import type { ScimContext } from './users.js';

interface GroupRow {
  id: string;
  name: string;
  external_id: string | null;
  created_at: string;
  updated_at: string;
}

interface MemberRef {
  value: string;
  display: string;
}

const GROUP_ATTRIBUTES: AttributeMap = {
  id: { column: 'g.id', kind: 'text' },
  displayname: { column: 'g.name', kind: 'caseless' },
  externalid: { column: 'g.external_id', kind: 'text' },
  'members.value': {
    column: 'g.id',
    kind: 'text',
    where: (query, op, value) => {
      if (op !== 'eq' || typeof value !== 'string') throw invalidValue('members.value is filtered with eq only.');
      query.whereExists((member) => member.select(1).from('group_tenant_users as gtu').whereRaw('gtu.group_id = g.id').where('gtu.tenant_user_id', value));
    },
  },
  'meta.created': { column: 'g.created_at', kind: 'date' },
  'meta.lastmodified': { column: 'g.updated_at', kind: 'date' },
};

function groupsOf(org: TenantDatabase): Query {
  return org.from('groups as g').whereNull('g.deleted_at');
}

function selectGroup(query: Query): Query {
  return query.select('g.id', 'g.name', 'g.external_id', 'g.created_at', 'g.updated_at');
}

/** The live SCIM Users among the groups' members, by group (one query for a page of groups). */
async function membersOf(org: TenantDatabase, groupIds: string[]): Promise<Map<string, MemberRef[]>> {
  const byGroup = new Map<string, MemberRef[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await org.rows<{ group_id: string; id: string; email: string }>(
    org
      .reached('group_tenant_users as gtu')
      .join('tenant_users as tu', 'tu.id', 'gtu.tenant_user_id')
      .join('users as u', 'u.id', 'tu.user_id')
      .whereIn('gtu.group_id', groupIds)
      .whereNull('tu.deleted_at')
      .whereNull('tu.invited_at')
      .orderBy('tu.id')
      .select('gtu.group_id', 'tu.id', 'u.email'),
  );
  for (const row of rows) byGroup.get(row.group_id)?.push({ value: row.id, display: row.email });
  return byGroup;
}

function presentGroup(context: Pick<ScimContext, 'baseUrl'>, row: GroupRow, members: MemberRef[] | undefined): ScimResource {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    displayName: row.name,
    ...(members ? { members: members.map((member) => ({ ...member, $ref: `${context.baseUrl}/Users/${member.value}` })) } : {}),
    meta: { resourceType: 'Group', created: row.created_at, lastModified: row.updated_at, location: `${context.baseUrl}/Groups/${row.id}` },
  };
}

async function findGroup(org: TenantDatabase, id: string): Promise<GroupRow> {
  const row = await org.row<GroupRow>(selectGroup(groupsOf(org).where('g.id', id)), Group);
  if (!row) throw scimNotFound('Group not found.');
  return row;
}

type Shape = Pick<ListRequest, 'attributes' | 'excludedAttributes'>;
const EVERYTHING: Shape = { attributes: [], excludedAttributes: [] };

export async function getGroup(context: ScimContext, id: string, shape: Shape = EVERYTHING): Promise<Record<string, unknown>> {
  const org = context.db.inTenant(context.tenantId);
  const row = await findGroup(org, id);
  const members = isAsked(shape, 'members') ? (await membersOf(org, [id])).get(id) : undefined;
  return shaped(presentGroup(context, row, members), shape);
}

export async function listGroups(context: ScimContext, request: ListRequest) {
  const org = context.db.inTenant(context.tenantId);
  const matching = () => (request.filter ? applyFilter(groupsOf(org), GROUP_ATTRIBUTES, request.filter) : groupsOf(org));
  const rows =
    request.count === 0
      ? []
      : await org.rows<GroupRow>(
          selectGroup(matching())
            .orderBy('g.id')
            .limit(request.count)
            .offset(request.startIndex - 1),
          Group,
        );
  const members = isAsked(request, 'members')
    ? await membersOf(
        org,
        rows.map((row) => row.id),
      )
    : undefined;
  return listResponse(
    rows.map((row) => shaped(presentGroup(context, row, members?.get(row.id)), request)),
    await totalOf(org, request, rows.length, matching),
    request.startIndex,
  );
}

/** The member ids of a `members` value (`[{ "value": "<id>" }]`); each must be a live SCIM User here. */
async function memberIds(org: TenantDatabase, value: unknown): Promise<string[]> {
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((member) => {
    if (!isObject(member) || typeof member.value !== 'string' || member.value.length > 64) throw invalidValue('Each member is { "value": "<User id>" }.');
    return member.value;
  });
  const unique = [...new Set(ids)];
  const found = await existingIds(org, () => org.from('tenant_users').whereNull('deleted_at').whereNull('invited_at'), 'id', unique);
  const unknown = unique.filter((id) => !found.has(id));
  if (unknown.length > 0) throw invalidValue(`No User with id ${unknown[0]} in this organization.`);
  return unique;
}

async function assertNameFree(org: TenantDatabase, name: string, groupId: string | null): Promise<void> {
  const holder = await org.row<{ id: string }>(groupsOf(org).whereRaw('lower(g.name) = ?', [name.toLowerCase()]).select('g.id'));
  if (holder && holder.id !== groupId) throw uniqueness('A group of this organization has this displayName.');
}

async function assertExternalIdFree(org: TenantDatabase, externalId: string | null, groupId: string | null): Promise<void> {
  if (externalId === null) return;
  const holder = await org.row<{ id: string }>(org.from('groups').where('external_id', externalId).select('id'));
  if (holder && holder.id !== groupId) throw uniqueness('Another group of this organization has this externalId.');
}

interface GroupFields {
  name: string;
  externalId: string | null;
}

function groupFields(body: Record<string, unknown>): GroupFields {
  const name = optionalText(body.displayName, 'displayName');
  if (!name) throw invalidValue('displayName is required.');
  return { name, externalId: optionalText(body.externalId, 'externalId') };
}

function audit(org: TenantDatabase, context: ScimContext, action: string, group: { id: string; name: string }, details?: Record<string, unknown>) {
  return recordAuditEvent(org, { actor: context.actor, action, target: { kind: 'group', id: group.id, name: group.name }, details });
}

async function addMembers(org: TenantDatabase, context: ScimContext, group: GroupRow, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const now = new Date();
  await org.insertRows(
    GroupMember,
    ids.map((id) => ({ group_id: group.id, tenant_user_id: id, created_at: now })),
    { onConflict: ['group_id', 'tenant_user_id'], ignore: true },
  );
  await audit(org, context, 'scim.group.member_added', group, { members: ids });
}

async function removeMembers(org: TenantDatabase, context: ScimContext, group: GroupRow, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const part of chunks(ids)) await org.write(GroupMember).where('group_id', group.id).whereIn('tenant_user_id', part).delete();
  await audit(org, context, 'scim.group.member_removed', group, { members: ids });
}

async function replaceMembers(org: TenantDatabase, context: ScimContext, group: GroupRow, ids: string[]): Promise<void> {
  await replaceRelations(org, {
    model: GroupMember,
    ownerColumn: 'group_id',
    ownerId: group.id,
    otherColumn: 'tenant_user_id',
    otherIds: ids,
    managed: org.from('tenant_users').whereNull('deleted_at').select('id'),
  });
  await audit(org, context, 'scim.group.members_replaced', group, { members: ids });
}

function withUniqueness<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    if (isUniqueViolation(error)) throw uniqueness('Another group of this organization has this externalId.');
    throw error;
  });
}

export async function createGroup(context: ScimContext, body: Record<string, unknown>) {
  const fields = groupFields(body);
  const id = await withUniqueness(
    context.db.inTenant(context.tenantId).transaction(async (org) => {
      await assertNameFree(org, fields.name, null);
      await assertExternalIdFree(org, fields.externalId, null);
      const now = new Date().toISOString();
      const row = { id: newId(), name: fields.name, external_id: fields.externalId, created_at: now, updated_at: now };
      await org.write(Group).insert({ ...row, description: '', deleted_at: null });
      await audit(org, context, 'scim.group.created', row, { externalId: fields.externalId });
      await addMembers(org, context, row, body.members === undefined || body.members === null ? [] : await memberIds(org, body.members));
      return row.id;
    }),
  );
  return getGroup(context, id);
}

async function applyGroupFields(org: TenantDatabase, context: ScimContext, current: GroupRow, wanted: GroupFields): Promise<void> {
  const edits: Partial<Pick<Group, 'name' | 'external_id'>> = {};
  if (wanted.name !== current.name) {
    await assertNameFree(org, wanted.name, current.id);
    edits.name = wanted.name;
  }
  if (wanted.externalId !== current.external_id) {
    await assertExternalIdFree(org, wanted.externalId, current.id);
    edits.external_id = wanted.externalId;
  }
  if (Object.keys(edits).length === 0) return;
  await org
    .write(Group)
    .findById(current.id)
    .patch({ ...edits, updated_at: new Date().toISOString() });
  await audit(org, context, 'scim.group.updated', { id: current.id, name: wanted.name }, edits);
}

/** PUT /Groups/{id}: name, externalId and the whole member list replaced. */
export async function replaceGroup(context: ScimContext, id: string, body: Record<string, unknown>) {
  const fields = groupFields(body);
  await withUniqueness(
    context.db.inTenant(context.tenantId).transaction(async (org) => {
      const current = await findGroup(org, id);
      await applyGroupFields(org, context, current, fields);
      await replaceMembers(org, context, current, body.members === undefined || body.members === null ? [] : await memberIds(org, body.members));
    }),
  );
  return getGroup(context, id);
}

/** `members[value eq "<id>"]`: the one member a remove names (Entra ID's form). */
function memberOfPath(path: string): string | undefined {
  const filter = parseFilter(path);
  if (filter.op === '[]' && filter.attrPath.toLowerCase() === 'members' && filter.valFilter.op === 'eq' && 'attrPath' in filter.valFilter) {
    const { attrPath, compValue } = filter.valFilter;
    if (attrPath.toLowerCase() === 'value' && typeof compValue === 'string') return compValue;
  }
  return undefined;
}

/** A member operation written as such (add, remove, replace of `members`); any other goes through scim-patch. */
async function memberOperation(org: TenantDatabase, context: ScimContext, group: GroupRow, operation: PatchOperation): Promise<boolean> {
  const path = operation.path?.toLowerCase();
  if (path === 'members') {
    if (operation.op === 'remove') {
      // Without a value, every member goes; with one, the members it lists.
      if (operation.value === undefined) await replaceMembers(org, context, group, []);
      else await removeMembers(org, context, group, memberIdsOf(operation.value));
    } else if (operation.op === 'add') await addMembers(org, context, group, await memberIds(org, operation.value));
    else await replaceMembers(org, context, group, await memberIds(org, operation.value));
    return true;
  }
  if (path?.startsWith('members[')) {
    const member = memberOfPath(operation.path!);
    if (!member || operation.op !== 'remove') throw noTarget('Only remove members[value eq "<id>"] is supported on a member filter.');
    await removeMembers(org, context, group, [member]);
    return true;
  }
  if (path === undefined && isObject(operation.value) && 'members' in operation.value) {
    const { members, ...rest } = operation.value;
    const ids = await memberIds(org, members);
    if (operation.op === 'add') await addMembers(org, context, group, ids);
    else await replaceMembers(org, context, group, ids);
    return Object.keys(rest).length === 0;
  }
  return false;
}

/** Ids named by a remove's value; unknown ones are nothing to remove. */
function memberIdsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((member) => (isObject(member) && typeof member.value === 'string' ? [member.value] : []));
}

/** PATCH /Groups/{id}; answers the group, or nothing when the provider asked for no body (Entra: 204). */
export async function patchGroup(context: ScimContext, id: string, operations: PatchOperation[]): Promise<void> {
  await withUniqueness(
    context.db.inTenant(context.tenantId).transaction(async (org) => {
      const current = await findGroup(org, id);
      const rest: PatchOperation[] = [];
      for (const operation of operations) {
        if (!(await memberOperation(org, context, current, operation))) rest.push(stripMembers(operation));
      }
      if (rest.length === 0) return;
      const patched = applyPatch(presentGroup(context, current, undefined), rest);
      await applyGroupFields(org, context, current, groupFields(patched));
    }),
  );
}

function stripMembers(operation: PatchOperation): PatchOperation {
  if (operation.path !== undefined || !isObject(operation.value)) return operation;
  const { members: _members, ...value } = operation.value;
  return { ...operation, value };
}

export async function deleteGroup(context: ScimContext, id: string): Promise<void> {
  await context.db.inTenant(context.tenantId).transaction(async (org) => {
    const current = await findGroup(org, id);
    const now = new Date().toISOString();
    await org.write(Group).findById(id).patch({ deleted_at: now, updated_at: now });
    await audit(org, context, 'scim.group.deleted', current);
  });
}
