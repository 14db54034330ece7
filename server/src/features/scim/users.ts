/**
 * SCIM Users (ARCHITECTURE.md#scim-provisioning): a SCIM User is a live membership of the organization
 * (`tenant_users`) with its account. `userName` and the one work email are the account's address, `name` and
 * `displayName` its name, `active` the membership's, `externalId` the membership's `external_id`. Creating makes the
 * account when the address is new (no password: forgot password sets one) and a `user` membership; `active=false`
 * suspends through the members screen's rule; DELETE removes the membership, and the account stays.
 */
import type { Database, TenantDatabase } from '../../db/database.js';
import { recordAuditEvent, type AuditActor } from '../../db/audit.js';
import { newId } from '../../db/ids.js';
import { TenantUser, User } from '../../db/models.js';
import type { Query } from '../../db/query.js';
import { isUniqueViolation } from '../../db/values.js';
import { publishMemberEvent } from '../../events/members.js';
import { normalizeEmail } from '../../http/input.js';
import type { JobQueue } from '../../jobs/queue.js';
import { invitee } from '../accounts/service.js';
import { changeMembership } from '../tenant-users/service.js';
import { invalidValue, mutability, scimNotFound, uniqueness } from './errors.js';
import { applyFilter, type AttributeMap } from './filter.js';
import { selectUser, userByName, USER_ROW, usersOf, type UserRow } from './hot.js';
import { applyPatch, type PatchOperation } from './patch.js';
import { isObject, listResponse, optionalText, scimBoolean, shaped, USER_SCHEMA, totalOf, type ListRequest, type ScimResource } from './resources.js';

export interface ScimContext {
  db: Database;
  jobs: JobQueue;
  tenantId: string;
  /** `PUBLIC_URL/scim/v2/{tenantId}`: resources' `meta.location`. */
  baseUrl: string;
  actor: AuditActor;
}

/** The filterable attributes (RFC 7643 section 4.1); emails are stored lower-cased, so `userName` compares caselessly. */
const USER_ATTRIBUTES: AttributeMap = {
  id: { column: 'tu.id', kind: 'text' },
  username: { column: 'u.email', kind: 'lowercased' },
  'emails.value': { column: 'u.email', kind: 'lowercased' },
  // The one address Tessera keeps is the work one: `emails[type eq "work"]` holds for every member, another type for none.
  'emails.type': {
    column: 'u.email',
    kind: 'text',
    where: (query, op, value) => void (op === 'eq' && String(value).toLowerCase() === 'work' ? query : query.whereRaw('1 = 0')),
  },
  externalid: { column: 'tu.external_id', kind: 'text' },
  displayname: { column: 'u.name', kind: 'caseless' },
  'name.formatted': { column: 'u.name', kind: 'caseless' },
  'name.givenname': { column: 'u.name', kind: 'caseless', where: (query, op, value) => nameWord(query, op, value, 'given') },
  'name.familyname': { column: 'u.name', kind: 'caseless', where: (query, op, value) => nameWord(query, op, value, 'family') },
  active: { column: 'tu.is_active', kind: 'boolean' },
  'meta.created': { column: 'tu.created_at', kind: 'date' },
  'meta.lastmodified': { column: 'tu.updated_at', kind: 'date' },
};

/** Tessera keeps one name: a given name is its start, a family name its end (`eq` only). */
function nameWord(query: Query, op: string, value: unknown, part: 'given' | 'family'): void {
  if (op !== 'eq' || typeof value !== 'string') throw invalidValue(`name.${part}Name is filtered with eq only.`);
  const escaped = value.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
  query.whereRaw("lower(u.name) like ? escape '\\'", [part === 'given' ? `${escaped} %` : `% ${escaped}`]);
}

function nameParts(name: string): { givenName?: string; familyName?: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return words[0] ? { givenName: words[0] } : {};
  return { givenName: words.slice(0, -1).join(' '), familyName: words[words.length - 1] };
}

function presentUser(context: Pick<ScimContext, 'baseUrl'>, row: UserRow): ScimResource {
  return {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    userName: row.email,
    name: { formatted: row.name, ...nameParts(row.name) },
    displayName: row.name,
    active: row.is_active,
    emails: [{ value: row.email, type: 'work', primary: true }],
    meta: { resourceType: 'User', created: row.created_at, lastModified: row.updated_at, location: `${context.baseUrl}/Users/${row.id}` },
  };
}

async function findUser(org: TenantDatabase, id: string): Promise<UserRow> {
  const row = await org.row<UserRow>(selectUser(usersOf(org).where('tu.id', id)), USER_ROW);
  if (!row) throw scimNotFound('User not found.');
  return row;
}

