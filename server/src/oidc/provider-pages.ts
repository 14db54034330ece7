/**
 * The provider's own routes beside the token endpoint, answered by oidc-provider as if it were mounted at /api
 * (provider.ts names them): the authorization endpoint and its resume step, userinfo, the JWKS, and RP-initiated
 * logout with its confirmation and success pages. Everything else under /api goes on to the API's router.
 */
import type { Context, Next } from 'koa';
import { unsupportedMediaType } from '../http/input.js';
import { PROVIDER_ROUTES } from './provider.js';

/**
 * Path (under /api) to the methods the provider answers there. The authorization and end session endpoints answer
 * GET only: the library's POST forms are off (`enableHttpPostMethods`), as their cookies would then have to be
 * SameSite=None.
 */
const EXACT: ReadonlyMap<string, readonly string[]> = new Map([
  [PROVIDER_ROUTES.authorization, ['GET']],
  [PROVIDER_ROUTES.userinfo, ['GET', 'POST']],
  [PROVIDER_ROUTES.jwks, ['GET']],
  [PROVIDER_ROUTES.end_session, ['GET']],
  [`${PROVIDER_ROUTES.end_session}/confirm`, ['POST']],
  [`${PROVIDER_ROUTES.end_session}/success`, ['GET']],
]);
/** `/authorize/{uid}`: the browser comes back here from an interaction (the provider's resume route). */
const RESUME = new RegExp(`^${PROVIDER_ROUTES.authorization}/[^/]+$`);

function providerPathOf(path: string): string | undefined {
  if (!path.startsWith('/api/')) return undefined;
  const inner = path.slice('/api'.length);
  return EXACT.has(inner) || RESUME.test(inner) ? inner : undefined;
}

export function isProviderPagePath(path: string): boolean {
  return providerPathOf(path) !== undefined;
}

export function providerPages(runProvider: (ctx: Context, providerPath: string) => Promise<void>) {
  return async function providerPage(ctx: Context, next: Next) {
    const inner = providerPathOf(ctx.path);
    const methods = inner ? (EXACT.get(inner) ?? ['GET']) : undefined;
    // A HEAD is the GET without its body (Node leaves it out); another method goes on to the router's 405/404.
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    if (!inner || !methods!.includes(method)) return next();
    // The provider reads forms only (OpenID Connect's POST bindings); it would not answer another body at all.
    const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
    if (method === 'POST' && hasBody && !ctx.is('application/x-www-form-urlencoded')) throw unsupportedMediaType();
    await runProvider(ctx, inner);
  };
}
