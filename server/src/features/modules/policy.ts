/**
 * Content policies (DESIGN.md section 3): every member reads what visibility lets them see; admins,
 * masters and the owner author; relating groups and members to a module needs a master or the owner.
 * Hiding, starring and completing are a member's own acts: an owner without a membership cannot.
 */
import type { Abilities } from '@tessera/sdk';
import { isArchived } from '../../http/archiving.js';
import { forbidden } from '../../http/errors.js';
import { definePolicy, UNAUTHORIZED_MESSAGE } from '../../http/policy.js';
import type { AccessRole, TenantAccess } from '../../http/tenant-access.js';

export const modulePolicy = definePolicy({
  list: 'user',
  view: 'user',
  create: 'admin',
  update: 'admin',
  archive: 'admin',
  restore: 'admin',
  relateMedia: 'admin',
  relateGroups: 'master',
  relateMembers: 'master',
  hide: 'user',
});

export const contentMessages = {
  moduleNotFound: 'This module could not be found.',
  componentNotFound: 'This component could not be found.',
  topicNotFound: 'This topic could not be found.',
  notAMember: 'Only members of this organization can do this.',
} as const;

/** Hide, star and complete belong to a membership. */
export function requireMembership(access: TenantAccess): string {
  if (!access.membershipId) throw forbidden('forbidden', UNAUTHORIZED_MESSAGE);
  return access.membershipId;
}

/** update/archive/restore of a module, component or topic. */
export function contentAbilities(role: AccessRole, row: { deleted_at: unknown }): Abilities {
  const archived = isArchived(row);
  return {
    update: !archived && modulePolicy.allows(role, 'update'),
    archive: !archived && modulePolicy.allows(role, 'archive'),
    restore: archived && modulePolicy.allows(role, 'restore'),
  };
}
