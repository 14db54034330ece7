/** Topics follow the content rules of modules/policy.ts: members read and star, admins and up author. */
import { definePolicy } from '../../http/policy.js';

export const topicPolicy = definePolicy({
  list: 'user',
  view: 'user',
  create: 'admin',
  update: 'admin',
  archive: 'admin',
  restore: 'admin',
  reorder: 'admin',
  copy: 'admin',
  move: 'admin',
  favorite: 'user',
});
