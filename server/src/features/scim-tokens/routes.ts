/** SCIM tokens of an organization, under /tenants/{tenantId}/scim-tokens (ARCHITECTURE.md#scim-provisioning). */
import { forms, queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { Routes } from '../../http/router.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { scimTokenPolicy } from './policy.js';
import { presentScimToken } from './presenter.js';
import * as tokens from './service.js';

const BASE = '/tenants/:tenantId/scim-tokens';

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db } = services;

  router.get(BASE, inTenant, can(scimTokenPolicy, 'list'), validate(queryForms.listScimTokens, 'query'), async (ctx) => {
    const access = accessOf(ctx);
    const page = await tokens.listScimTokens(db, access.tenant.id, listParams(inputOf(ctx, queryForms.listScimTokens), tokens.SCIM_TOKEN_LIST));
    ctx.body = listBody(page, presentScimToken);
  });

  router.post(BASE, inTenant, can(scimTokenPolicy, 'create'), validate(forms.scimToken), async (ctx) => {
    const access = accessOf(ctx);
    const created = await tokens.createScimToken(db, access.tenant.id, access.user.id, inputOf(ctx, forms.scimToken));
    ctx.status = 201;
    ctx.body = { data: { ...presentScimToken(created.row), token: created.token } };
  });

  router.delete(`${BASE}/:tokenId`, inTenant, can(scimTokenPolicy, 'revoke'), async (ctx) => {
    const access = accessOf(ctx);
    ctx.body = { data: presentScimToken(await tokens.revokeScimToken(db, access.tenant.id, ctx.params.tokenId)) };
  });

  return router;
}
