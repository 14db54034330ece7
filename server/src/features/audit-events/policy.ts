/** The audit trail is read by the organization's masters and the owner (ARCHITECTURE.md#scim-provisioning). */
import { definePolicy } from '../../http/policy.js';

export const auditEventPolicy = definePolicy({
  list: 'master',
});
