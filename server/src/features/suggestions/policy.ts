/**
 * Suggestions (ARCHITECTURE.md#roles-and-policies): any member sends one (a learner's own act, so an owner without a
 * membership cannot); the inbox — reading, marking read or unread, deleting — is the masters' and the owner's.
 */
import type { components } from '@tessera/sdk';
import { definePolicy } from '../../http/policy.js';
import type { AccessRole } from '../../http/tenant-access.js';

export const suggestionPolicy = definePolicy({
  create: 'user',
  list: 'master',
  view: 'master',
  update: 'master',
  delete: 'master',
});

export const suggestionMessages = {
  notFound: 'This suggestion could not be found.',
} as const;

export function suggestionAbilities(role: AccessRole): components['schemas']['SuggestionAbilities'] {
  return { update: suggestionPolicy.allows(role, 'update'), delete: suggestionPolicy.allows(role, 'delete') };
}
