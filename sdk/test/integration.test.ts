/**
 * The SDK as a partner uses it: an integration client (client_credentials), one error style for every call (no
 * answer is a value, as an error answer is), and types that catch mistakes at compile time (checked by
 * `npm run typecheck`: an unused `@ts-expect-error` fails it).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  createIntegrationClient,
  createTesseraClient,
  memoryTokenStore,
  unwrap,
  TesseraApiError,
  type TesseraClient,
  type TesseraErrorCode,
} from '../src/index.js';

type Handler = (request: Request) => Response | Promise<Response>;

function fakeFetch(handler: Handler) {
  const calls: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request && !init ? input : new Request(input, init);
    calls.push(request.clone());
    return handler(request);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const me = { data: { id: 'u1', name: 'Nightly sync', email: 'x@service-accounts.invalid' } };

describe('an integration client (createIntegrationClient)', () => {
  it('gets a token with client_credentials and HTTP Basic before its first call, and a new one when refused', async () => {
    let issued = 0;
    const { fetch, calls } = fakeFetch(async (request) => {
      if (request.url.endsWith('/token')) {
        issued += 1;
        return json(200, { access_token: `service-${issued}`, token_type: 'Bearer', expires_in: 3600 });
      }
      // The first token has expired by the second call.
      return request.headers.get('Authorization') === 'Bearer service-1' && issued === 1 && calls.length > 2
        ? json(401, { message: 'Unauthenticated.', code: 'unauthenticated' })
        : json(200, me);
    });
    const client = createIntegrationClient({ baseUrl: 'http://api.test/api', clientId: 'c-1', clientSecret: 's e/cret', fetch });

    expect((await client.GET('/users/me')).data).toEqual(me);
    const [token, first] = calls;
    expect(token.url).toBe('http://api.test/api/token');
    expect(await token.text()).toBe('grant_type=client_credentials');
    expect(token.headers.get('Authorization')).toBe(`Basic ${Buffer.from('c-1:s+e%2Fcret').toString('base64')}`);
    expect(first.headers.get('Authorization')).toBe('Bearer service-1');

    expect((await client.GET('/users/me')).data).toEqual(me);
    expect(issued).toBe(2);
    expect(calls.at(-1)?.headers.get('Authorization')).toBe('Bearer service-2');
  });

  it('answers the refusal of a revoked client as the call failing, not a loop', async () => {
    const { fetch, calls } = fakeFetch((request) =>
      request.url.endsWith('/token')
        ? json(401, { message: 'The client is not recognised.', code: 'invalid_client', error: 'invalid_client' })
        : json(401, { message: 'Unauthenticated.', code: 'unauthenticated' }),
    );
    const client = createIntegrationClient({ baseUrl: 'http://api.test/api', clientId: 'c-1', clientSecret: 'gone', fetch });
    const { error, response } = await client.GET('/users/me');
    expect(response.status).toBe(401);
    expect(error?.code).toBe('unauthenticated');
    expect(calls.filter((call) => call.url.endsWith('/token'))).toHaveLength(1);
  });
});

describe('embed sessions', () => {
  it('a backend creates one with its integration client: client_credentials first, then the POST', async () => {
    const session = { session_token: 'es_1', expires_at: '2026-01-01T00:01:00.000Z' };
    const { fetch, calls } = fakeFetch((request) =>
      request.url.endsWith('/token') ? json(200, { access_token: 'service-1', token_type: 'Bearer', expires_in: 3600 }) : json(201, { data: session }),
    );
    const client = createIntegrationClient({ baseUrl: 'http://api.test/api', clientId: 'c-1', clientSecret: 's', fetch });
    const created = await unwrap(client.embedSessions.create('acme-training', { email: 'ada@example.com', name: 'Ada' }));
    expect(created.data).toEqual(session);
    const post = calls.at(-1) as Request;
    expect(post.url).toBe('http://api.test/api/tenants/acme-training/embed-sessions');
    expect(post.headers.get('Authorization')).toBe('Bearer service-1');
    expect(await post.json()).toEqual({ email: 'ada@example.com', name: 'Ada' });
  });

  it('a browser client has no embedSessions and never sends client credentials', () => {
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', fetch: fakeFetch(() => json(200, {})).fetch });
    expect('embedSessions' in client).toBe(false);
  });

  it('exchangeEmbedSession posts the RFC 8693 form for tessera-web and stores the pair', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { access_token: 'a1', refresh_token: 'r1', token_type: 'Bearer', expires_in: 3600 }));
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', fetch });
    const result = await client.exchangeEmbedSession('es_1');
    expect(result).toEqual({ ok: true, tokens: { accessToken: 'a1', refreshToken: 'r1' } });
    expect(client.tokenStore.get()).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
    expect(Object.fromEntries(new URLSearchParams(await calls[0].text()))).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: 'es_1',
      subject_token_type: 'urn:tessera:params:oauth:token-type:embed-session',
      client_id: 'tessera-web',
    });
  });

  it('a spent session token answers the refusal as a value and stores nothing', async () => {
    const { fetch } = fakeFetch(() => json(400, { message: 'The session token is spent.', code: 'invalid_grant', error: 'invalid_grant' }));
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', fetch });
    const result = await client.exchangeEmbedSession('spent');
    expect(result).toMatchObject({ ok: false, status: 400, error: { code: 'invalid_grant' } });
    expect(client.tokenStore.get()).toBeNull();
  });

  it('exchangeAuthorizationCode posts the code, redirect URI and PKCE verifier', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { access_token: 'a2', refresh_token: 'r2', token_type: 'Bearer', expires_in: 3600 }));
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', fetch });
    await client.exchangeAuthorizationCode({ code: 'c1', redirectUri: 'http://api.test/oauth/popup-callback', codeVerifier: 'v'.repeat(43) });
    expect(Object.fromEntries(new URLSearchParams(await calls[0].text()))).toEqual({
      grant_type: 'authorization_code',
      code: 'c1',
      redirect_uri: 'http://api.test/oauth/popup-callback',
      code_verifier: 'v'.repeat(43),
      client_id: 'tessera-web',
    });
    expect(client.tokenStore.get()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });
});

describe('one error style: no answer is a value', () => {
  const offline = () => fakeFetch(() => Promise.reject(new TypeError('fetch failed')));

  it('GET answers status 0 and network_error, as login() does', async () => {
    const { fetch } = offline();
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: memoryTokenStore({ accessToken: 'a', refreshToken: 'r' }), fetch });
    const { data, error, response } = await client.GET('/users/me');
    expect(data).toBeUndefined();
    expect(response.status).toBe(0);
    expect(error).toEqual({ message: 'No response from server.', code: 'network_error' });

    const login = await client.login('ada@example.com', 'Demo-pass-1');
    expect(login).toMatchObject({ ok: false, status: 0, error: { code: 'network_error' } });
    // unwrap() turns it into the one exception type.
    await expect(unwrap(client.GET('/users/me'))).rejects.toBeInstanceOf(TesseraApiError);
  });

  it('still rejects an abort the caller asked for', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', fetch });
    await expect(client.GET('/version')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('types', () => {
  it('error codes are the contract union plus the SDK own, not any string', () => {
    const known: TesseraErrorCode[] = ['invalid_grant', 'validation_failed', 'network_error', 'http_502'];
    // @ts-expect-error a code the contract does not have
    const unknown: TesseraErrorCode = 'invalid_grnat';
    expect(known).toHaveLength(4);
    expect(unknown).toBe('invalid_grnat');
  });

  it('request bodies refuse a misspelled field at compile time', () => {
    // Compiled, never called: the check is the compiler's.
    const compileOnly = (client: TesseraClient) => {
      void client.POST('/tenants/{tenantId}/groups', { params: { path: { tenantId: 'acme' } }, body: { name: 'Team', description: 'A team' } });
      const path = { tenantId: 'acme' };
      // @ts-expect-error `descriptoin` is not a field of the body
      void client.POST('/tenants/{tenantId}/groups', { params: { path }, body: { name: 'Team', description: 'x', descriptoin: 'y' } });
      // @ts-expect-error `nmae` is not a field of the body
      void client.POST('/tenants/{tenantId}/integration-clients', { params: { path: { tenantId: 'acme' } }, body: { nmae: 'Sync', role: 'admin' } });
    };
    expect(typeof compileOnly).toBe('function');
  });
});
