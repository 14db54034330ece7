/**
 * Cross-origin rules and security headers.
 * - CORS: the server's own origin and ALLOWED_ORIGINS may call /api and load /widgets (bearer tokens,
 *   no cookies, so no credentials mode); Retry-After and X-Request-Id are readable by callers.
 * - Headers (helmet): a Content-Security-Policy the portal runs under. Stitches injects <style> tags
 *   ('unsafe-inline' styles) and the ALTCHA widget solves in workers made from blobs. API answers get
 *   a short fixed set instead.
 */
import cors from '@koa/cors';
import type { Context, Middleware } from 'koa';
import helmet from 'koa-helmet';
import type { ServerConfig } from '../config.js';

/**
 * True for the server's own origin (as the browser reached it: browsers send Origin on same-origin
 * POSTs too), PUBLIC_URL's origin and ALLOWED_ORIGINS. (Koa 3's `ctx.origin` is the request's Origin
 * header, not the server's, hence protocol + host.)
 */
export function originChecker(config: Pick<ServerConfig, 'allowedOrigins' | 'publicUrl'>) {
  const allowed = new Set([...config.allowedOrigins, new URL(config.publicUrl).origin]);
  return (ctx: Pick<Context, 'protocol' | 'host'>, origin: string): boolean => origin === `${ctx.protocol}://${ctx.host}` || allowed.has(origin);
}

export function corsMiddleware(isAllowedOrigin: (ctx: Context, origin: string) => boolean): Middleware {
  const handle = cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      return origin && isAllowedOrigin(ctx, origin) ? origin : '';
    },
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Requested-With', 'Accept'],
    exposeHeaders: ['Retry-After', 'X-Request-Id', 'Content-Disposition', 'Tessera-Questions-Left-Out'],
    maxAge: 600,
  });
  // Without an Origin header there is nothing to allow; API answers are no-store, so no Vary is needed either.
  return (ctx, next) => (ctx.get('Origin') || !ctx.path.startsWith('/api') ? handle(ctx, next) : next());
}

/**
 * API answers are JSON for scripts, never documents: a fixed, short set of headers (OWASP's REST
 * advice) set in one go, instead of the document headers helmet computes for each request.
 */
function apiHeaders(https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'no-store',
    ...(https ? { 'Strict-Transport-Security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

function servesHttps(config: Pick<ServerConfig, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:');
}

export function securityHeaders(config: Pick<ServerConfig, 'publicUrl'>): Middleware {
  const https = servesHttps(config);
  const forApi = apiHeaders(https);
  const forDocuments = documentHeaders(https);
  return (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      ctx.set(forApi);
      return next();
    }
    return forDocuments(ctx, next);
  };
}

/** The portal's pages and files, and the widget bundles. */
function documentHeaders(https: boolean): Middleware {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        // A bioreq pdf is previewed from a blob the page fetched through its signed URL (features/bioreq).
        frameSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Widgets are loaded by other sites' pages with <script>; /widgets relaxes this header (see static.ts).
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}
