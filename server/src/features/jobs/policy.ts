/** Background jobs are the platform owner's to watch and retry (ARCHITECTURE.md#background-jobs). */
import { definePolicy } from '../../http/policy.js';

export const jobPolicy = definePolicy({
  list: 'owner',
  retry: 'owner',
});
