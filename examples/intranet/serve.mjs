// The Northwind intranet example: a tiny static server for this folder.
//   npm run examples            (from the repository root; PORT defaults to 4000)
// Open http://localhost:4000/ (or add ?tessera=http://host:port when Tessera does not run on localhost:3000).
// The Tessera server must allow this page's origin: ALLOWED_ORIGINS=http://localhost:4000 (see README).
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

/** @param {string} url the request's URL; answers a file of this folder, or null */
function resolvePath(url) {
  const pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  const relative = normalize(pathname === '/' ? '/index.html' : pathname).replace(/^([/\\])+/, '');
  // Never leave this folder, and never hand out the server's own source.
  if (relative.startsWith('..') || !served.has(extname(relative))) return null;
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
    response.writeHead(200, { 'Content-Type': types[extname(path)], 'Cache-Control': 'no-cache' });
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  }
});

server.listen(port, host, () => {
  console.log(`Northwind Intranet example: http://${host === '127.0.0.1' ? 'localhost' : host}:${port}/`);
  console.log('It loads <tessera-login> from http://localhost:3000 (add ?tessera=http://host:port to change).');
});
