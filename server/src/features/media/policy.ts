/**
 * The media library's policy (ARCHITECTURE.md#roles-and-policies): admins, masters and the owner author it. Learners never
 * list or read library rows; they reach files only through the signed URLs carried by the content rows they
 * may see (items, main images, suggestions), which the files route checks.
 */
import type { MediaAbilities } from '@tessera/sdk';
import { definePolicy } from '../../http/policy.js';
import type { AccessRole } from '../../http/tenant-access.js';

export const mediaPolicy = definePolicy({
  list: 'admin',
  view: 'admin',
  create: 'admin',
  update: 'admin',
  delete: 'admin',
  relateModules: 'admin',
});

export const mediaMessages = {
  notFound: 'This media file could not be found.',
} as const;

export function mediaAbilities(role: AccessRole): MediaAbilities {
  return { update: mediaPolicy.allows(role, 'update'), delete: mediaPolicy.allows(role, 'delete') };
}
