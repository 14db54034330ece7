/**
 * SCIM tokens are managed by the organization's masters and the owner (ARCHITECTURE.md#scim-provisioning): a token
 * lets an identity provider add, change and remove the organization's members, as a master does.
 */
import { definePolicy } from '../../http/policy.js';

export const scimTokenPolicy = definePolicy({
  list: 'master',
  create: 'master',
  revoke: 'master',
});

export const scimTokenMessages = {
  notFound: 'This SCIM token could not be found.',
  alreadyRevoked: 'This SCIM token has already been revoked.',
} as const;
