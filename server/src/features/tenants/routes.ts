/** The owner's organization calls (core-platform.md 7.1): GET/POST /tenants, GET/PATCH/DELETE /tenants/{tenantId}. */
import { Routes } from '../../http/router.js';
import type { Context } from 'koa';
import { forms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { authenticate, sessionOf } from '../../http/authenticate.js';
import { listBody, readListParams } from '../../http/list-query.js';
import { flagOf, readBody, textOf } from '../../http/read-body.js';
import { platformRole, type AccessRole } from '../../http/tenant-access.js';
import { tenantPolicy } from './policy.js';
import { presentTenant } from './presenter.js';
import * as tenants from './service.js';

type Operation = keyof typeof tenantPolicy.rules;

/** The owner check comes first, so nobody else learns whether an organization exists. */
function authorized(ctx: Context, operation: Operation): AccessRole {
  const role = platformRole(sessionOf(ctx).user);
  tenantPolicy.authorize(role, operation);
  return role;
}

export function tenantRoutes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;
  const { knex } = db;
  const requireSession = authenticate(db);

  router.get('/tenants', requireSession, async (ctx) => {
    const role = authorized(ctx, 'list');
    const page = await tenants.listTenants(db, readListParams(ctx.query, tenants.TENANT_LIST));
    ctx.body = listBody(page, (row) => presentTenant(row, role));
  });

  router.post('/tenants', requireSession, async (ctx) => {
    const role = authorized(ctx, 'create');
    const input = readBody(ctx.request.body, forms.organization);
    const tenant = await tenants.createTenant(knex, { name: textOf(input.name) as string, enableBioreq: flagOf(input.enable_bioreq) ?? false });
    ctx.status = 201;
    ctx.body = { data: presentTenant(tenant, role) };
  });

  router.get('/tenants/:tenantId', requireSession, async (ctx) => {
    const role = authorized(ctx, 'view');
    ctx.body = { data: presentTenant(await tenants.requireTenantRow(knex, ctx.params.tenantId), role) };
  });

  router.patch('/tenants/:tenantId', requireSession, async (ctx) => {
    const role = authorized(ctx, 'update');
    const input = readBody(ctx.request.body, forms.organizationUpdate);
    const isDeleted = flagOf(input.is_deleted);
    if (isDeleted !== undefined) tenantPolicy.authorize(role, isDeleted ? 'archive' : 'restore');
    const changes = { name: textOf(input.name), enableBioreq: flagOf(input.enable_bioreq), isDeleted };
    ctx.body = { data: presentTenant(await tenants.updateTenant(knex, ctx.params.tenantId, changes), role) };
  });

  router.delete('/tenants/:tenantId', requireSession, async (ctx) => {
    const role = authorized(ctx, 'archive');
    ctx.body = { data: presentTenant(await tenants.updateTenant(knex, ctx.params.tenantId, { isDeleted: true }), role) };
  });

  return router;
}