export async function getUser(context: ScimContext, id: string): Promise<ScimResource> {
  return presentUser(context, await findUser(context.db.inTenant(context.tenantId), id));
}

export async function listUsers(context: ScimContext, request: ListRequest) {
  const searched = searchedUserName(request);
  if (searched !== undefined) {
    const rows = await userByName(context.db, context.tenantId, searched);
    return listResponse(
      rows.map((row) => shaped(presentUser(context, row), request)),
      rows.length,
      1,
    );
  }
  const org = context.db.inTenant(context.tenantId);
  const matching = () => (request.filter ? applyFilter(usersOf(org), USER_ATTRIBUTES, request.filter) : usersOf(org));
  const rows =
    request.count === 0
      ? []
      : await org.rows<UserRow>(
          selectUser(matching())
            .orderBy('tu.id')
            .limit(request.count)
            .offset(request.startIndex - 1),
          USER_ROW,
        );
  return listResponse(
    rows.map((row) => shaped(presentUser(context, row), request)),
    await totalOf(org, request, rows.length, matching),
    request.startIndex,
  );
}

/** The address of Okta's search before each create (`userName eq "…"`, first page), the one hot lookup (hot.ts). */
function searchedUserName(request: ListRequest): string | undefined {
  const { filter } = request;
  if (!filter || filter.op !== 'eq' || request.startIndex !== 1 || request.count === 0) return undefined;
  if (filter.attrPath.toLowerCase() !== 'username' || typeof filter.compValue !== 'string') return undefined;
  return filter.compValue.toLowerCase();
}

/** What a SCIM User body sets in Tessera. */
interface UserFields {
  email: string;
  name: string;
  active: boolean;
  externalId: string | null;
}

/** Display name: `name.formatted`, else given + family, else `displayName`, else the address. */
function userFields(body: Record<string, unknown>): UserFields {
  const userName = optionalText(body.userName, 'userName');
  if (!userName) throw invalidValue('userName is required.');
  const email = normalizeEmail(userName);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalidValue('userName must be an email address.');
  // `.invalid` (RFC 2606) is no person's: integration clients' accounts live there, and SCIM never makes them members.
  if (email.endsWith('.invalid')) throw invalidValue("userName must be a person's email address.");
  const name = isObject(body.name) ? body.name : {};
  const given = optionalText(name.givenName, 'name.givenName');
  const family = optionalText(name.familyName, 'name.familyName');
  const displayName =
    optionalText(name.formatted, 'name.formatted') ??
    ([given, family].filter(Boolean).join(' ') || null) ??
    optionalText(body.displayName, 'displayName') ??
    email;
  return {
    email,
    name: displayName,
    active: body.active === undefined || body.active === null ? true : scimBoolean(body.active, 'active'),
    externalId: optionalText(body.externalId, 'externalId'),
  };
}

async function assertExternalIdFree(org: TenantDatabase, externalId: string | null, memberId: string | null): Promise<void> {
  if (externalId === null) return;
  const holder = await org.row<{ id: string }>(org.from('tenant_users').where('external_id', externalId).select('id'));
  if (holder && holder.id !== memberId) throw uniqueness('Another member of this organization has this externalId.');
}

async function audit(org: TenantDatabase, context: ScimContext, action: string, row: Pick<UserRow, 'id' | 'email'>, details?: Record<string, unknown>) {
  await recordAuditEvent(org, { actor: context.actor, action, target: { kind: 'member', id: row.id, name: row.email }, details });
}

/**
 * POST /Users: the account (made when the address is new) becomes an active member; an invitation waiting is
 * accepted and a removed membership brought back. A live member with that address is 409 `uniqueness`.
 */
export async function createUser(context: ScimContext, body: Record<string, unknown>): Promise<ScimResource> {
  const fields = userFields(body);
  try {
    const created = await context.db.inTenant(context.tenantId).transaction(async (org): Promise<UserRow> => {
      const account = await invitee(org.db, fields.email, { name: fields.name });
      const previous = await org.row<Pick<TenantUser, 'id' | 'invited_at' | 'deleted_at' | 'created_at'>>(
        org.from('tenant_users').where('user_id', account.id).select('id', 'invited_at', 'deleted_at', 'created_at'),
        TenantUser,
      );
      if (previous && previous.deleted_at === null && previous.invited_at === null) throw uniqueness('A member of this organization has this userName.');
      await assertExternalIdFree(org, fields.externalId, previous?.id ?? null);
      const now = new Date().toISOString();
      const membership = { is_active: fields.active, invited_at: null, deleted_at: null, external_id: fields.externalId, updated_at: now };
      const memberId = previous?.id ?? newId();
      if (previous) await org.write(TenantUser).findById(memberId).patch(membership);
      else await org.write(TenantUser).insert({ id: memberId, user_id: account.id, role: 'user', created_at: now, ...membership });
      if (fields.active) await publishMemberEvent(context.jobs, org, 'member.joined', memberId);
      await audit(org, context, 'scim.user.created', { id: memberId, email: fields.email }, { active: fields.active, externalId: fields.externalId });
      // Answered from what was just written: no read after the commit (server/bench/scim.ts, POST /Users).
      return {
        id: memberId,
        user_id: account.id,
        external_id: fields.externalId,
        is_active: fields.active,
        created_at: previous?.created_at ?? now,
        updated_at: now,
        email: account.email,
        name: account.name,
      };
    });
    return presentUser(context, created);
  } catch (error) {
    // Two creates of the same person at once: the second is the one that finds a member.
    if (isUniqueViolation(error)) throw uniqueness('A member of this organization has this userName or externalId.');
    throw error;
  }
}

