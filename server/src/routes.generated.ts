// Generated from the folders of src/features that have a routes.ts by server/scripts/generate-registries.mjs (`npm run generate`): never edit it by hand.
// `npm run check:generated` (CI) fails when it is stale.

import type { AppServices } from './context.js';
import type { Routes } from './http/router.js';
import { routes as accessRequests } from './features/access-requests/routes.js';
import { routes as accounts } from './features/accounts/routes.js';
import { routes as auditEvents } from './features/audit-events/routes.js';
import { routes as bioreq } from './features/bioreq/routes.js';
import { routes as components } from './features/components/routes.js';
import { routes as embedSessions } from './features/embed-sessions/routes.js';
import { routes as files } from './features/files/routes.js';
import { routes as groups } from './features/groups/routes.js';
import { routes as health } from './features/health/routes.js';
import { routes as integrationClients } from './features/integration-clients/routes.js';
import { routes as items } from './features/items/routes.js';
import { routes as jobs } from './features/jobs/routes.js';
import { routes as kcReports } from './features/kc-reports/routes.js';
import { routes as kcTransfer } from './features/kc-transfer/routes.js';
import { routes as knowledgeChecks } from './features/knowledge-checks/routes.js';
import { routes as media } from './features/media/routes.js';
import { routes as modules } from './features/modules/routes.js';
import { routes as reports } from './features/reports/routes.js';
import { routes as scimTokens } from './features/scim-tokens/routes.js';
import { routes as sso } from './features/sso/routes.js';
import { routes as suggestions } from './features/suggestions/routes.js';
import { routes as system } from './features/system/routes.js';
import { routes as tenantUsers } from './features/tenant-users/routes.js';
import { routes as tenants } from './features/tenants/routes.js';
import { routes as topics } from './features/topics/routes.js';
import { routes as users } from './features/users/routes.js';
import { routes as webhooks } from './features/webhooks/routes.js';

/** Every feature's routes, in the order of the folders' names (the router does not depend on the order). */
export const FEATURE_ROUTES: readonly ((services: AppServices) => Routes | Routes[])[] = [
  accessRequests,
  accounts,
  auditEvents,
  bioreq,
  components,
  embedSessions,
  files,
  groups,
  health,
  integrationClients,
  items,
  jobs,
  kcReports,
  kcTransfer,
  knowledgeChecks,
  media,
  modules,
  reports,
  scimTokens,
  sso,
  suggestions,
  system,
  tenantUsers,
  tenants,
  topics,
  users,
  webhooks,
];
