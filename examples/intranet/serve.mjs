// The Northwind intranet example: a tiny static server for this folder, and the intranet's own backend.
//   npm run examples            (from the repository root; PORT defaults to 4000)
// Open http://localhost:4000/ (or add ?tessera=http://host:port when Tessera does not run on localhost:3000).
// The Tessera server must allow this page's origin: ALLOWED_ORIGINS=http://localhost:4000 (see README).
// Every page goes out with a strict Content-Security-Policy naming the Tessera server (see contentSecurityPolicy).
//
// The partner backend (README, "Signed in by the intranet"): POST /session mints an embed session for the intranet's
// signed-in employee (INTRANET_USER_EMAIL, INTRANET_USER_NAME) through the SDK's Node integration client, and the page
// hands it to the widgets: no Tessera login at all. Its client is TESSERA_CLIENT_ID and TESSERA_CLIENT_SECRET (an
// integration client of TESSERA_ORGANIZATION whose role is admin or master), by default the one the demo data
// publishes (`npm start` seeds it); set TESSERA_CLIENT_ID empty and the page shows <tessera-login> instead.
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

const tesseraUrl = (process.env.TESSERA_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const organization = process.env.TESSERA_ORGANIZATION ?? 'acme-training';
/**
 * The person this intranet has signed in. A real intranet reads its own session here (its cookie, its SSO); the
 * example has one fixed employee, a learner of the demo organization by default.
 */
const employee = { email: process.env.INTRANET_USER_EMAIL ?? 'learner@example.com', name: process.env.INTRANET_USER_NAME ?? 'Lena Learner' };

/** The integration client the demo data publishes (server/src/seed-demo.ts, DEMO_INTEGRATION_CLIENT): demo data only. */
const DEMO_CLIENT = { id: 'demo-northwind-intranet', secret: 'demo-northwind-intranet-secret' };

/** @type {Promise<import('@tessera/sdk').TesseraIntegrationClient | null> | undefined} */
let integrationClient;
/** The intranet's integration client (made once), or null when the backend is not configured or the SDK is not built. */
function partnerClient() {
  integrationClient ??= (async () => {
    const clientId = process.env.TESSERA_CLIENT_ID ?? DEMO_CLIENT.id;
    const clientSecret = process.env.TESSERA_CLIENT_SECRET ?? (clientId === DEMO_CLIENT.id ? DEMO_CLIENT.secret : undefined);
    if (!clientId || !clientSecret) return null;
    try {
      const { createIntegrationClient } = await import('@tessera/sdk');
      return createIntegrationClient({ baseUrl: `${tesseraUrl}/api`, clientId, clientSecret });
    } catch (error) {
      console.error('The partner backend needs the SDK built (npm run build -w @tessera/sdk):', /** @type {Error} */ (error).message);
      return null;
    }
  })();
  return integrationClient;
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(response, status, body) {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
}

/**
 * `GET /session` says whether the backend is configured (`backend`: the page then sets a session provider); `POST /session`
 * answers `{ session_token, expires_at }` for the signed-in employee: single use, valid a minute, so it is minted
 * at each call and never stored. Only the intranet's own pages may ask (a cross-site POST is refused).
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
async function answerSession(request, response) {
  const client = await partnerClient();
  // Not an error status: the page asks on every load, and a browser logs a 404 in the console.
  if (request.method === 'GET') return sendJson(response, 200, client ? { backend: true, employee: employee.email } : { backend: false });
  if (!client) return sendJson(response, 404, { message: 'No partner backend: TESSERA_CLIENT_ID is empty.' });
  if (request.method !== 'POST') return sendJson(response, 405, { message: 'Use POST.' });
  const origin = request.headers.origin;
  if (origin && new URL(origin).host !== request.headers.host) return sendJson(response, 403, { message: 'Only the intranet itself may ask.' });
  const {
    data,
    error,
    response: answer,
  } = await client.embedSessions.create(organization, employee).catch(() => ({ data: undefined, error: undefined, response: null }));
  if (!data) {
    const reason = /** @type {{ message?: string } | undefined} */ (error)?.message ?? 'Tessera did not answer.';
    console.error(`Could not mint an embed session for ${employee.email} (${answer?.status ?? 'no answer'}): ${reason}`);
    return sendJson(response, 502, { message: 'Tessera refused the session.' });
  }
  return sendJson(response, 200, { session_token: data.data.session_token, expires_at: data.data.expires_at });
}

const server = createServer(async (request, response) => {
  if (new URL(request.url ?? '/', 'http://localhost').pathname === '/session') return answerSession(request, response);
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
  void partnerClient().then((client) =>
    console.log(
      client
        ? `Partner backend: POST /session mints embed sessions for ${employee.email} in ${organization} at ${tesseraUrl}.`
        : 'No partner backend (TESSERA_CLIENT_ID and TESSERA_CLIENT_SECRET unset): the page shows <tessera-login>.',
    ),
  );
});
