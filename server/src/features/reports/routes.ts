/** Reports (core-platform.md 7.2): GET /tenants/{tenantId}/reports/snapshot. */
import { Routes } from '../../http/router.js';
import type { AppServices } from '../../context.js';
import { can } from '../../http/policy.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { reportPolicy } from './policy.js';
import { snapshotReport } from './snapshot.js';

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;

  router.get('/tenants/:tenantId/reports/snapshot', inTenant, can(reportPolicy, 'snapshot'), async (ctx) => {
    ctx.body = { data: await snapshotReport(db, accessOf(ctx).tenant.id) };
  });

  return router;
}
