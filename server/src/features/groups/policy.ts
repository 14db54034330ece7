/** Groups are managed by the organization's masters and the owner (ARCHITECTURE.md#roles-and-policies). */
import type { Abilities } from '@tessera/sdk';
import { isArchived } from '../../http/archiving.js';
import { definePolicy } from '../../http/policy.js';
import type { AccessRole } from '../../http/tenant-access.js';

export const groupPolicy = definePolicy({
  list: 'master',
  view: 'master',
  create: 'master',
  update: 'master',
  archive: 'master',
  restore: 'master',
  relateMembers: 'master',
  relateModules: 'master',
});

export const groupMessages = {
  notFound: 'This group could not be found.',
  unknownMembers: 'The selected tenant users is invalid.',
  unknownModules: 'The selected modules is invalid.',
} as const;

export function groupAbilities(role: AccessRole, group: { deleted_at: unknown }): Abilities {
  const archived = isArchived(group);
  return {
    update: !archived && groupPolicy.allows(role, 'update'),
    archive: !archived && groupPolicy.allows(role, 'archive'),
    restore: archived && groupPolicy.allows(role, 'restore'),
  };
}
