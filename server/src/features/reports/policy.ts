/** Reports are for the organization's admins, masters and the owner (DESIGN.md section 3). */
import { definePolicy } from '../../http/policy.js';

export const reportPolicy = definePolicy({ snapshot: 'admin' });
