/** Components follow the content rules (features/content/policy.ts): members read and hide, admins and up author. */
import { definePolicy } from '../../http/policy.js';
import { contentRules } from '../content/policy.js';

export const componentPolicy = definePolicy({
  ...contentRules,
  reorder: 'admin',
  copy: 'admin',
  move: 'admin',
  hide: 'user',
});
