/** Integration clients (service accounts) of an organization, under /tenants/{tenantId}/integration-clients. */
import type { Context, Next } from 'koa';
import { forms, queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { User } from '../../db/models.js';
import { forbidden } from '../../http/errors.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { Routes } from '../../http/router.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { integrationClientPolicy, serviceAccountMessage } from './policy.js';
import { presentIntegrationClient } from './presenter.js';
import * as clients from './service.js';

const BASE = '/tenants/:tenantId/integration-clients';

/** 403 for a caller that is itself an integration client (policy.ts). */
async function byAPerson(ctx: Context, next: Next) {
  const { db } = ctx.services;
  const caller = await db.row<Pick<User, 'is_service_account'>>(db.from('users').where('id', accessOf(ctx).user.id).select('is_service_account'), User);
  if (caller?.is_service_account) throw forbidden('forbidden', serviceAccountMessage);
  return next();
}

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;

  router.get(BASE, inTenant, can(integrationClientPolicy, 'list'), byAPerson, validate(queryForms.listIntegrationClients, 'query'), async (ctx) => {
    const access = accessOf(ctx);
    const page = await clients.listIntegrationClients(
      db,
      access.tenant.id,
      listParams(inputOf(ctx, queryForms.listIntegrationClients), clients.INTEGRATION_CLIENT_LIST),
    );
    ctx.body = listBody(page, presentIntegrationClient);
  });

  router.post(BASE, inTenant, can(integrationClientPolicy, 'create'), byAPerson, validate(forms.integrationClient), async (ctx) => {
    const access = accessOf(ctx);
    const created = await clients.createIntegrationClient(db, access.tenant.id, access.user.id, inputOf(ctx, forms.integrationClient));
    ctx.status = 201;
    ctx.body = { data: { ...presentIntegrationClient(created.row), client_secret: created.secret } };
  });

  router.delete(`${BASE}/:clientId`, inTenant, can(integrationClientPolicy, 'revoke'), byAPerson, async (ctx) => {
    const access = accessOf(ctx);
    ctx.body = { data: presentIntegrationClient(await clients.revokeIntegrationClient(db, access.tenant.id, ctx.params.clientId)) };
  });

  return router;
}
