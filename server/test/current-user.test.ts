/** GET /api/users/me answered before the middleware chain (current-user.ts): only when it can, and as the route does. */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserFastPath } from '../src/features/accounts/current-user.js';
import { apiHeaders } from '../src/http/security.js';
import { databaseKinds, loggedInUser, startTestServer, type TestContext, type TestServer } from './support/server.js';

describe.each(databaseKinds)('the current user on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
  });
  afterAll(() => context.cleanup());

  const meHeaders = (token: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${token}`, ...extra });
  /** Headers as a comparable map: the request id and date differ between any two answers. */
  const comparable = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => !['x-request-id', 'date'].includes(name)));

  it('answers exactly as the route does: status, headers and body', async () => {
    const { tokens } = await loggedInUser(server);
    // A query string is not the fast path's: it goes through the middleware chain and the route.
    const [fast, routed] = await Promise.all(
      ['/api/users/me', '/api/users/me?through=route'].map((path) => fetch(`${server.url}${path}`, { headers: meHeaders(tokens.access_token) })),
    );
    expect(fast.status).toBe(200);
    expect(routed.status).toBe(200);
    expect(await fast.json()).toEqual(await routed.json());
    expect(comparable(fast.headers)).toEqual(comparable(routed.headers));
    expect(fast.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(fast.headers.get('x-request-id')).not.toBe(routed.headers.get('x-request-id'));
  });

  describe('what it hands to the app', () => {
    let fastServer: Server;
    let url: string;
    const handedOver: string[] = [];

    beforeAll(async () => {
      const app: RequestListener = (request, response) => {
        handedOver.push(`${request.method} ${request.url} ${request.headers.origin ?? ''}`.trim());
        response.writeHead(299).end();
      };
      const { knex } = server.app;
      fastServer = createServer(currentUserFastPath({ knex, requests: { inFlight: 0, drained: async () => {}, track: (work) => work }, apiHeaders: apiHeaders(false), enabled: true }, app));
      await new Promise<void>((resolve) => fastServer.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(fastServer.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => fastServer.close(() => resolve())));

    it('answers a valid token itself, and hands over every request it cannot answer from a session', async () => {
      const { user, tokens } = await loggedInUser(server);
      const ok = await fetch(`${url}/api/users/me`, { headers: meHeaders(tokens.access_token) });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { data: { email: string } }).data.email).toBe(user.email);
      expect(ok.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(handedOver).toEqual([]);

      const requests: [string, RequestInit][] = [
        ['/api/users/me', {}],
        ['/api/users/me', { headers: meHeaders('not-a-token-at-all') }],
        ['/api/users/me', { headers: meHeaders(tokens.access_token, { Origin: 'https://intranet.example' }) }],
        ['/api/users/me/', { headers: meHeaders(tokens.access_token) }],
        ['/api/users/me', { method: 'HEAD', headers: meHeaders(tokens.access_token) }],
        ['/api/users/me', { method: 'PATCH', headers: meHeaders(tokens.access_token) }],
      ];
      const statuses: number[] = [];
      for (const [path, init] of requests) statuses.push((await fetch(`${url}${path}`, init)).status);
      expect(statuses).toEqual([299, 299, 299, 299, 299, 299]);
      expect(handedOver).toEqual([
        'GET /api/users/me',
        'GET /api/users/me',
        'GET /api/users/me https://intranet.example',
        'GET /api/users/me/',
        'HEAD /api/users/me',
        'PATCH /api/users/me',
      ]);
    });
  });

  it('stops answering a token at once when the account is suspended (the route then answers 401)', async () => {
    const { user, tokens } = await loggedInUser(server);
    expect((await server.api.get('/users/me', { token: tokens.access_token })).status).toBe(200);
    await server.app.knex('users').where('id', user.id).update({ is_active: false });
    const after = await fetch(`${server.url}/api/users/me`, { headers: meHeaders(tokens.access_token) });
    expect(after.status).toBe(401);
  });
});
