/** Reports (core-platform.md 7.2): GET /tenants/{tenantId}/reports/snapshot. */
import { Routes } from '../../http/router.js';
import type { AppServices } from '../../context.js';
import { authenticate } from '../../http/authenticate.js';
import { accessOf, requireTenant } from '../../http/tenant-access.js';
import { reportPolicy } from './policy.js';
import { snapshotReport } from './snapshot.js';

export function reportRoutes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;
  const { knex } = db;

  router.get('/tenants/:tenantId/reports/snapshot', authenticate(db), requireTenant(knex), async (ctx) => {
    const access = accessOf(ctx);
    reportPolicy.authorize(access.role, 'snapshot');
    ctx.body = { data: await snapshotReport(knex, access.tenant.id) };
  });

  return router;
}
