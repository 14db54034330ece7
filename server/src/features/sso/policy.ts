/**
 * Single sign-on (ARCHITECTURE.md#single-sign-on): an organization's connection is its masters' and the owner's; the
 * email domains it claims are decided by the platform owner alone.
 */
import { definePolicy } from '../../http/policy.js';

export const ssoConnectionPolicy = definePolicy({
  read: 'master',
  update: 'master',
  delete: 'master',
  test: 'master',
});

export const ssoDomainPolicy = definePolicy({
  list: 'owner',
  decide: 'owner',
});
