/** Reports (core-platform.md 7.2): GET /tenants/{tenantId}/reports/snapshot, also as a CSV download (http/csv.ts). */
import { queryForms } from '@tessera/sdk/rules';
import { Routes } from '../../http/router.js';
import type { AppServices } from '../../context.js';
import { answerCsv, wantsCsv } from '../../http/csv.js';
import { can } from '../../http/policy.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { reportPolicy } from './policy.js';
import { SNAPSHOT_CSV, snapshotLines, snapshotReport } from './snapshot.js';

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;

  router.get('/tenants/:tenantId/reports/snapshot', inTenant, can(reportPolicy, 'snapshot'), validate(queryForms.getSnapshotReport, 'query'), async (ctx) => {
    const report = await snapshotReport(db, accessOf(ctx).tenant.id);
    if (wantsCsv(ctx, inputOf(ctx, queryForms.getSnapshotReport)))
      return answerCsv(ctx, { name: 'snapshot-report', columns: SNAPSHOT_CSV, rows: snapshotLines(report) });
    ctx.body = { data: report };
  });

  return router;
}
