/**
 * Items follow the content rules of features/content/policy.ts: members read the items they can reach and complete
 * procedure rows for themselves (an owner without a membership cannot); admins and up author.
 */
import { definePolicy } from '../../http/policy.js';

export const itemPolicy = definePolicy({
  list: 'user',
  save: 'admin',
  delete: 'admin',
  complete: 'user',
});

export const itemMessages = {
  notFound: 'This item could not be found.',
} as const;
