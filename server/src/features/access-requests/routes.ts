/**
 * POST /access-requests (core-platform.md 7.1): a person asks to join an organization by its name; the masters'
 * side of the requests is manage-routes.ts.
 */
import type { Context, Next } from 'koa';
import { Routes } from '../../http/router.js';
import { forms } from '@tessera/sdk/rules';
import type { AppServices } from '../../context.js';
import { authenticated, sessionOf } from '../../http/authenticate.js';
import { inputOf, validate } from '../../http/validate.js';
import { accessRequestManagementRoutes } from './manage-routes.js';
import { assertMayRequestAccess } from './policy.js';
import { createAccessRequest } from './service.js';

/** The step before the form: only a confirmed email may ask (403 first, then the form's 422). */
async function mayRequestAccess(ctx: Context, next: Next): Promise<void> {
  assertMayRequestAccess(sessionOf(ctx).user);
  await next();
}

export function routes(services: AppServices): Routes[] {
  const router = new Routes();
  router.post('/access-requests', authenticated, mayRequestAccess, validate(forms.accessRequest), async (ctx) => {
    ctx.status = 201;
    ctx.body = { data: await createAccessRequest(services.db, sessionOf(ctx).user, inputOf(ctx, forms.accessRequest).name) };
  });
  return [router, accessRequestManagementRoutes(services)];
}
