/**
 * The built portal (SPA) and the widget bundles. A missing build answers 503 with what to run,
 * rather than failing at start: the API works without them.
 */
import { existsSync } from 'node:fs';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { HttpError, notFound } from './errors.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function notBuilt(what: string, command: string): HttpError {
  return new HttpError(503, 'not_built', `The ${what} has not been built yet. Run \`${command}\` and reload.`);
}

/** A dot segment (`/.env`, `/.well-known/…`): koa-send serves no hidden file, and nothing here is one. */
function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.'));
}

function isMissing(error: unknown): boolean {
  const { status, code } = error as { status?: number; code?: string };
  return status === 404 || code === 'ENOENT' || code === 'ENOTDIR';
}

/** GET /widgets/*: the ES module build and the standalone bundle, loadable by the allowed origins. */
export function serveWidgets(root: string) {
  return async function widgets(ctx: Context, next: Next) {
    if (!ctx.path.startsWith('/widgets/') || !['GET', 'HEAD'].includes(ctx.method)) return next();
    if (hasDotSegment(ctx.path)) throw notFound();
    if (!existsSync(root)) throw notBuilt('widget bundle', 'npm run build -w @tessera/widgets');
    // Other sites' pages load these files: allow cross-origin embedding of this one path.
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    try {
      await send(ctx, ctx.path.slice('/widgets'.length), { root, maxage: 5 * 60 * 1000 });
    } catch (error) {
      if (isMissing(error)) throw notFound();
      throw error;
    }
  };
}

/** A page route of the SPA: asked for as HTML, and not a missing file (which would get HTML for a script). */
function isPageRequest(ctx: Context): boolean {
  const lastSegment = ctx.path.split('/').pop() ?? '';
  return !lastSegment.includes('.') && ctx.accepts('html', 'json') === 'html';
}

/** Everything that is not /api or /widgets: the portal's files, else index.html for the SPA's routes. */
export function servePortal(root: string) {
  return async function portal(ctx: Context, next: Next) {
    if (!['GET', 'HEAD'].includes(ctx.method) || ctx.path === '/api' || ctx.path.startsWith('/api/') || ctx.path.startsWith('/widgets/')) return next();
    if (hasDotSegment(ctx.path)) throw notFound();
    if (!existsSync(root)) throw notBuilt('portal', 'npm run build -w @tessera/portal');
    try {
      const served = await send(ctx, ctx.path, { root, index: 'index.html' });
      // Vite names assets by content hash: cache them for good; everything else is revalidated.
      const immutable = served.includes('/assets/');
      ctx.set('Cache-Control', immutable ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
      return;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    if (!isPageRequest(ctx)) throw notFound();
    await send(ctx, 'index.html', { root });
    ctx.set('Cache-Control', 'no-cache');
  };
}
