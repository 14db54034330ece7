/** GET /api/users/me (current-user.ts): the same answer with or without a query string, never a stale one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    // Both go through the middleware chain and the route (there is no fast path before Koa any more).
    const [plain, withQuery] = await Promise.all(
      ['/api/users/me', '/api/users/me?through=route'].map((path) => fetch(`${server.url}${path}`, { headers: meHeaders(tokens.access_token) })),
    );
    expect(plain.status).toBe(200);
    expect(withQuery.status).toBe(200);
    expect(await plain.json()).toEqual(await withQuery.json());
    expect(comparable(plain.headers)).toEqual(comparable(withQuery.headers));
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(plain.headers.get('x-request-id')).not.toBe(withQuery.headers.get('x-request-id'));
  });

  it('stops answering a token at once when the account is suspended (the route then answers 401)', async () => {
    const { user, tokens } = await loggedInUser(server);
    expect((await server.api.get('/users/me', { token: tokens.access_token })).status).toBe(200);
    await server.app.knex('users').where('id', user.id).update({ is_active: false });
    const after = await fetch(`${server.url}/api/users/me`, { headers: meHeaders(tokens.access_token) });
    expect(after.status).toBe(401);
  });
});
