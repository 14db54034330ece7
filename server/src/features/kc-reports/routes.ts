/**
 * Knowledge check reports (knowledge-checks-and-bioreq.md section 7 "Reports", issue 11) under
 * /tenants/{tenantId}/reports/knowledgechecks: completed responses, one response in detail, item analysis; each also
 * as a CSV download (`format=csv`, http/csv.ts), the report's every response streamed.
 */
import { queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { answerCsv, wantsCsv } from '../../http/csv.js';
import { inputOf, validate } from '../../http/validate.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { Routes } from '../../http/router.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { kcReportPolicy } from './policy.js';
import { KC_REPORT_LIST } from './hot.js';
import { DETAIL_CSV, detailLines, ITEM_ANALYSIS_CSV, presentItemAnalysis, presentReportRow, presentResponseDetail, REPORT_CSV } from './presenter.js';
import { allCompleted, itemAnalysis, listCompleted, responseDetail } from './service.js';

const BASE = '/tenants/:tenantId/reports/knowledgechecks';

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db, signer } = services;

  router.get(
    `${BASE}/responses/completed`,
    inTenant,
    can(kcReportPolicy, 'completed'),
    validate(queryForms.listCompletedKnowledgeCheckResponses, 'query'),
    async (ctx) => {
      const query = inputOf(ctx, queryForms.listCompletedKnowledgeCheckResponses);
      // The `user` filter is the list's search (name or email).
      const params = { ...listParams(query, KC_REPORT_LIST), search: query.user };
      const tenantId = accessOf(ctx).tenant.id;
      const filters = { module: query.module, component: query.component, topic: query.topic };
      if (wantsCsv(ctx, query)) {
        // A report row is the contract's KcReportRow as read (presentReportRow copies it): the columns read it as it is.
        return answerCsv(ctx, { name: 'knowledge-check-report', columns: REPORT_CSV, rows: await allCompleted(db, tenantId, params, filters) });
      }
      ctx.body = listBody(await listCompleted(db, tenantId, params, filters), presentReportRow);
    },
  );

  router.get(
    `${BASE}/responses/:responseId`,
    inTenant,
    can(kcReportPolicy, 'detail'),
    validate(queryForms.getKnowledgeCheckResponseReport, 'query'),
    async (ctx) => {
      const detail = presentResponseDetail(await responseDetail(db, accessOf(ctx).tenant.id, ctx.params.responseId), signer);
      if (wantsCsv(ctx, inputOf(ctx, queryForms.getKnowledgeCheckResponseReport))) {
        return answerCsv(ctx, { name: 'knowledge-check-response', columns: DETAIL_CSV, rows: detailLines(detail) });
      }
      ctx.body = { data: detail };
    },
  );

  router.get(
    `${BASE}/:knowledgeCheckId/item-analysis`,
    inTenant,
    can(kcReportPolicy, 'itemAnalysis'),
    validate(queryForms.getKnowledgeCheckItemAnalysis, 'query'),
    async (ctx) => {
      const query = inputOf(ctx, queryForms.getKnowledgeCheckItemAnalysis);
      const analysis = presentItemAnalysis(await itemAnalysis(db, accessOf(ctx).tenant.id, ctx.params.knowledgeCheckId, query.attempts ?? 'first'));
      if (wantsCsv(ctx, query)) return answerCsv(ctx, { name: 'item-analysis', columns: ITEM_ANALYSIS_CSV, rows: analysis.items });
      ctx.body = { data: analysis };
    },
  );

  return router;
}
