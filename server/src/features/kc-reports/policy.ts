/**
 * Knowledge check reports are the authors' (ARCHITECTURE.md#roles-and-policies): admins, masters and the owner of
 * the organization, as the other reports. A learner gets 403 `forbidden`; another organization's check or response
 * 404 (rows are read within the organization only).
 */
import { definePolicy } from '../../http/policy.js';

export const kcReportPolicy = definePolicy({ completed: 'admin', detail: 'admin', itemAnalysis: 'admin' });
