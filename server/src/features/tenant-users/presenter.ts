import type { GroupSummary, MemberStatus, NamedRef, TenantUser, UserSummary } from '@tessera/sdk';
import { withColumns } from '../../db/model.js';
import { TenantUser as TenantUserModel, type Role } from '../../db/models.js';
import type { CsvColumn } from '../../http/csv.js';
import type { TenantAccess } from '../../http/tenant-access.js';
import { memberAbilities } from './policy.js';

/** The person columns selected beside a membership or an access request (prefixed `user_`). */
export interface UserSummaryColumns {
  user_id: string;
  user_name: string;
  user_email: string;
  user_is_active: boolean;
  user_deleted_at: string | null;
  user_confirmed_at: string | null;
}

/** The kinds of the `user_` columns, as the User model reads them: for `withColumns` beside the row's own model. */
export const USER_SUMMARY_KINDS = { booleanColumns: ['user_is_active'], dateColumns: ['user_deleted_at', 'user_confirmed_at'] };

export const USER_SUMMARY_COLUMNS = [
  'u.id as user_id',
  'u.name as user_name',
  'u.email as user_email',
  'u.is_active as user_is_active',
  'u.deleted_at as user_deleted_at',
  'u.confirmed_at as user_confirmed_at',
];

/**
 * A member's person columns: the person's, plus `invited_at` (ARCHITECTURE.md#member-invitations). Until an invited
 * person accepts, the organization sees only the email it typed, as for an address without an account.
 */
export const MEMBER_PERSON_COLUMNS = [...USER_SUMMARY_COLUMNS, 'tu.invited_at'];

/**
 * A membership row with its person (`MEMBER_PERSON_COLUMNS`) and, in lists, its counts, as the models read them:
 * the membership's columns by TenantUser's, the person's `user_` columns by User's. Rows with only some of these
 * columns (an access request's person, a group's or a module's members) normalise with it too.
 */
export const MEMBER_ROW = withColumns(TenantUserModel, { ...USER_SUMMARY_KINDS, numberColumns: ['groups_count', 'modules_count'] });

/** The member's name as the organization may see it, for sorting (an invited person's name is not theirs to sort on). */
export const MEMBER_NAME_SORT = "lower(case when tu.invited_at is null then u.name else '' end)";

export interface MemberPersonColumns extends UserSummaryColumns {
  invited_at: string | null;
}

function isInvited(row: { invited_at: string | null }): boolean {
  return row.invited_at !== null;
}

/** The person behind a membership: for an invitation, what a brand-new address would show (see the contract's UserSummary). */
export function presentMemberPerson(row: MemberPersonColumns): UserSummary {
  if (isInvited(row)) return { id: null, name: '', email: row.user_email, is_active: true, is_confirmed: false };
  return presentUserSummary(row);
}

export function presentUserSummary(row: UserSummaryColumns): UserSummary {
  return {
    id: row.user_id,
    name: row.user_name,
    email: row.user_email,
    is_active: row.user_is_active && row.user_deleted_at === null,
    is_confirmed: row.user_confirmed_at !== null,
  };
}

/** A member as a module or a group lists it: the membership's id, role and activity, and its person. */
export type MemberSummaryRow = MemberPersonColumns & Pick<TenantUserModel, 'id' | 'role' | 'is_active'>;

export interface MemberRow extends MemberPersonColumns {
  id: string;
  role: Role;
  is_active: boolean;
  deleted_at: string | null;
  created_at: string;
  groups_count: number;
  modules_count: number;
}

function memberStatus(row: Pick<MemberRow, 'deleted_at' | 'is_active' | 'invited_at'>): MemberStatus {
  if (row.deleted_at !== null) return 'archived';
  if (isInvited(row)) return 'invited';
  return row.is_active ? 'active' : 'suspended';
}

/** A single read carries the member's groups and modules; a list row only their counts. */
export function presentMember(row: MemberRow, access: TenantAccess, related?: { groups: GroupSummary[]; modules: NamedRef[] }): TenantUser {
  const joined = row.created_at;
  const member: TenantUser = {
    id: row.id,
    role: row.role,
    status: memberStatus(row),
    is_active: row.is_active,
    is_deleted: row.deleted_at !== null,
    deleted_at: row.deleted_at,
    created_at: joined,
    joined,
    user: presentMemberPerson(row),
    groups_count: row.groups_count,
    modules_count: row.modules_count,
    abilities: memberAbilities(access, row),
  };
  if (related) {
    member.groups = related.groups;
    member.modules = related.modules;
  }
  return member;
}

/** The member list as a CSV download (ARCHITECTURE.md#csv-downloads), a member a line, as the JSON presents it. */
export const MEMBER_CSV: readonly CsvColumn<TenantUser>[] = [
  { header: 'Member ID', value: (member) => member.id },
  { header: 'Name', value: (member) => member.user.name },
  { header: 'Email', value: (member) => member.user.email },
  { header: 'Role', value: (member) => member.role },
  { header: 'Status', value: (member) => member.status },
  { header: 'Joined', value: (member) => member.joined },
  { header: 'Groups', value: (member) => member.groups_count },
  { header: 'Modules', value: (member) => member.modules_count },
];
