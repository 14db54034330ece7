// The Northwind intranet example: a tiny static server for this folder.
//   npm run examples            (from the repository root; PORT defaults to 4000)
// Open http://localhost:4000/ (or add ?tessera=http://host:port when Tessera does not run on localhost:3000).
// The Tessera server must allow this page's origin: ALLOWED_ORIGINS=http://localhost:4000 (see README).
// Every page goes out with a strict Content-Security-Policy naming the Tessera server (see contentSecurityPolicy).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const port = Number(process.env.PORT ?? 4000);
const host = process.env.HOST ?? '127.0.0.1';
/** @type {Record<string, string>} */
const types = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml' };
const served = new Set(['.html', '.css', '.svg']);
/** The page's own scripts (never the server's source, serve.mjs). */
const scripts = new Set(['page.js', 'bioreq-page.js']);

/**
 * What a security-minded intranet sends: nothing inline (no 'unsafe-inline', no nonce), scripts only from the
 * page's origin and the Tessera server, API calls only to the Tessera server, images and media (signed URLs of the
 * Tessera server's PUBLIC_URL) only from it. EXTRA_API_ORIGINS (comma-separated) adds API origins to connect-src.
 * @param {string} url the page's URL, whose ?tessera= names the Tessera server
 */
function contentSecurityPolicy(url) {
  let tessera = 'http://localhost:3000';
  try {
    tessera = new URL(new URL(url, 'http://localhost').searchParams.get('tessera') ?? tessera).origin;
  } catch {
    // not a URL: keep the default
  }
  const extra = (process.env.EXTRA_API_ORIGINS ?? '')
    .split(',')
    .filter(Boolean)
    .map((origin) => new URL(origin).origin);
  return [
    "default-src 'self'",
    `script-src 'self' ${tessera}`,
    "style-src 'self'",
    `connect-src 'self' ${[tessera, ...extra].join(' ')}`,
    `img-src 'self' ${tessera}`,
    `media-src ${tessera}`,
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** @param {string} url the request's URL; answers a file of this folder, or null */
function resolvePath(url) {
  const pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  const relative = normalize(pathname === '/' ? '/index.html' : pathname).replace(/^([/\\])+/, '');
  // Never leave this folder, and never hand out the server's own source.
  if (relative.startsWith('..') || !(served.has(extname(relative)) || scripts.has(relative))) return null;
  return join(root, relative);
}

const server = createServer(async (request, response) => {
  const path = resolvePath(request.url ?? '/');
  if (!path || !['GET', 'HEAD'].includes(request.method ?? '')) {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    return;
  }
  try {
    const body = await readFile(path);
    response.writeHead(200, {
      'Content-Type': types[extname(path)],
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': contentSecurityPolicy(request.url ?? '/'),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  }
});

server.listen(port, host, () => {
  console.log(`Northwind Intranet example: http://${host === '127.0.0.1' ? 'localhost' : host}:${port}/`);
  console.log('It loads <tessera-login> from http://localhost:3000 (add ?tessera=http://host:port to change).');
});
