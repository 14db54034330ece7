/** Access requests of one organization (core-platform.md 7.2): GET list, PATCH (status, is_deleted), DELETE. */
import { Routes } from '../../http/router.js';
import { forms, queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { presentManagedAccessRequest } from './manage-presenter.js';
import * as requests from './manage-service.js';
import { accessRequestPolicy } from './transitions.js';

const BASE = '/tenants/:tenantId/access-requests';

export function accessRequestManagementRoutes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;

  router.get(BASE, inTenant, can(accessRequestPolicy, 'list'), validate(queryForms.listTenantAccessRequests, 'query'), async (ctx) => {
    const access = accessOf(ctx);
    const query = inputOf(ctx, queryForms.listTenantAccessRequests);
    const page = await requests.listAccessRequests(db, access.tenant.id, listParams(query, requests.ACCESS_REQUEST_LIST), query.status);
    ctx.body = listBody(page, (row) => presentManagedAccessRequest(row, access.role));
  });

  router.patch(`${BASE}/:accessRequestId`, inTenant, can(accessRequestPolicy, 'list'), validate(forms.accessRequestUpdate), async (ctx) => {
    const access = accessOf(ctx);
    const input = inputOf(ctx, forms.accessRequestUpdate);
    const actions = requests.actionsOf({ status: input.status, isDeleted: input.is_deleted });
    // Each action the body asks for is its own operation, checked once the body is validated.
    for (const action of actions) accessRequestPolicy.authorize(access.role, action);
    const request = await requests.decide(services, access.tenant, ctx.params.accessRequestId, actions);
    ctx.body = { data: presentManagedAccessRequest(request, access.role) };
  });

  router.delete(`${BASE}/:accessRequestId`, inTenant, can(accessRequestPolicy, 'archive'), async (ctx) => {
    const access = accessOf(ctx);
    const request = await requests.decide(services, access.tenant, ctx.params.accessRequestId, ['archive']);
    ctx.body = { data: presentManagedAccessRequest(request, access.role) };
  });

  return router;
}
