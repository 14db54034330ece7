import type { CurrentUser, Membership, Role } from '@tessera/sdk';

/** The role a person acts with in an organization: owner (platform-wide) or the membership's role. */
export type AccessRole = Role | 'owner';

const RANK: Record<AccessRole, number> = { user: 0, admin: 1, master: 2, owner: 3 };

/** user < admin < master < owner (ARCHITECTURE.md#roles-and-policies). */
export function atLeast(role: AccessRole, minimum: AccessRole): boolean {
  return RANK[role] >= RANK[minimum];
}

/** Spec section 6: owner when is_owner is set, otherwise the role of the membership for the organization. */
export function currentRole(user: Pick<CurrentUser, 'is_owner'>, membership: Pick<Membership, 'role'> | null | undefined): AccessRole | null {
  if (user.is_owner) return 'owner';
  return membership?.role ?? null;
}

/** Authoring and the admin area: admin, master, owner (spec 2.3, the Switch to Admin View link). */
export const canUseAdminArea = (role: AccessRole) => atLeast(role, 'admin');

/** Members, groups and access requests: master and owner (ARCHITECTURE.md#roles-and-policies). */
export const canManagePeople = (role: AccessRole) => atLeast(role, 'master');
