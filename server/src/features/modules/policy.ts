/**
 * Modules follow the content rules (features/content/policy.ts); relating groups and members to a module
 * needs a master or the owner.
 */
import { definePolicy } from '../../http/policy.js';
import { contentRules } from '../content/policy.js';

export const modulePolicy = definePolicy({
  ...contentRules,
  relateMedia: 'admin',
  relateGroups: 'master',
  relateMembers: 'master',
  hide: 'user',
});
