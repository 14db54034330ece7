/** System calls, bad input, error bodies, security headers, CORS and static files. */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { CONTRACT_OPERATIONS } from './support/operations.js';
import { PASSWORD, databaseKinds, loggedInUser, startTestServer, type TestContext, type TestServer } from './support/server.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is read as sent (fetch would decode it). */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What precompress.mjs leaves beside a built file. */
function precompressFixture(path: string): Buffer {
  const original = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(original));
  writeFileSync(`${path}.gz`, gzipSync(original));
  return original;
}

describe.each(databaseKinds)('http on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;

  beforeAll(async () => {
    context = await startTestServer(kind, { bodyLimit: 20_000 });
    server = context.server;
  });
  afterAll(() => context.cleanup());

  describe('system calls', () => {
    it('answers the API version', async () => {
      const response = await server.api.get('/version');
      expect(response.body).toEqual({ data: { version: packageJson.version } });
    });

    it('answers the configuration documented in the contract', async () => {
      const response = await server.api.get('/config');
      expect(response.status).toBe(200);
      expect(response.body.data.image).toEqual({ min_width: 800, min_height: 450, max_width: 6000, max_height: 6000 });
      expect(response.body.data.file_sizes.video).toEqual({ min_size: 10, max_size: 2_000_000 });
      expect(response.body.data.bioreq_types).toContain('application/pdf');
    });

    it('answers 404 not_found for an unknown API route and 405 for a wrong method', async () => {
      const unknown = await server.api.get('/nothing-here');
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('not_found');
      const wrongMethod = await server.api.request('DELETE', '/version');
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.body.code).toBe('method_not_allowed');
      expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD');
    });

    it('routes by path: a static segment before a parameter, a trailing slash, HEAD as GET, OPTIONS with Allow', async () => {
      const { access_token: token } = (await loggedInUser(server)).tokens;
      const me = await server.api.get('/users/me', { token });
      const withSlash = await fetch(`${server.url}/api/users/me/`, { headers: { Authorization: `Bearer ${token}` } });
      expect(withSlash.status).toBe(200);
      expect(((await withSlash.json()) as { data: { id: string } }).data.id).toBe(me.body.data.id);
      // /users/{userId} is the owner's; /users/me is everyone's own.
      const someone = await server.api.get(`/users/${me.body.data.id}`, { token });
      expect(someone.status).toBe(405);
      expect(someone.headers.get('allow')).toBe('PATCH, DELETE');

      const head = await fetch(`${server.url}/api/version`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');

      const options = await fetch(`${server.url}/api/users/me`, { method: 'OPTIONS' });
      expect(options.status).toBe(204);
      // DELETE /users/{userId} matches too: the owner's call, answering 404 for the id "me".
      expect(options.headers.get('allow')).toBe('GET, PATCH, DELETE, HEAD');
    });

    it('answers a malformed or overlong path segment with a 4xx, never a 500', async () => {
      const { access_token: token } = (await loggedInUser(server)).tokens;
      for (const path of ['/tenants/%E0%A4%A/modules', '/tenants/%ZZ', `/tenants/${'a'.repeat(400)}/modules`, '/users/me/%00']) {
        const response = await server.api.get(path, { token });
        expect(response.status, path).toBeGreaterThanOrEqual(400);
        expect(response.status, path).toBeLessThan(500);
        expect(response.body.code, path).toBeTruthy();
      }
    });
  });

  describe('bad input never answers 500', () => {
    const signUpPaths = ['/sign-up', '/forgot-password', '/confirm-email', '/reset-password', '/finish-registration'];

    it('answers 400 bad_request for malformed JSON', async () => {
      for (const path of [...signUpPaths, '/token']) {
        const response = await server.api.post(path, undefined, { raw: '{"email": "a@b.c",', headers: { 'Content-Type': 'application/json' } });
        expect(response.status, path).toBe(400);
        expect(response.body.code).toBe('bad_request');
      }
    });

    it('answers 400 (never 500) for a body whose Content-Encoding does not match it, on every kind of call', async () => {
      const { access_token: token } = (await loggedInUser(server)).tokens;
      const notGzip = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', Authorization: `Bearer ${token}` };
      for (const [method, path] of [
        ['PATCH', '/users/me'],
        ['POST', '/access-requests'],
        ['POST', '/token'],
      ] as const) {
        const response = await fetch(`${server.url}/api${path}`, { method, headers: notGzip, body: '{"name":"not gzip at all"}' });
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(((await response.json()) as { code: string }).code).toBe('bad_request');
      }
      const unknownEncoding = await fetch(`${server.url}/api/users/me`, {
        method: 'PATCH',
        headers: { ...notGzip, 'Content-Encoding': 'x-unknown' },
        body: '{}',
      });
      expect(unknownEncoding.status).toBe(415);
    });

    it('answers 422 naming the field (never 500) for a NUL character in any string, and 404 for one in a path', async () => {
      const owner = await loggedInUser(server, { isOwner: true });
      const token = owner.tokens.access_token;
      const inName = await server.api.post('/tenants', { name: 'Acme\u0000 Training' }, { token });
      expect(inName.status).toBe(422);
      expect(inName.body.errors).toEqual({ name: ['The name must not contain a null character.'] });
      const inProfile = await server.api.patch('/users/me', { name: 'Nul\u0000 Person' }, { token });
      expect(inProfile.status).toBe(422);
      expect(Object.keys(inProfile.body.errors)).toEqual(['name']);
      const inSearch = await server.api.get('/tenants?paginate=true&search=%00', { token });
      expect(inSearch.status).toBe(422);
      expect(Object.keys(inSearch.body.errors)).toEqual(['search']);
      const inNestedKey = await server.api.post('/tenants', { name: 'Fine', ['x\u0000']: 'y' }, { token });
      expect(inNestedKey.status).toBe(422);
      expect((await server.api.get('/tenants/%00', { token })).status).toBe(404);
      expect((await server.api.get('/tenants/abc%00def/modules', { token })).status).toBe(404);
      const inClientId = await server.api.post('/token', undefined, {
        form: { grant_type: 'password', client_id: 'tessera-web\u0000', email: owner.user.email, password: PASSWORD },
      });
      expect(inClientId.status).toBe(422);
      expect(Object.keys(inClientId.body.errors)).toEqual(['client_id']);
    });

    it('answers 413 for an oversized body', async () => {
      const huge = { email: 'a@b.co', name: 'x'.repeat(30_000) };
      for (const path of [...signUpPaths, '/token']) {
        const response = await server.api.post(path, huge);
        expect(response.status, path).toBe(413);
        expect(response.body.code).toBe('payload_too_large');
      }
    });

    it('answers 415 for a content type the call does not read', async () => {
      for (const path of signUpPaths) {
        const response = await server.api.post(path, undefined, { raw: 'email=a@b.co', headers: { 'Content-Type': 'text/plain' } });
        expect(response.status, path).toBe(415);
        expect(response.body.code).toBe('unsupported_media_type');
      }
      const multipart = await server.api.post('/token', undefined, {
        raw: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      });
      expect(multipart.status).toBe(415);
    });

    it('answers 422 for wrong types, arrays and objects in fields', async () => {
      const bodies: unknown[] = [
        { email: 42, name: true, password: null, recaptcha_token: {} },
        { email: ['a@b.co'], name: ['Ann'], password: [PASSWORD], recaptcha_token: ['x'] },
        { email: { $gt: '' }, name: 'Ann', password: PASSWORD, recaptcha_token: 'x' },
      ];
      for (const body of bodies) {
        const response = await server.api.post('/sign-up', body);
        expect(response.status, JSON.stringify(body)).toBe(422);
        expect(response.body.code).toBe('validation_failed');
      }
      const typed = await server.api.post('/sign-up', bodies[0]);
      expect(typed.body.errors.email).toEqual(['The email must be a string.']);
    });

    it('answers 400 for JSON that is not an object, and 422 for an empty body', async () => {
      const scalar = await server.api.post('/forgot-password', undefined, { raw: '"just a string"', headers: { 'Content-Type': 'application/json' } });
      expect(scalar.status).toBe(400);
      expect((await server.api.post('/sign-up', [1, 2, 3])).status).toBe(400);
      const empty = await server.api.post('/forgot-password');
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toEqual({ email: ['The email field is required.'] });
    });

    it('answers 400 to an array on every call that reads a JSON body, before anything is changed', async () => {
      const owner = await loggedInUser(server, { isOwner: true });
      const token = owner.tokens.access_token;
      const tenant = await server.api.post('/tenants', { name: `Array Body ${Date.now()}` }, { token });
      const group = await server.api.post(`/tenants/${tenant.body.data.id}/groups`, { name: 'Kept', description: 'As it was' }, { token });
      const groupPath = `/tenants/${tenant.body.data.id}/groups/${group.body.data.id}`;
      // The defect as found: an update given an array answered 200 and changed nothing.
      const update = await server.api.patch(groupPath, [1, 2, 3], { token });
      expect(update.status).toBe(400);
      expect(update.body).toEqual({ code: 'bad_request', message: 'Send the body as a JSON object.' });
      expect((await server.api.get(groupPath, { token })).body.data).toMatchObject({ name: 'Kept', description: 'As it was' });

      const fill = (template: string) => template.replace('{tenantId}', tenant.body.data.id).replace(/\{[^}]+\}/g, '0190a6f0-0000-7000-8000-000000000000');
      // The token endpoint reads its own form (OAuth's errors, oauth-errors.ts): not the API's JSON bodies.
      const jsonCalls = CONTRACT_OPERATIONS.filter((operation) => operation.takesJson && operation.template !== '/token');
      expect(jsonCalls.length).toBeGreaterThan(40);
      for (const operation of jsonCalls) {
        const response = await server.api.request(operation.method, fill(operation.template), { json: ['a', 'b'], token });
        expect(response.status, `${operation.method} ${operation.template}`).toBe(400);
        expect(operation.statuses, `${operation.id} documents 400`).toContain('400');
      }
    });

    it('answers 422 for long strings within the body limit', async () => {
      const response = await server.api.post('/forgot-password', { email: `${'a'.repeat(5000)}@example.com` });
      expect(response.status).toBe(422);
      const token = await server.api.post('/confirm-email', { token: 'x'.repeat(15_000) });
      expect(token.status).toBe(422);
    });

    it('answers 422 for nested form fields on the token endpoint', async () => {
      const response = await server.api.request('POST', '/token', {
        raw: 'grant_type=password&client_id=tessera-web&email[a]=b&password=x',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors.email).toEqual(['The email must be a string.']);
    });
  });

  describe('unexpected errors', () => {
    it('answers 500 with only a request id, which is also in the X-Request-Id header', async () => {
      const broken = await startTestServer(kind);
      try {
        const { tokens } = await loggedInUser(broken.server);
        await broken.server.app.knex.destroy();
        const response = await broken.server.api.patch('/users/me', { name: 'Nobody Home' }, { token: tokens.access_token });
        expect(response.status).toBe(500);
        expect(Object.keys(response.body).sort()).toEqual(['code', 'message', 'request_id']);
        expect(response.body).toMatchObject({ message: 'Server Error', code: 'server_error' });
        expect(response.headers.get('x-request-id')).toBe(response.body.request_id);
      } finally {
        await broken.server.close().catch(() => {});
        await broken.database.drop();
        rmSync(broken.dataDir, { recursive: true, force: true });
      }
    });
  });

  describe('security headers and CORS', () => {
    const allowedOrigin = 'http://localhost:4000';

    it('sends a CSP the portal works under and the usual hardening headers', async () => {
      const response = await fetch(`${server.url}/`, { headers: { Accept: 'text/html' } });
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "worker-src 'self' blob:",
        "connect-src 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    });

    it('sends API answers with nosniff, no-store and a deny-all CSP', async () => {
      const response = await server.api.get('/version');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    });

    it('answers preflights for allowed origins only, allowing the SDK headers and exposing Retry-After', async () => {
      const preflight = (origin: string) =>
        fetch(`${server.url}/api/users/me`, {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,x-requested-with' },
        });
      const allowed = await preflight(allowedOrigin);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
      expect(allowed.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
      expect(allowed.headers.get('access-control-allow-headers')).toMatch(/X-Requested-With/);
      const denied = await preflight('http://evil.example');
      expect(denied.headers.get('access-control-allow-origin')).toBeNull();

      const simple = await fetch(`${server.url}/api/version`, { headers: { Origin: allowedOrigin } });
      expect(simple.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
      expect(simple.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
    });

    it('lets an allowed origin log in cross-origin, and not another one', async () => {
      const { user } = await loggedInUser(server);
      const form = { grant_type: 'password', client_id: 'tessera-web', email: user.email, password: PASSWORD };
      const allowed = await server.api.post('/token', undefined, { form, headers: { Origin: allowedOrigin } });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
      const denied = await server.api.post('/token', undefined, { form, headers: { Origin: 'http://evil.example' } });
      expect(denied.headers.get('access-control-allow-origin')).toBeNull();
      expect(denied.status).toBe(400);
    });
  });

  describe('static files', () => {
    it('serves the portal, its hashed assets for good, and index.html for SPA routes', async () => {
      const home = await fetch(`${server.url}/`, { headers: { Accept: 'text/html' } });
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<div id="root">');
      const asset = await fetch(`${server.url}/assets/index-abc123.js`);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      const route = await fetch(`${server.url}/reset-password/abc?email=a%40b.co`, { headers: { Accept: 'text/html,*/*' } });
      expect(route.status).toBe(200);
      expect(route.headers.get('cache-control')).toBe('no-cache');
      expect(await route.text()).toContain('<div id="root">');
    });

    it('answers 404 (never 500) for paths with dot segments, in the portal, the widgets and the API', async () => {
      for (const path of ['/.env', '/.well-known/other', '/.git/config', '/widgets/.hidden.js', '/assets/.x', '/api/.env']) {
        const response = await fetch(`${server.url}${path}`, { headers: { Accept: 'application/json' } });
        expect(response.status, path).toBe(404);
        await response.body?.cancel();
      }
    });

    it('answers 404 (not index.html) for missing files and non-HTML requests', async () => {
      const missingScript = await fetch(`${server.url}/assets/missing.js`, { headers: { Accept: '*/*' } });
      expect(missingScript.status).toBe(404);
      const json = await fetch(`${server.url}/some/route`, { headers: { Accept: 'application/json' } });
      expect(json.status).toBe(404);
      expect((await json.json()).code).toBe('not_found');
    });

    it('serves the widget bundles to allowed origins, embeddable cross-origin', async () => {
      const response = await fetch(`${server.url}/widgets/tessera-widgets.js`, { headers: { Origin: 'http://localhost:4000' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('widgets');
      expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4000');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect((await fetch(`${server.url}/widgets/nope.js`)).status).toBe(404);
      expect((await fetch(`${server.url}/widgets/../package.json`)).status).toBe(404);
    });

    it('serves the bundles under their version for good, listed with their integrity in /widgets/manifest.json', async () => {
      const bundle = precompressFixture(join(server.config.widgetsDist, 'tessera-widgets.js'));
      const integrity = `sha384-${createHash('sha384').update(bundle).digest('base64')}`;
      writeFileSync(join(server.config.widgetsDist, 'manifest.json'), JSON.stringify({ version: '2.3.4', files: { 'tessera-widgets.js': { integrity } } }));

      const manifest = await fetch(`${server.url}/widgets/manifest.json`, { headers: { Origin: 'http://localhost:4000' } });
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('access-control-allow-origin')).toBe('http://localhost:4000');
      expect(await manifest.json()).toEqual({
        version: '2.3.4',
        files: [
          {
            name: 'tessera-widgets.js',
            url: 'http://tessera.test/widgets/v2.3.4/tessera-widgets.js',
            latest_url: 'http://tessera.test/widgets/tessera-widgets.js',
            integrity,
          },
        ],
      });

      // The pinned address: the same bytes (their hash is the integrity listed), brotli when accepted, kept a year.
      const pinned = await rawGet(`${server.url}/widgets/v2.3.4/tessera-widgets.js`, { 'Accept-Encoding': 'br', Origin: 'http://localhost:4000' });
      expect(pinned.status).toBe(200);
      expect(pinned.headers['content-encoding']).toBe('br');
      expect(`sha384-${createHash('sha384').update(brotliDecompressSync(pinned.body)).digest('base64')}`).toBe(integrity);
      expect(pinned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(pinned.headers['access-control-allow-origin']).toBe('http://localhost:4000');
      expect(pinned.headers['cross-origin-resource-policy']).toBe('cross-origin');
      // The unversioned address stays "latest", revalidated every five minutes.
      expect((await fetch(`${server.url}/widgets/tessera-widgets.js`)).headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400');

      // Another version is not this server's to serve: 404 saying which it serves, never another version's bytes.
      const other = await fetch(`${server.url}/widgets/v2.3.3/tessera-widgets.js`);
      expect(other.status).toBe(404);
      expect((await other.json()).message).toBe('This server serves the widgets 2.3.4: see /widgets/manifest.json for their addresses.');
      for (const path of ['/widgets/v2.3.4/nope.js', '/widgets/v2.3.4/../package.json', '/widgets/v2.3.4/.hidden.js', '/widgets/vlatest/tessera-widgets.js']) {
        expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
      }
    });

    it('serves the precompressed file the client accepts, with Vary, an ETag and 304 on revalidation', async () => {
      const bundle = precompressFixture(join(server.config.widgetsDist, 'tessera-widgets.js'));
      const url = `${server.url}/widgets/tessera-widgets.js`;
      const br = await rawGet(url, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers.vary).toMatch(/Accept-Encoding/);
      expect(brotliDecompressSync(br.body)).toEqual(bundle);
      expect(br.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
      const gzip = await rawGet(url, { 'Accept-Encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body)).toEqual(bundle);
      const plain = await rawGet(url, { 'Accept-Encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toEqual(bundle);
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);

      // Each encoding is its own representation, with its own validator.
      const etag = String(br.headers.etag);
      expect(etag).toMatch(/^W\/"/);
      expect(gzip.headers.etag).not.toBe(etag);
      const revalidated = await rawGet(url, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect((await rawGet(url, { 'Accept-Encoding': 'br', 'If-None-Match': 'W/"other"' })).status).toBe(200);
    });

    it('serves the portal precompressed: hashed assets immutable, index.html no-cache and revalidated', async () => {
      const asset = precompressFixture(join(server.config.portalDist, 'assets', 'index-abc123.js'));
      const page = precompressFixture(join(server.config.portalDist, 'index.html'));
      const assetAnswer = await rawGet(`${server.url}/assets/index-abc123.js`, { 'Accept-Encoding': 'br' });
      expect(assetAnswer.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(assetAnswer.body)).toEqual(asset);
      expect(assetAnswer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const path of ['/', '/login', '/acme-training/modules']) {
        const answer = await rawGet(`${server.url}${path}`, { 'Accept-Encoding': 'gzip, br', Accept: 'text/html' });
        expect(answer.status, path).toBe(200);
        expect(answer.headers['content-encoding'], path).toBe('br');
        expect(answer.headers['content-type'], path).toMatch(/text\/html/);
        expect(brotliDecompressSync(answer.body), path).toEqual(page);
        expect(answer.headers['cache-control'], path).toBe('no-cache');
        const again = await rawGet(`${server.url}${path}`, {
          'Accept-Encoding': 'gzip, br',
          Accept: 'text/html',
          'If-None-Match': String(answer.headers.etag),
        });
        expect(again.status, path).toBe(304);
      }
    });

    it('answers a route the build prerendered with its page, and every other route with index.html', async () => {
      const prerendered = '<!doctype html><title>Tessera</title><div id="root"><h1>About Tessera</h1></div>';
      writeFileSync(join(server.config.portalDist, 'about.html'), prerendered);
      for (const path of ['/about', '/about/', '/about?from=menu']) {
        const answer = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get('content-type'), path).toMatch(/text\/html/);
        expect(answer.headers.get('cache-control'), path).toBe('no-cache');
        expect(await answer.text(), path).toBe(prerendered);
      }
      for (const path of ['/about/more', '/acme-training/about', '/login']) {
        const answer = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
        expect(await answer.text(), path).toBe(readFileSync(join(server.config.portalDist, 'index.html'), 'utf8'));
      }
      // Still a page only for a page request: a script asking for /about gets a 404, not HTML.
      expect((await fetch(`${server.url}/about`, { headers: { Accept: 'application/json' } })).status).toBe(404);
    });

    it('answers 503 with what to run when a build is missing', async () => {
      rmSync(server.config.portalDist, { recursive: true, force: true });
      rmSync(server.config.widgetsDist, { recursive: true, force: true });
      const portal = await fetch(`${server.url}/`, { headers: { Accept: 'text/html' } });
      expect(portal.status).toBe(503);
      expect((await portal.json()).message).toContain('npm run build -w @tessera/portal');
      const widgets = await fetch(`${server.url}/widgets/tessera-widgets.js`);
      expect(widgets.status).toBe(503);
      expect((await server.api.get('/version')).status).toBe(200);
    });
  });
});