/** Writes what differs between the member's current representation and the wanted fields, in the caller's transaction. */
async function applyUserFields(org: TenantDatabase, context: ScimContext, current: UserRow, wanted: UserFields): Promise<void> {
  if (wanted.email !== current.email) throw mutability("userName cannot be changed through SCIM: the address is the person's account.");
  const changed: Record<string, unknown> = {};
  if (wanted.externalId !== current.external_id) {
    await assertExternalIdFree(org, wanted.externalId, current.id);
    await org.write(TenantUser).findById(current.id).patch({ external_id: wanted.externalId, updated_at: new Date().toISOString() });
    changed.externalId = wanted.externalId;
  }
  if (wanted.name !== current.name && (await isOnlyHere(org, current))) {
    // The name belongs to the account: renamed only when this organization is the only one it belongs to.
    await org.db.write(User).findById(current.user_id).patch({ name: wanted.name, updated_at: new Date().toISOString() });
    await org.write(TenantUser).findById(current.id).patch({ updated_at: new Date().toISOString() });
    changed.name = wanted.name;
  }
  if (Object.keys(changed).length > 0) await audit(org, context, 'scim.user.updated', current, changed);
  if (wanted.active !== current.is_active) {
    await changeMembership(org, context.jobs, current.id, { isActive: wanted.active });
    await audit(org, context, wanted.active ? 'scim.user.reactivated' : 'scim.user.deactivated', current);
  }
}

async function isOnlyHere(org: TenantDatabase, current: UserRow): Promise<boolean> {
  const other = await org.row(
    org.db.acrossTenants('tenant_users').where('user_id', current.user_id).whereNot('tenant_id', org.tenantId).whereNull('deleted_at').select('id'),
  );
  return !other;
}

async function updateUser(context: ScimContext, id: string, wantedOf: (current: UserRow) => UserFields): Promise<ScimResource> {
  try {
    await context.db.inTenant(context.tenantId).transaction(async (org) => {
      const current = await findUser(org, id);
      await applyUserFields(org, context, current, wantedOf(current));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueness('Another member of this organization has this externalId.');
    throw error;
  }
  return getUser(context, id);
}

/** PUT /Users/{id}: the body is the whole user (Okta sends it so); an absent externalId clears it. */
export function replaceUser(context: ScimContext, id: string, body: Record<string, unknown>): Promise<ScimResource> {
  return updateUser(context, id, () => userFields(body));
}

/** PATCH /Users/{id}: the operations on the current representation, then its difference written. */
export function patchUser(context: ScimContext, id: string, operations: PatchOperation[]): Promise<ScimResource> {
  return updateUser(context, id, (current) => {
    const before = presentUser(context, current);
    return userFields(withChangedNameParts(before, applyPatch(before, operations)));
  });
}

/**
 * A PATCH of `name.givenName` or `name.familyName` alone renames: the patched `formatted`, still the old name, would
 * otherwise win over the new parts (Okta patches the parts; Entra ID also sends `formatted`).
 */
function withChangedNameParts(before: ScimResource, after: ScimResource): ScimResource {
  const [old, patched] = [before.name, after.name];
  if (!isObject(old) || !isObject(patched) || patched.formatted !== old.formatted) return after;
  if (patched.givenName === old.givenName && patched.familyName === old.familyName) return after;
  const { formatted: _formatted, ...parts } = patched;
  return { ...after, name: parts };
}

/** DELETE /Users/{id}: the membership is removed as the members screen removes one; the account stays. */
export async function deleteUser(context: ScimContext, id: string): Promise<void> {
  await context.db.inTenant(context.tenantId).transaction(async (org) => {
    const current = await findUser(org, id);
    await changeMembership(org, context.jobs, id, { isDeleted: true });
    await audit(org, context, 'scim.user.deleted', current);
  });
}
