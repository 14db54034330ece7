/**
 * Members of an organization: the list, adding by email (notice or invitation), role and activity
 * changes, archive and restore, and a member's groups. Every query is scoped to the caller's organization,
 * so another organization's member is 404.
 */
import type { GroupSummary, NamedRef } from '@tessera/sdk';
import type { AppServices } from '../../context.js';
import { isArchived, planArchive, archiveMessages } from '../../http/archiving.js';
import type { Database, TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { searchMemberPeople } from '../../db/contains-search.js';
import { GroupMember, TenantUser, type Role } from '../../db/models.js';
import { ModuleMember } from '../../db/content-models.js';
import type { Query } from '../../db/query.js';
import { existingIds, liveRelatedByName, replaceRelations } from '../../db/relations.js';
import { fieldError, notFound } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import { publishMemberEvent } from '../../events/members.js';
import { applyArchived, applySearch, listRows, normalisedPage, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import type { TenantAccess, TenantRef } from '../../http/tenant-access.js';
import { invitee, issueMembershipInvitation, sendMembershipInvitation } from '../accounts/service.js';
import { assertNotOwnMembership, memberMessages } from './policy.js';
import { memberRowsById, membersOf, selectMember } from './hot.js';
import { MEMBER_NAME_SORT, MEMBER_ROW, type MemberRow } from './presenter.js';

export type MemberSortKey = 'user' | 'email' | 'role' | 'status' | 'joined';

export const MEMBER_LIST: ListDefinition<MemberSortKey> = {
  sorts: {
    user: MEMBER_NAME_SORT,
    email: 'u.email',
    role: "case tu.role when 'user' then 0 when 'admin' then 1 else 2 end",
    status: 'case when tu.invited_at is not null then 1 when tu.is_active then 0 else 2 end',
    joined: 'tu.created_at',
  },
  defaultOrder: 'user',
  tieBreaker: 'tu.id',
  searchColumns: ['u.name', 'u.email'],
  search: searchMembers,
};

/**
 * "Search by name or email"; an invited person is found by the email only (their name is not the organization's yet).
 * The people search leads and the invited are then held to their email: an OR of the two kinds of member made SQLite
 * read all 10,000 members of an organization for every search (3.8 ms a query, server/bench/people.ts).
 */
function searchMembers(db: Database, query: Query, term: string): Query {
  return searchMemberPeople(db, query, term).where((joinedOrByEmail) =>
    joinedOrByEmail.whereNull('tu.invited_at').orWhere((invited) => void applySearch(invited, ['u.email'], term)),
  );
}

export async function listMembers(db: Database, tenantId: string, params: ListParams<MemberSortKey>): Promise<Page<MemberRow>> {
  const org = db.inTenant(tenantId);
  const filtered = applyArchived(membersOf(org), 'tu.deleted_at', params.archived);
  const page = await paginate<object, MemberSortKey>(db, filtered, params, MEMBER_LIST, selectMember(org), { rowsById: memberRowsById(db, tenantId) });
  return normalisedPage<MemberRow>(page, MEMBER_ROW);
}

/** Every member of the view and search, in the list's sort, batch after batch (the list's CSV: `listRows`). */
export function allMembers(db: Database, tenantId: string, params: ListParams<MemberSortKey>): AsyncIterable<MemberRow[]> {
  const org = db.inTenant(tenantId);
  const filtered = applyArchived(membersOf(org), 'tu.deleted_at', params.archived);
  return listRows<MemberRow, MemberSortKey>(db, filtered, params, MEMBER_LIST, selectMember(org), { columns: MEMBER_ROW });
}

async function requireMember(org: TenantDatabase, id: string): Promise<MemberRow> {
  const member = await org.row<MemberRow>(selectMember(org)(membersOf(org).where('tu.id', id)), MEMBER_ROW);
  if (!member) throw notFound(memberMessages.notFound);
  return member;
}

/** The member's live groups, by name. */
function groupsOfMember(org: TenantDatabase, memberId: string): Promise<GroupSummary[]> {
  return liveRelatedByName(org, {
    pivot: 'group_tenant_users',
    ownerColumn: 'tenant_user_id',
    ownerId: memberId,
    otherColumn: 'group_id',
    otherTable: 'groups',
  });
}

/** The live modules related to the member directly, by name (what the edit form's module picker shows). */
function modulesOfMember(org: TenantDatabase, memberId: string): Promise<NamedRef[]> {
  return liveRelatedByName(org, {
    pivot: 'module_tenant_users',
    ownerColumn: 'tenant_user_id',
    ownerId: memberId,
    otherColumn: 'module_id',
    otherTable: 'modules',
  });
}

export interface MemberWithGroups {
  member: MemberRow;
  groups: GroupSummary[];
  modules: NamedRef[];
}

export async function loadMember(db: Database, tenantId: string, id: string): Promise<MemberWithGroups> {
  return loadMemberOf(db.inTenant(tenantId), id);
}

async function loadMemberOf(org: TenantDatabase, id: string): Promise<MemberWithGroups> {
  const member = await requireMember(org, id);
  const [groups, modules] = await Promise.all([groupsOfMember(org, id), modulesOfMember(org, id)]);
  return { member, groups, modules };
}

type Services = Pick<AppServices, 'db' | 'jobs' | 'log' | 'config'>;

/**
 * Adds a person by email as an invited membership (ARCHITECTURE.md#member-invitations): an unknown email gets an
 * account without a password; the membership (new, or a removed one brought back) waits, `invited_at` set, until
 * the person accepts the emailed invitation. The adder learns nothing about the account: the same rows are read
 * and written, one token issued and one email sent whether or not the address had an account. A live member or a
 * waiting invitation answers 422. The membership, the token and the queued email are written in one transaction.
 */
export async function addMember(services: Services, tenant: TenantRef, input: { email: string; role: Role }): Promise<MemberWithGroups> {
  const id = await services.db.inTenant(tenant.id).transaction(async (org) => {
    const user = await invitee(org.db, input.email);
    const previous = await org.row<Pick<TenantUser, 'id' | 'deleted_at' | 'invited_at'>>(
      org.from('tenant_users').where('user_id', user.id).select('id', 'deleted_at', 'invited_at'),
      TenantUser,
    );
    if (previous && !isArchived(previous)) throw fieldError('email', previous.invited_at ? memberMessages.alreadyInvited : memberMessages.alreadyMember);
    const now = new Date().toISOString();
    const invited = { role: input.role, is_active: true, deleted_at: null, invited_at: now, updated_at: now };
    let membershipId: string;
    if (previous) {
      membershipId = previous.id;
      await org.write(TenantUser).findById(membershipId).patch(invited);
    } else {
      membershipId = newId();
      await org.write(TenantUser).insert({ id: membershipId, user_id: user.id, created_at: now, ...invited });
    }
    await sendMembershipInvitation(services, org.db, await issueMembershipInvitation(org.db, user, membershipId, tenant.name));
    return membershipId;
  });
  return loadMember(services.db, tenant.id, id);
}

export interface MemberChanges {
  role?: Role;
  isActive?: boolean;
  isDeleted?: boolean;
}

/** Role and activity changes, archive (`isDeleted: true`) and restore (which also reactivates, spec section 4). */
export async function updateMember(db: Database, jobs: JobQueue, access: TenantAccess, id: string, changes: MemberChanges): Promise<MemberWithGroups> {
  return db.inTenant(access.tenant.id).transaction(async (org) => {
    const member = await requireMember(org, id);
    assertNotOwnMembership(access, member);
    await applyMemberChanges(org, jobs, member, changes);
    return loadMemberOf(org, id);
  });
}

/**
 * The members screen's rule for a membership's changes, inside the caller's transaction, for a change no person makes
 * (SCIM provisioning, features/scim): suspending and removing publish their events; the session cache is
 * commit-scoped, so the member's next request after the commit is refused (ARCHITECTURE.md#caching).
 */
export async function changeMembership(org: TenantDatabase, jobs: JobQueue, id: string, changes: MemberChanges): Promise<void> {
  await applyMemberChanges(org, jobs, await requireMember(org, id), changes);
}

async function applyMemberChanges(org: TenantDatabase, jobs: JobQueue, member: MemberRow, changes: MemberChanges): Promise<void> {
  const edits: Partial<Pick<TenantUser, 'role' | 'is_active' | 'deleted_at'>> = {};
  if (changes.role !== undefined && changes.role !== member.role) edits.role = changes.role;
  if (changes.isActive !== undefined && changes.isActive !== member.is_active) edits.is_active = changes.isActive;
  const plan = planArchive(member, changes.isDeleted, Object.keys(edits).length > 0, 'member');
  if (plan.deleted_at !== undefined) edits.deleted_at = plan.deleted_at?.toISOString() ?? null;
  if (plan.restored) edits.is_active = changes.isActive ?? true;
  if (Object.keys(edits).length > 0)
    await org
      .write(TenantUser)
      .findById(member.id)
      .patch({ ...edits, updated_at: new Date().toISOString() });
  const event = membershipEvent(edits, plan.restored);
  if (event) await publishMemberEvent(jobs, org, event, member.id);
}

/** The event a membership change is: removed (archived), joined again (restored), or suspended. */
function membershipEvent(edits: Partial<Pick<TenantUser, 'is_active' | 'deleted_at'>>, restored: boolean) {
  if (edits.deleted_at) return 'member.removed';
  if (restored) return 'member.joined';
  if (edits.is_active === false) return 'member.suspended';
  return undefined;
}

/** Replaces the member's live groups with `groupIds` (live groups of the same organization). */
export async function relateGroups(db: Database, tenantId: string, id: string, groupIds: string[]): Promise<MemberWithGroups> {
  return db.inTenant(tenantId).transaction(async (org) => {
    const member = await requireMember(org, id);
    if (isArchived(member)) throw fieldError('is_deleted', archiveMessages('member').archived);
    const liveGroups = () => org.from('groups').whereNull('deleted_at');
    const found = await existingIds(org, liveGroups, 'id', groupIds);
    if (found.size !== groupIds.length) throw fieldError('groups', memberMessages.unknownGroups);
    await replaceRelations(org, {
      model: GroupMember,
      ownerColumn: 'tenant_user_id',
      ownerId: id,
      otherColumn: 'group_id',
      otherIds: groupIds,
      managed: liveGroups().select('id'),
    });
    return loadMemberOf(org, id);
  });
}

/** Replaces the member's directly related live modules with `moduleIds` (live modules of the same organization). */
export async function relateModules(db: Database, tenantId: string, id: string, moduleIds: string[]): Promise<MemberWithGroups> {
  return db.inTenant(tenantId).transaction(async (org) => {
    const member = await requireMember(org, id);
    if (isArchived(member)) throw fieldError('is_deleted', archiveMessages('member').archived);
    const liveModules = () => org.from('modules').whereNull('deleted_at');
    const found = await existingIds(org, liveModules, 'id', moduleIds);
    if (found.size !== moduleIds.length) throw fieldError('modules', memberMessages.unknownModules);
    await replaceRelations(org, {
      model: ModuleMember,
      ownerColumn: 'tenant_user_id',
      ownerId: id,
      otherColumn: 'module_id',
      otherIds: moduleIds,
      managed: liveModules().select('id'),
    });
    return loadMemberOf(org, id);
  });
}
