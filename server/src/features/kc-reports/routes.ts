/**
 * Knowledge check reports (knowledge-checks-and-bioreq.md section 7 "Reports", issue 11) under
 * /tenants/{tenantId}/reports/knowledgechecks: completed responses, one response in detail, item analysis.
 */
import type { AppServices } from '../../context.js';
import { listBody, queryValue, readListParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { Routes } from '../../http/router.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { kcReportPolicy } from './policy.js';
import { KC_REPORT_LIST } from './hot.js';
import { presentItemAnalysis, presentReportRow, presentResponseDetail } from './presenter.js';
import { itemAnalysis, listCompleted, responseDetail } from './service.js';

const BASE = '/tenants/:tenantId/reports/knowledgechecks';

export function kcReportRoutes(services: AppServices): Routes {
  const router = new Routes();
  const { db, signer } = services;

  router.get(`${BASE}/responses/completed`, inTenant, can(kcReportPolicy, 'completed'), async (ctx) => {
    const filter = (name: string) => queryValue(ctx.query, name)?.trim() || undefined;
    // The `user` filter is the list's search (name or email).
    const params = { ...readListParams(ctx.query, KC_REPORT_LIST), search: filter('user')?.slice(0, 255) ?? null };
    const page = await listCompleted(db, accessOf(ctx).tenant.id, params, {
      module: filter('module'),
      component: filter('component'),
      topic: filter('topic'),
    });
    ctx.body = listBody(page, presentReportRow);
  });

  router.get(`${BASE}/responses/:responseId`, inTenant, can(kcReportPolicy, 'detail'), async (ctx) => {
    ctx.body = { data: presentResponseDetail(await responseDetail(db, accessOf(ctx).tenant.id, ctx.params.responseId), signer) };
  });

  router.get(`${BASE}/:knowledgeCheckId/item-analysis`, inTenant, can(kcReportPolicy, 'itemAnalysis'), async (ctx) => {
    const attempts = queryValue(ctx.query, 'attempts') === 'all' ? 'all' : 'first';
    ctx.body = { data: presentItemAnalysis(await itemAnalysis(db, accessOf(ctx).tenant.id, ctx.params.knowledgeCheckId, attempts)) };
  });

  return router;
}
