/**
 * Routing for /api. A feature declares its calls on a `Routes` (get, post, put, patch, delete: a path with
 * `:named` segments and the call's middleware, as @koa/router does); `apiRouter` puts the calls of every
 * feature in one radix tree (find-my-way), so finding a call costs the same with 10 routes or 500.
 * @koa/router tried every route's regular expression on every request and composed the matches anew: with
 * this API's ~80 routes that was about 60 µs of CPU per request, more than the rest of Koa together.
 *
 * A route is a pipeline of steps declared with it, run in order (composed once, at start, with koa-compose):
 *
 *   router.patch(path, inTenant, can(topicPolicy, 'update'), validate(forms.topicUpdate), handler)
 *
 * - who: `authenticated` (http/authenticate.ts: a person, else 401) or `inTenant` (http/tenant-access.ts: a person
 *   let into the `:tenantId` organization, else 401/404/403; `accessOf(ctx)` then answers who they are there);
 * - may they: `can(policy, operation)` (http/policy.ts: 403 `forbidden` unless `roleOf(ctx)` may);
 * - what they sent: `validate(form)` or `validate(form, 'query')` (http/validate.ts: 422 with every failing
 *   field, else `inputOf(ctx, form)` answers the typed input);
 * - then the handler, which calls the service and answers. A feature may add its own steps where a check must
 *   come before the form (a rate limit, a confirmed email).
 *
 * A matched call runs its middleware with `ctx.params`. HEAD runs the GET route
 * (Node leaves the body out). A known path asked with another method answers 405 with `Allow`; OPTIONS
 * (a preflight without Origin never reaches here: CORS answers those) answers 204 with `Allow`; an unknown
 * path answers 404. Static segments win over parameters (`/users/me` before `/users/:userId`).
 */
import FindMyWay, { type HTTPMethod, type HTTPVersion } from 'find-my-way';
import type { Context, Middleware, Next } from 'koa';
import compose from 'koa-compose';
import { HttpError, notFound } from './errors.js';

declare module 'koa' {
  interface DefaultContext {
    /** The path's `:named` segments, decoded (set by the router). */
    params: Record<string, string>;
  }
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

interface Route {
  method: Method;
  path: string;
  middleware: Middleware[];
}

/** A feature's calls, collected in the order they are declared. */
export class Routes {
  readonly declared: Route[] = [];

  get(path: string, ...middleware: Middleware[]): this {
    return this.add('GET', path, middleware);
  }

  post(path: string, ...middleware: Middleware[]): this {
    return this.add('POST', path, middleware);
  }

  put(path: string, ...middleware: Middleware[]): this {
    return this.add('PUT', path, middleware);
  }

  patch(path: string, ...middleware: Middleware[]): this {
    return this.add('PATCH', path, middleware);
  }

  delete(path: string, ...middleware: Middleware[]): this {
    return this.add('DELETE', path, middleware);
  }

  private add(method: Method, path: string, middleware: Middleware[]): this {
    this.declared.push({ method, path, middleware });
    return this;
  }
}

function methodNotAllowed(allowed: string[]): HttpError {
  return new HttpError(405, 'method_not_allowed', 'This method is not allowed here.', undefined, { Allow: allowed.join(', ') });
}

/** Organization slugs come from names of up to 255 characters; ids are 36. */
const MAX_PARAM_LENGTH = 300;

/**
 * One middleware answering every call under `prefix` (it ends the chain: nothing under the prefix falls through).
 * Two features declaring the same method and path is a programming error, reported at start by find-my-way.
 */
export function apiRouter(prefix: string, features: Routes[]): Middleware {
  type Handler = (ctx: Context, next: Next) => Promise<void>;
  const tree = FindMyWay<HTTPVersion.V1>({ ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH });
  for (const route of features.flatMap((feature) => feature.declared)) {
    const template = `${prefix}${route.path}`;
    // The access log writes the template into its JSON line as it is (http/access-log.ts).
    if (JSON.stringify(template) !== `"${template}"`) throw new Error(`The route ${template} has a character JSON would escape.`);
    const steps: Handler = compose(route.middleware);
    // The template names the request in the access log and the metrics (ARCHITECTURE.md#operating-tessera).
    const handler: Handler = (ctx, next) => {
      ctx.state.route = template;
      return steps(ctx, next);
    };
    tree.on(route.method, `${prefix}${route.path}`, () => undefined, handler);
    if (route.method === 'GET') tree.on('HEAD', `${prefix}${route.path}`, () => undefined, handler);
  }

  const allowedMethods = (path: string) => [...METHODS, 'HEAD' as const].filter((method) => tree.find(method, path));

  return async function routeApiCall(ctx: Context, next: Next) {
    const method = ctx.method as HTTPMethod;
    const found = (METHODS as readonly string[]).includes(method) || method === 'HEAD' ? tree.find(method, ctx.path) : null;
    if (found) {
      ctx.params = found.params as Record<string, string>;
      return (found.store as Handler)(ctx, next);
    }
    const allowed = allowedMethods(ctx.path);
    if (allowed.length === 0) throw notFound();
    if (method === 'OPTIONS') {
      ctx.set('Allow', allowed.join(', '));
      ctx.status = 204;
      return;
    }
    throw methodNotAllowed(allowed);
  };
}
