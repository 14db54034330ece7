/** Organizations are the platform owner's (ARCHITECTURE.md#roles-and-policies). */
import type { Tenant } from '@tessera/sdk';
import { isArchived } from '../../http/archiving.js';
import { definePolicy } from '../../http/policy.js';
import type { AccessRole } from '../../http/tenant-access.js';

export const tenantPolicy = definePolicy({
  list: 'owner',
  view: 'owner',
  create: 'owner',
  update: 'owner',
  archive: 'owner',
  restore: 'owner',
});

export const tenantMessages = {
  nameTaken: 'The name has already been taken.',
} as const;

export function tenantAbilities(role: AccessRole, tenant: { deleted_at: unknown }): Tenant['abilities'] {
  const archived = isArchived(tenant);
  return {
    update: !archived && tenantPolicy.allows(role, 'update'),
    archive: !archived && tenantPolicy.allows(role, 'archive'),
    restore: archived && tenantPolicy.allows(role, 'restore'),
  };
}
