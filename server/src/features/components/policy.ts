/** Components follow the content rules of modules/policy.ts: members read, admins and up author. */
import { definePolicy } from '../../http/policy.js';

export const componentPolicy = definePolicy({
  list: 'user',
  view: 'user',
  create: 'admin',
  update: 'admin',
  archive: 'admin',
  restore: 'admin',
  reorder: 'admin',
  copy: 'admin',
  move: 'admin',
  hide: 'user',
});
