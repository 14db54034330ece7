/**
 * Single sign-on (ARCHITECTURE.md#single-sign-on): the organization's connection (its masters and the owner), the
 * owner's domain claims, and the sign-in itself (no authentication: starting it, and the provider's callback).
 */
import type { Context, Next } from 'koa';
import { forms, queryForms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { authenticated, sessionOf } from '../../http/authenticate.js';
import { listBody, listParams } from '../../http/list-query.js';
import { can } from '../../http/policy.js';
import { Routes } from '../../http/router.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { OidcClients } from './oidc.js';
import { ssoConnectionPolicy, ssoDomainPolicy } from './policy.js';
import { presentConnection, presentDomain } from './presenter.js';
import { decideDomain, deleteConnection, findConnection, listDomains, requireConnection, saveConnection, SSO_DOMAIN_LIST } from './service.js';
import { completeCallback, startSignIn, startTest } from './sign-in.js';

const BASE = '/tenants/:tenantId/sso';

/** Sign-ins started per address (RATE_LIMIT_SSO_START): each may read the provider's discovery. */
async function limitedPerAddress(ctx: Context, next: Next): Promise<void> {
  await ctx.services.limiters.consume('ssoStart', ctx.ip);
  await next();
}

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db, config } = services;
  // The discovered providers of this app, kept per connection (oidc.ts).
  const oidc = new OidcClients(config.sso.allowInsecureProviders);

  router.get(BASE, inTenant, can(ssoConnectionPolicy, 'read'), async (ctx) => {
    const access = accessOf(ctx);
    const connection = await findConnection(db, access.tenant.id);
    ctx.body = { data: connection ? presentConnection(connection, access.tenant.id, config.publicUrl, access.role) : null };
  });

  router.put(BASE, inTenant, can(ssoConnectionPolicy, 'update'), validate(forms.ssoConnection), async (ctx) => {
    const access = accessOf(ctx);
    const saved = await saveConnection(services, oidc, access.tenant, access.user, inputOf(ctx, forms.ssoConnection));
    ctx.body = { data: presentConnection(saved, access.tenant.id, config.publicUrl, access.role) };
  });

  router.delete(BASE, inTenant, can(ssoConnectionPolicy, 'delete'), async (ctx) => {
    const access = accessOf(ctx);
    await deleteConnection(db, oidc, access.tenant, access.user);
    ctx.status = 204;
  });

  router.post(`${BASE}/test`, inTenant, can(ssoConnectionPolicy, 'test'), async (ctx) => {
    const access = accessOf(ctx);
    const connection = await requireConnection(db, access.tenant.id);
    ctx.body = { data: { url: await startTest(services, oidc, access.tenant, connection) } };
  });

  router.get('/sso-domains', authenticated, can(ssoDomainPolicy, 'list'), validate(queryForms.listSsoDomains, 'query'), async (ctx) => {
    const query = inputOf(ctx, queryForms.listSsoDomains);
    ctx.body = listBody(await listDomains(db, listParams(query, SSO_DOMAIN_LIST), query.status ?? undefined), presentDomain);
  });

  for (const [action, status] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    router.post(`/sso-domains/:domain/${action}`, authenticated, can(ssoDomainPolicy, 'decide'), async (ctx) => {
      ctx.body = { data: presentDomain(await decideDomain(db, ctx.params.domain, status, sessionOf(ctx).user)) };
    });
  }

  router.post('/sso/start', limitedPerAddress, validate(forms.ssoStart), async (ctx) => {
    ctx.body = { data: { url: await startSignIn(services, oidc, inputOf(ctx, forms.ssoStart)) } };
  });

  router.get('/sso/oidc/callback', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 303;
    ctx.redirect(await completeCallback(services, oidc, new URLSearchParams(ctx.querystring)));
  });

  return router;
}
