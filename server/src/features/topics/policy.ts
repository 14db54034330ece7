/** Topics follow the content rules (features/content/policy.ts): members read and star, admins and up author. */
import { definePolicy } from '../../http/policy.js';
import { contentRules } from '../content/policy.js';

export const topicPolicy = definePolicy({
  ...contentRules,
  reorder: 'admin',
  copy: 'admin',
  move: 'admin',
  favorite: 'user',
});
