/**
 * Webhook endpoints are managed by the organization's masters and the owner (ARCHITECTURE.md#roles-and-policies),
 * integration clients with the master role included: a partner's script registers its own receiver.
 */
import { definePolicy } from '../../http/policy.js';

export const webhookPolicy = definePolicy({
  list: 'master',
  read: 'master',
  create: 'master',
  update: 'master',
  delete: 'master',
  rotate: 'master',
  deliveries: 'master',
  replay: 'master',
});
