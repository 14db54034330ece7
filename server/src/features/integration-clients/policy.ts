/**
 * Integration clients (service accounts) are managed by the organization's masters and the owner
 * (ARCHITECTURE.md#roles-and-policies): they hand a script a role in the organization, as adding a member does.
 */
import { definePolicy } from '../../http/policy.js';

export const integrationClientPolicy = definePolicy({
  list: 'master',
  create: 'master',
  revoke: 'master',
});

export const integrationClientMessages = {
  notFound: 'This integration client could not be found.',
  alreadyRevoked: 'This integration client has already been revoked.',
} as const;

/** A service account never manages service accounts, whatever its role: only people hand out access. */
export const serviceAccountMessage = 'An integration client cannot manage integration clients.';
