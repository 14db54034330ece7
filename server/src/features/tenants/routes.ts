/** The owner's organization calls (core-platform.md 7.1): GET/POST /tenants, GET/PATCH/DELETE /tenants/{tenantId}. */
import { Routes } from '../../http/router.js';
import { forms, queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { authenticated } from '../../http/authenticate.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { roleOf } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { tenantPolicy } from './policy.js';
import { presentTenant } from './presenter.js';
import * as tenants from './service.js';

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;
  // The owner check (`can`) comes before any read, so nobody else learns whether an organization exists.

  router.get('/tenants', authenticated, can(tenantPolicy, 'list'), validate(queryForms.listTenants, 'query'), async (ctx) => {
    const role = roleOf(ctx);
    const page = await tenants.listTenants(db, listParams(inputOf(ctx, queryForms.listTenants), tenants.TENANT_LIST));
    ctx.body = listBody(page, (row) => presentTenant(row, role));
  });

  router.post('/tenants', authenticated, can(tenantPolicy, 'create'), validate(forms.organization), async (ctx) => {
    const role = roleOf(ctx);
    const input = inputOf(ctx, forms.organization);
    const tenant = await tenants.createTenant(db, { name: input.name, enableBioreq: input.enable_bioreq ?? false });
    ctx.status = 201;
    ctx.body = { data: presentTenant(tenant, role) };
  });

  router.get('/tenants/:tenantId', authenticated, can(tenantPolicy, 'view'), async (ctx) => {
    const role = roleOf(ctx);
    ctx.body = { data: presentTenant(await tenants.requireTenantRow(db, ctx.params.tenantId), role) };
  });

  router.patch('/tenants/:tenantId', authenticated, can(tenantPolicy, 'update'), validate(forms.organizationUpdate), async (ctx) => {
    const role = roleOf(ctx);
    const input = inputOf(ctx, forms.organizationUpdate);
    // The body decides the operation (archive or restore), so this check follows the body's validation.
    if (input.is_deleted !== undefined) tenantPolicy.authorize(role, input.is_deleted ? 'archive' : 'restore');
    const changes = { name: input.name, enableBioreq: input.enable_bioreq, enableEmbedJit: input.enable_embed_jit, isDeleted: input.is_deleted };
    ctx.body = { data: presentTenant(await tenants.updateTenant(db, ctx.params.tenantId, changes), role) };
  });

  router.delete('/tenants/:tenantId', authenticated, can(tenantPolicy, 'archive'), async (ctx) => {
    const role = roleOf(ctx);
    ctx.body = { data: presentTenant(await tenants.updateTenant(db, ctx.params.tenantId, { isDeleted: true }), role) };
  });

  return router;
}
