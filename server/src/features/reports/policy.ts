/** Reports are for the organization's admins, masters and the owner (ARCHITECTURE.md#roles-and-policies). */
import { definePolicy } from '../../http/policy.js';

export const reportPolicy = definePolicy({ snapshot: 'admin' });
