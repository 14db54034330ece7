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
import { HttpError } from '../../http/errors.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { inputOf, validate } from '../../http/validate.js';
import { OidcClients } from './oidc.js';
import { ssoConnectionPolicy, ssoDomainPolicy } from './policy.js';
import { presentConnection, presentDomain } from './presenter.js';
import { decideDomain, deleteConnection, findConnection, listDomains, requireConnection, saveConnection, SSO_DOMAIN_LIST } from './service.js';
import { samlAcsPath, samlMetadata } from './saml.js';
import { browserCookieName, completeCallback, completeSamlResponse, startSignIn, startTest, type StartedSignIn } from './sign-in.js';

const BASE = '/tenants/:tenantId/sso';
const CALLBACK = '/sso/oidc/callback';
/** A sign-in's lifetime at the provider (sign-in.ts), in seconds. */
const BROWSER_COOKIE_SECONDS = 10 * 60;

/** The SAML ACS's path: its form body is read (app.ts), the only urlencoded body of the API. */
export const SAML_ACS_PATH = /^\/api\/sso\/saml\/[^/]+\/acs$/;

/**
 * The Set-Cookie of a sign-in's browser binding: sent back only to the callback or ACS at `path`, never readable by
 * scripts. `SameSite=Lax` follows the OpenID provider's redirect; the SAML IdP's form POST comes from another site,
 * which only a `SameSite=None; Secure` cookie follows (over http, in development, the IdP and Tessera on localhost
 * are one site, and Lax does).
 */
function browserCookie(cookie: { name: string; value: string; path: string; crossSitePost: boolean }, maxAge: number, secure: boolean): string {
  const sameSite = cookie.crossSitePost && secure ? 'None' : 'Lax';
  return `${cookie.name}=${cookie.value}; Path=${cookie.path}; Max-Age=${maxAge}; HttpOnly; SameSite=${sameSite}${secure ? '; Secure' : ''}`;
}

/** A 303 to `url` without Koa's "Redirecting to" text: the contract documents the Location only. */
function redirectTo(ctx: Context, url: string): void {
  ctx.redirect(url);
  ctx.body = '';
}

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
  // Secure whenever the portal is served over https (behind a proxy the request itself may be http).
  const secure = config.publicUrl.startsWith('https:');

  /** Sets the sign-in's browser cookie on the answer (sign-in.ts `StartedSignIn`) and answers the provider's URL. */
  function bindToBrowser(ctx: Context, started: StartedSignIn): string {
    ctx.append('Set-Cookie', browserCookie(started.cookie, BROWSER_COOKIE_SECONDS, secure));
    return started.url;
  }

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
    ctx.body = { data: { url: bindToBrowser(ctx, await startTest(services, oidc, access.tenant, connection)) } };
  });

  router.get('/sso-domains', authenticated, can(ssoDomainPolicy, 'list'), validate(queryForms.listSsoDomains, 'query'), async (ctx) => {
    const query = inputOf(ctx, queryForms.listSsoDomains);
    const filters = { status: query.status ?? undefined, tenantId: query.tenant ?? undefined };
    ctx.body = listBody(await listDomains(db, listParams(query, SSO_DOMAIN_LIST), filters), presentDomain);
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
    ctx.body = { data: { url: bindToBrowser(ctx, await startSignIn(services, oidc, inputOf(ctx, forms.ssoStart))) } };
  });

  router.get(CALLBACK, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 303;
    const query = new URLSearchParams(ctx.querystring);
    const cookieName = browserCookieName(query.get('state') ?? '');
    const binding = ctx.cookies.get(cookieName);
    ctx.append('Set-Cookie', browserCookie({ name: cookieName, value: '', path: `/api${CALLBACK}`, crossSitePost: false }, 0, secure));
    redirectTo(ctx, await completeCallback(services, oidc, query, binding));
  });

  router.get('/sso/saml/:tenantId/metadata', async (ctx) => {
    const connection = await findConnection(db, ctx.params.tenantId);
    if (connection?.protocol !== 'saml') throw new HttpError(404, 'not_found', 'This organization has no SAML single sign-on.');
    ctx.type = 'application/samlmetadata+xml';
    ctx.body = samlMetadata(config.publicUrl, connection);
  });

  router.post('/sso/saml/:tenantId/acs', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 303;
    const form = (ctx.request.body ?? {}) as { SAMLResponse?: unknown; RelayState?: unknown };
    const relayState = typeof form.RelayState === 'string' ? form.RelayState : '';
    const cookieName = browserCookieName(relayState);
    const binding = ctx.cookies.get(cookieName);
    const path = samlAcsPath(ctx.params.tenantId);
    ctx.append('Set-Cookie', browserCookie({ name: cookieName, value: '', path, crossSitePost: true }, 0, secure));
    redirectTo(ctx, await completeSamlResponse(services, ctx.params.tenantId, form, binding));
  });

  return router;
}
