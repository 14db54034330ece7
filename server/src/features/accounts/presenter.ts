/** Database rows -> the contract's CurrentUser and Membership shapes. */
import type { CurrentUser, Membership } from '@tessera/sdk';
import type { UserRow } from '../../db/models.js';
import type { MembershipRow } from '../../http/session.js';

export type { MembershipRow };

export type UserStatus = CurrentUser['status'];

/** banned (archived) wins over suspended (inactive), which wins over pending (unconfirmed email). */
export function userStatus(user: Pick<UserRow, 'deleted_at' | 'is_active' | 'confirmed_at'>): UserStatus {
  if (user.deleted_at !== null) return 'banned';
  if (!user.is_active) return 'suspended';
  if (user.confirmed_at === null) return 'pending';
  return 'active';
}

/** Counts per membership id (see countMembershipRelations); a membership missing from it counts zero. */
export type MembershipCounts = ReadonlyMap<string, { groups_count: number; modules_count: number }>;

export function presentMembership(row: MembershipRow, counts: MembershipCounts = new Map()): Membership {
  return {
    id: row.id,
    role: row.role,
    is_active: row.is_active,
    tenant: { id: row.tenant_id, name: row.tenant_name, slug: row.tenant_slug, enable_bioreq: row.tenant_enable_bioreq },
    groups_count: counts.get(row.id)?.groups_count ?? 0,
    modules_count: counts.get(row.id)?.modules_count ?? 0,
    created_at: row.created_at,
  };
}

export function presentCurrentUser(user: UserRow, memberships: MembershipRow[], counts: MembershipCounts = new Map()): CurrentUser {
  const createdAt = user.created_at;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    is_confirmed: user.confirmed_at !== null,
    is_active: user.is_active,
    is_owner: user.is_owner,
    is_deleted: user.deleted_at !== null,
    status: userStatus(user),
    created_at: createdAt,
    joined: createdAt,
    memberships: memberships.map((membership) => presentMembership(membership, counts)),
  };
}
