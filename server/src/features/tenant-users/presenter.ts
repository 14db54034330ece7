import type { GroupSummary, MemberStatus, NamedRef, TenantUser, UserSummary } from '@tessera/sdk';
import { toDate, toIso } from '../../db/knex.js';
import type { DbBoolean, DbDate, Role } from '../../db/models.js';
import type { TenantAccess } from '../../http/tenant-access.js';
import { memberAbilities } from './policy.js';

/** The person columns selected beside a membership or an access request (prefixed `user_`). */
export interface UserSummaryColumns {
  user_id: string;
  user_name: string;
  user_email: string;
  user_is_active: DbBoolean;
  user_deleted_at: DbDate | null;
  user_confirmed_at: DbDate | null;
}

export const USER_SUMMARY_COLUMNS = [
  'u.id as user_id',
  'u.name as user_name',
  'u.email as user_email',
  'u.is_active as user_is_active',
  'u.deleted_at as user_deleted_at',
  'u.confirmed_at as user_confirmed_at',
];

export function presentUserSummary(row: UserSummaryColumns): UserSummary {
  return {
    id: row.user_id,
    name: row.user_name,
    email: row.user_email,
    is_active: Boolean(row.user_is_active) && toDate(row.user_deleted_at) === null,
    is_confirmed: toDate(row.user_confirmed_at) !== null,
  };
}

export interface MemberRow extends UserSummaryColumns {
  id: string;
  role: Role;
  is_active: DbBoolean;
  deleted_at: DbDate | null;
  created_at: DbDate;
  groups_count: number | string;
  modules_count: number | string;
}

function memberStatus(row: Pick<MemberRow, 'deleted_at' | 'is_active'>): MemberStatus {
  if (toDate(row.deleted_at)) return 'archived';
  return row.is_active ? 'active' : 'suspended';
}

/** A single read carries the member's groups and modules; a list row only their counts. */
export function presentMember(row: MemberRow, access: TenantAccess, related?: { groups: GroupSummary[]; modules: NamedRef[] }): TenantUser {
  const deletedAt = toDate(row.deleted_at);
  const joined = toIso(row.created_at);
  const member: TenantUser = {
    id: row.id,
    role: row.role,
    status: memberStatus(row),
    is_active: Boolean(row.is_active),
    is_deleted: deletedAt !== null,
    deleted_at: deletedAt ? deletedAt.toISOString() : null,
    created_at: joined,
    joined,
    user: presentUserSummary(row),
    groups_count: Number(row.groups_count),
    modules_count: Number(row.modules_count),
    abilities: memberAbilities(access, row),
  };
  if (related) {
    member.groups = related.groups;
    member.modules = related.modules;
  }
  return member;
}
