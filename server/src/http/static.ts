/**
 * The built portal (SPA) and the widget bundles. A missing build answers 503 with what to run,
 * rather than failing at start: the API works without them.
 *
 * Compression is done once at build time (`widgets/scripts/precompress.mjs` writes `<file>.br` and `<file>.gz`
 * beside each text file): koa-send picks the brotli file, else the gzip one, else the file itself, by the
 * request's Accept-Encoding, and every answer says `Vary: Accept-Encoding`. Every file has a (weak) ETag from
 * the served file's size and modification time, so a revalidation answers 304 without a body.
 * Caching (see ARCHITECTURE.md#api-conventions):
 * - the portal's `/assets/` (named by content hash by Vite): a year, `immutable`;
 * - `index.html` and the SPA's routes, and other portal files: `no-cache` (always revalidated, 304 when unchanged); a
 *   route the build prerendered (`/login`) is answered with its page (`login.html`), any other with `index.html`;
 * - `/widgets/` (fixed names that partner pages embed): 5 minutes fresh, then revalidated by ETag; a stale copy
 *   may be used for a day while it revalidates in the background;
 * - `/widgets/v<version>/` (the same files under the version they were built as, for pages that pin a version and
 *   check its Subresource Integrity): a year, `immutable`. `/widgets/manifest.json` lists them with their hashes.
 */
import { existsSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { HttpError, notFound } from './errors.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const WIDGETS_CACHE = 'public, max-age=300, stale-while-revalidate=86400';

/** A weak validator of the file actually sent (the .br, .gz or plain file: each encoding has its own). */
function setEtag(res: ServerResponse, _path: string, stats: Stats): void {
  res.setHeader('ETag', `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`);
}

/** Serves a file of `root` with the headers above; answers 304 when the client's copy is current. */
async function sendStatic(ctx: Context, path: string, root: string, cacheControl: (served: string) => string): Promise<void> {
  // A folder's index named here: koa-send looks for the .br/.gz of the path asked, before it resolves a folder.
  const file = path.endsWith('/') ? `${path}index.html` : path;
  const served = await send(ctx, file, { root, brotli: true, gzip: true, setHeaders: setEtag });
  ctx.vary('Accept-Encoding');
  ctx.set('Cache-Control', cacheControl(served));
  // koa answers 304 without the body (the file stream is closed when the response ends).
  if (ctx.fresh) ctx.status = 304;
}

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

/** What the widgets build wrote beside the bundles (widgets/scripts/manifest.mjs). */
interface WidgetsBuildManifest {
  version: string;
  files: Record<string, { integrity: string }>;
}

/** The build's manifest, read again when the file changes (a build in place); undefined when there is none. */
function buildManifestReader(root: string): () => Promise<WidgetsBuildManifest | undefined> {
  const path = join(root, 'manifest.json');
  let cached: { mtimeMs: number; manifest: WidgetsBuildManifest } | undefined;
  return async () => {
    const stats = await stat(path).catch(() => undefined);
    if (!stats) return undefined;
    if (cached?.mtimeMs !== stats.mtimeMs) cached = { mtimeMs: stats.mtimeMs, manifest: JSON.parse(await readFile(path, 'utf8')) as WidgetsBuildManifest };
    return cached.manifest;
  };
}

/** `/widgets/v1.2.3/tessera-widgets.js` -> the version and the file's path in the build (`/tessera-widgets.js`). */
const VERSIONED_PATH = /^\/widgets\/v(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)(\/.+)$/;

/**
 * GET /widgets/*: the ES module build and the standalone bundles, loadable by the allowed origins; the same files
 * under `/widgets/v<version>/` for the version this server was built with, and `/widgets/manifest.json`.
 */
export function serveWidgets(root: string, publicUrl: string) {
  const readBuildManifest = buildManifestReader(root);
  async function buildManifest(): Promise<WidgetsBuildManifest> {
    const built = await readBuildManifest();
    if (!built) throw notBuilt('widget manifest', 'npm run build -w @tessera/widgets');
    return built;
  }

  async function manifest(ctx: Context): Promise<void> {
    const built = await buildManifest();
    ctx.set('Cache-Control', WIDGETS_CACHE);
    ctx.body = {
      version: built.version,
      files: Object.entries(built.files).map(([name, { integrity }]) => ({
        name,
        url: `${publicUrl}/widgets/v${built.version}/${name}`,
        latest_url: `${publicUrl}/widgets/${name}`,
        integrity,
      })),
    };
  }

  /** The file's path in the build and how long it may be kept: a versioned path is immutable, if it is this build's. */
  async function resolve(path: string): Promise<{ file: string; cacheControl: string }> {
    const versioned = VERSIONED_PATH.exec(path);
    if (!versioned) return { file: path.slice('/widgets'.length), cacheControl: WIDGETS_CACHE };
    const built = await buildManifest();
    if (built.version !== versioned[1]) throw notFound(`This server serves the widgets ${built.version}: see /widgets/manifest.json for their addresses.`);
    return { file: versioned[2], cacheControl: `public, max-age=${YEAR_SECONDS}, immutable` };
  }

  return async function widgets(ctx: Context, next: Next) {
    if (!ctx.path.startsWith('/widgets/') || !['GET', 'HEAD'].includes(ctx.method)) return next();
    if (hasDotSegment(ctx.path)) throw notFound();
    if (!existsSync(root)) throw notBuilt('widget bundle', 'npm run build -w @tessera/widgets');
    // Other sites' pages load these files: allow cross-origin embedding of this one path.
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    if (ctx.path === '/widgets/manifest.json') return manifest(ctx);
    const { file, cacheControl } = await resolve(ctx.path);
    try {
      await sendStatic(ctx, file, root, () => cacheControl);
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
      // Vite names assets by content hash: cache them for good; everything else is revalidated.
      await sendStatic(ctx, ctx.path, root, (served) => (served.includes('/assets/') ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache'));
      return;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    if (!isPageRequest(ctx)) throw notFound();
    // A page the build prerendered (portal/scripts/prerender.mjs writes `/login` as login.html): its first paint is
    // in the HTML. Every other route gets the empty shell.
    const prerendered = `${ctx.path.replace(/\/+$/, '')}.html`;
    if (prerendered !== '.html') {
      try {
        await sendStatic(ctx, prerendered, root, () => 'no-cache');
        return;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    await sendStatic(ctx, 'index.html', root, () => 'no-cache');
  };
}
