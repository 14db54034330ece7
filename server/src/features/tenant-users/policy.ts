/**
 * Members of an organization are managed by its masters and the owner (ARCHITECTURE.md#roles-and-policies). Nobody
 * changes, suspends or removes their own membership here (a master cannot lock themself out).
 */
import type { Abilities } from '@tessera/sdk';
import { isArchived } from '../../http/archiving.js';
import { definePolicy, ownAccountForbidden } from '../../http/policy.js';
import type { TenantAccess } from '../../http/tenant-access.js';

export const memberPolicy = definePolicy({
  list: 'master',
  view: 'master',
  add: 'master',
  update: 'master',
  archive: 'master',
  restore: 'master',
  relateGroups: 'master',
  relateModules: 'master',
  /** One's own membership (GET /tenants/{tenantId}/my-membership): any member; an owner who is not one gets 404. */
  viewOwn: 'user',
});

export const memberMessages = {
  alreadyMember: 'This person is already a member of this organization.',
  alreadyInvited: 'This person has already been invited to this organization.',
  ownMembership: 'You cannot change your own membership.',
  unknownGroups: 'The selected groups is invalid.',
  unknownModules: 'The selected modules is invalid.',
  notFound: 'This member could not be found.',
} as const;

function isOwnMembership(access: TenantAccess, member: { id: string }): boolean {
  return access.membershipId === member.id;
}

export function assertNotOwnMembership(access: TenantAccess, member: { id: string }): void {
  if (isOwnMembership(access, member)) throw ownAccountForbidden(memberMessages.ownMembership);
}

export function memberAbilities(access: TenantAccess, member: { id: string; deleted_at: unknown }): Abilities {
  const archived = isArchived(member);
  const others = !isOwnMembership(access, member);
  return {
    update: others && !archived && memberPolicy.allows(access.role, 'update'),
    archive: others && !archived && memberPolicy.allows(access.role, 'archive'),
    restore: others && archived && memberPolicy.allows(access.role, 'restore'),
  };
}
