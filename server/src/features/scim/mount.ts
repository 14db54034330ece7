/**
 * The SCIM 2.0 endpoint (ARCHITECTURE.md#scim-provisioning), mounted by app.ts at /scim/v2 beside the /api chain:
 * its own body parser (application/scim+json and application/json), its own error shape (errors.ts), and its own
 * caller, a SCIM token of the organization in the URL (by id or slug). Another organization's URL is 404 and a
 * person's access token 401: a SCIM token reaches one organization's members and groups, never more.
 */
import type { Context, Middleware, Next } from 'koa';
import compose from 'koa-compose';
import type { AppServices } from '../../context.js';
import { Tenant, TenantSlug } from '../../db/models.js';
import { jsonBody } from '../../http/input.js';
import { refuseNulInRequest } from '../../http/null-characters.js';
import { apiRouter, Routes } from '../../http/router.js';
import { findScimToken, noteScimTokenUse, type ScimCaller } from '../scim-tokens/service.js';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery.js';
import { ScimError, SCIM_CONTENT_TYPE, scimErrors, scimNotFound } from './errors.js';
import * as groups from './groups.js';
import { patchOperations } from './patch.js';
import { isObject, listRequest, shaped } from './resources.js';
import * as users from './users.js';

export const SCIM_PREFIX = '/scim/v2';

declare module 'koa' {
  interface DefaultState {
    scim?: users.ScimContext;
  }
}

function bearerOf(ctx: Context): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'));
  return match?.[1];
}

/** Whether the URL's organization (id, slug or a former slug) is the token's. */
async function namesTokenOrganization(services: AppServices, caller: ScimCaller, segment: string): Promise<boolean> {
  if (segment === caller.tenantId) return true;
  const { db } = services;
  const current = await db.row(db.from('tenants').where('id', caller.tenantId).where('slug', segment).select('id'), Tenant);
  if (current) return true;
  const org = db.inTenant(caller.tenantId);
  const former = await org.row(org.from('tenant_slugs').where('slug', segment).select('slug'), TenantSlug);
  return Boolean(former);
}

/** The SCIM caller: a live token (else 401), of the URL's organization (else 404: the URL's organization is not told). */
function scimCaller(services: AppServices): Middleware {
  return async function authenticateScim(ctx: Context, next: Next) {
    const token = bearerOf(ctx);
    const caller = token ? await findScimToken(services.db, token) : undefined;
    if (!caller) throw new ScimError(401, 'A valid SCIM token is required (Authorization: Bearer <token>).');
    if (!(await namesTokenOrganization(services, caller, ctx.params.tenantId))) throw scimNotFound();
    await services.limiters.consume('scim', caller.id);
    await noteScimTokenUse(services.db, caller);
    ctx.state.scim = {
      db: services.db,
      jobs: services.jobs,
      tenantId: caller.tenantId,
      baseUrl: `${services.config.publicUrl}${SCIM_PREFIX}/${encodeURIComponent(ctx.params.tenantId)}`,
      actor: { kind: 'scim_token', id: caller.id, name: caller.name },
    };
    return next();
  };
}

function contextOf(ctx: Context): users.ScimContext {
  if (!ctx.state.scim) throw new Error('The SCIM caller step must run first.');
  return ctx.state.scim;
}

function answer(ctx: Context, body: unknown, status = 200): void {
  ctx.status = status;
  ctx.body = body;
  ctx.type = SCIM_CONTENT_TYPE;
}

function created(ctx: Context, resource: Record<string, unknown>): void {
  answer(ctx, resource, 201);
  const meta = resource.meta as { location?: string } | undefined;
  if (meta?.location) ctx.set('Location', meta.location);
}

function bodyOf(ctx: Context): Record<string, unknown> {
  const body: unknown = ctx.request.body;
  if (!isObject(body)) throw new ScimError(400, 'Send the resource as a JSON object.', 'invalidSyntax');
  return body;
}

/** The SCIM calls, relative to /scim/v2 (exported so that a test holds them against the contract). */
export function scimRoutes(services: AppServices): Routes {
  const router = new Routes();
  const caller = scimCaller(services);
  const base = '/:tenantId';

  router.get(`${base}/ServiceProviderConfig`, caller, (ctx) => answer(ctx, serviceProviderConfig(contextOf(ctx).baseUrl)));
  router.get(`${base}/ResourceTypes`, caller, (ctx) => answer(ctx, resourceTypes(contextOf(ctx).baseUrl)));
  router.get(`${base}/Schemas`, caller, (ctx) => answer(ctx, schemas(contextOf(ctx).baseUrl)));

  router.get(`${base}/Users`, caller, async (ctx) => answer(ctx, await users.listUsers(contextOf(ctx), listRequest(ctx.query))));
  router.post(`${base}/Users`, caller, async (ctx) => created(ctx, await users.createUser(contextOf(ctx), bodyOf(ctx))));
  router.get(`${base}/Users/:id`, caller, async (ctx) => {
    const shape = listRequest({ attributes: ctx.query.attributes, excludedAttributes: ctx.query.excludedAttributes });
    answer(ctx, shaped(await users.getUser(contextOf(ctx), ctx.params.id), shape));
  });
  router.put(`${base}/Users/:id`, caller, async (ctx) => answer(ctx, await users.replaceUser(contextOf(ctx), ctx.params.id, bodyOf(ctx))));
  router.patch(`${base}/Users/:id`, caller, async (ctx) =>
    answer(ctx, await users.patchUser(contextOf(ctx), ctx.params.id, patchOperations(ctx.request.body))),
  );
  router.delete(`${base}/Users/:id`, caller, async (ctx) => {
    await users.deleteUser(contextOf(ctx), ctx.params.id);
    ctx.status = 204;
  });

  router.get(`${base}/Groups`, caller, async (ctx) => answer(ctx, await groups.listGroups(contextOf(ctx), listRequest(ctx.query))));
  router.post(`${base}/Groups`, caller, async (ctx) => created(ctx, await groups.createGroup(contextOf(ctx), bodyOf(ctx))));
  router.get(`${base}/Groups/:id`, caller, async (ctx) => {
    const shape = listRequest({ attributes: ctx.query.attributes, excludedAttributes: ctx.query.excludedAttributes });
    answer(ctx, await groups.getGroup(contextOf(ctx), ctx.params.id, shape));
  });
  router.put(`${base}/Groups/:id`, caller, async (ctx) => answer(ctx, await groups.replaceGroup(contextOf(ctx), ctx.params.id, bodyOf(ctx))));
  router.patch(`${base}/Groups/:id`, caller, async (ctx) => {
    await groups.patchGroup(contextOf(ctx), ctx.params.id, patchOperations(ctx.request.body));
    answer(ctx, await groups.getGroup(contextOf(ctx), ctx.params.id));
  });
  router.delete(`${base}/Groups/:id`, caller, async (ctx) => {
    await groups.deleteGroup(contextOf(ctx), ctx.params.id);
    ctx.status = 204;
  });
  return router;
}

/** The SCIM branch of the app: every request under /scim/v2 ends here, answered in SCIM's shapes. */
export function scimEndpoint(services: AppServices): Middleware {
  const router = apiRouter(SCIM_PREFIX, [scimRoutes(services)]);
  return compose<Context>([scimErrors, jsonBody(services.config.bodyLimit, ['application/scim+json']), refuseNulInRequest, router]);
}

/** Whether a request belongs to the SCIM branch. */
export function isScimPath(path: string): boolean {
  return path === SCIM_PREFIX || path.startsWith(`${SCIM_PREFIX}/`);
}
