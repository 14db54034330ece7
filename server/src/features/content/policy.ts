/**
 * What the content policies share (ARCHITECTURE.md, roles): every member reads what visibility lets them see;
 * admins, masters and the owner author. Each resource (modules, components, topics, and the ones to come)
 * declares its own policy from `contentRules` plus its own operations, and its `abilities` come from that
 * policy (`contentAbilities`), so changing one resource's rules changes what the UI offers for it.
 * Hiding, starring and completing are a member's own acts: an owner without a membership cannot.
 */
import type { Abilities } from '@tessera/sdk';
import { isArchived } from '../../http/archiving.js';
import { forbidden } from '../../http/errors.js';
import { UNAUTHORIZED_MESSAGE, type Policy } from '../../http/policy.js';
import type { AccessRole, TenantAccess } from '../../http/tenant-access.js';

/** The rows every content policy starts from. */
export const contentRules = {
  list: 'user',
  view: 'user',
  create: 'admin',
  update: 'admin',
  archive: 'admin',
  restore: 'admin',
} as const satisfies Record<string, AccessRole>;

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

/** update/archive/restore of a content row, by the resource's own policy and the row's state. */
export function contentAbilities(policy: Policy<'update' | 'archive' | 'restore'>, role: AccessRole, row: { deleted_at: unknown }): Abilities {
  const archived = isArchived(row);
  return {
    update: !archived && policy.allows(role, 'update'),
    archive: !archived && policy.allows(role, 'archive'),
    restore: archived && policy.allows(role, 'restore'),
  };
}
