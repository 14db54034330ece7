/**
 * Knowledge check reports (knowledge-checks-and-bioreq.md section 7 "Reports", issue 11) under
 * /tenants/{tenantId}/reports/knowledgechecks: completed responses, one response in detail, item analysis.
 */
import { queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { inputOf, validate } from '../../http/validate.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { Routes } from '../../http/router.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { kcReportPolicy } from './policy.js';
import { KC_REPORT_LIST } from './hot.js';
import { presentItemAnalysis, presentReportRow, presentResponseDetail } from './presenter.js';
import { itemAnalysis, listCompleted, responseDetail } from './service.js';

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
      const page = await listCompleted(db, accessOf(ctx).tenant.id, params, { module: query.module, component: query.component, topic: query.topic });
      ctx.body = listBody(page, presentReportRow);
    },
  );

  router.get(`${BASE}/responses/:responseId`, inTenant, can(kcReportPolicy, 'detail'), async (ctx) => {
    ctx.body = { data: presentResponseDetail(await responseDetail(db, accessOf(ctx).tenant.id, ctx.params.responseId), signer) };
  });

  router.get(
    `${BASE}/:knowledgeCheckId/item-analysis`,
    inTenant,
    can(kcReportPolicy, 'itemAnalysis'),
    validate(queryForms.getKnowledgeCheckItemAnalysis, 'query'),
    async (ctx) => {
      const attempts = inputOf(ctx, queryForms.getKnowledgeCheckItemAnalysis).attempts ?? 'first';
      ctx.body = { data: presentItemAnalysis(await itemAnalysis(db, accessOf(ctx).tenant.id, ctx.params.knowledgeCheckId, attempts)) };
    },
  );

  return router;
}
