import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createTesseraClient,
  DEFAULT_TOKEN_KEY,
  localStorageTokenStore,
  memoryTokenStore,
  signedUrlAt,
  tokenKeyFor,
  unwrap,
  TesseraApiError,
  type TokenPair,
  type TokenStore,
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

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const me = { data: { id: 'u1', name: 'Ada', email: 'ada@example.com' } };
const tokens = (n: number) => ({ access_token: `a${n}`, refresh_token: `r${n}`, token_type: 'Bearer', expires_in: 3600 });

describe('createTesseraClient', () => {
  it('sends the bearer token and the XMLHttpRequest header', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, me));
    const client = createTesseraClient({
      baseUrl: 'http://api.test/api/',
      tokenStore: memoryTokenStore({ accessToken: 'a0', refreshToken: 'r0' }),
      fetch,
    });
    const { data } = await client.GET('/users/me');
    expect(data).toEqual(me);
    expect(calls[0].url).toBe('http://api.test/api/users/me');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer a0');
    expect(calls[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('on 401 refreshes once and retries once with the new token, body intact', async () => {
    const store = memoryTokenStore({ accessToken: 'a0', refreshToken: 'r0' });
    const { fetch, calls } = fakeFetch(async (request) => {
      if (request.url.endsWith('/token')) {
        const form = new URLSearchParams(await request.text());
        expect(form.get('grant_type')).toBe('refresh_token');
        expect(form.get('refresh_token')).toBe('r0');
        expect(form.get('client_id')).toBe('tessera-web');
        return json(200, tokens(1));
      }
      if (request.headers.get('Authorization') === 'Bearer a0') return json(401, { message: 'expired', code: 'unauthenticated' });
      expect(await request.json()).toEqual({ name: 'Ada Lovelace' });
      return json(200, me);
    });
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: store, fetch });
    const result = await client.PATCH('/users/me', { body: { name: 'Ada Lovelace' } });
    expect(result.response.status).toBe(200);
    expect(store.get()).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
    expect(calls.map((c) => c.url.replace('http://api.test/api', ''))).toEqual(['/users/me', '/token', '/users/me']);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const store = memoryTokenStore({ accessToken: 'a0', refreshToken: 'r0' });
    let refreshes = 0;
    const { fetch } = fakeFetch(async (request) => {
      if (request.url.endsWith('/token')) {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return json(200, tokens(1));
      }
      return request.headers.get('Authorization') === 'Bearer a1' ? json(200, me) : json(401, { message: 'x', code: 'unauthenticated' });
    });
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: store, fetch });
    const results = await Promise.all([client.GET('/users/me'), client.GET('/users/me'), client.GET('/users/me')]);
    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200]);
    expect(refreshes).toBe(1);
  });

  it('clears the tokens and reports unauthenticated when the refresh fails', async () => {
    const store = memoryTokenStore({ accessToken: 'a0', refreshToken: 'r0' });
    const { fetch, calls } = fakeFetch((request) =>
      request.url.endsWith('/token')
        ? json(401, { message: 'The refresh token is invalid.', code: 'invalid_grant' })
        : json(401, { message: 'Unauthenticated.', code: 'unauthenticated' }),
    );
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: store, fetch });
    const onUnauthenticated = vi.fn();
    client.onUnauthenticated(onUnauthenticated);
    const { response } = await client.GET('/users/me');
    expect(response.status).toBe(401);
    expect(store.get()).toBeNull();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('does not try to refresh without a token', async () => {
    const { fetch, calls } = fakeFetch(() => json(401, { message: 'Unauthenticated.', code: 'unauthenticated' }));
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: memoryTokenStore(), fetch });
    await client.GET('/users/me');
    expect(calls).toHaveLength(1);
  });

  it('login stores the tokens; a failure answers the status and error body with Retry-After', async () => {
    const store = memoryTokenStore();
    let attempt = 0;
    const { fetch } = fakeFetch(async (request) => {
      const form = new URLSearchParams(await request.text());
      expect(form.get('grant_type')).toBe('password');
      attempt += 1;
      if (attempt === 1) return json(200, tokens(7));
      return json(429, { message: 'Too many attempts. Please wait and try again.', code: 'rate_limited' }, { 'Retry-After': '30' });
    });
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: store, fetch });
    expect(await client.login('ada@example.com', 'Demo-pass-1')).toEqual({ ok: true, tokens: { accessToken: 'a7', refreshToken: 'r7' } });
    expect(store.get()?.accessToken).toBe('a7');
    const failed = await client.login('ada@example.com', 'Demo-pass-1');
    expect(failed).toEqual({
      ok: false,
      status: 429,
      retryAfter: 30,
      error: { message: 'Too many attempts. Please wait and try again.', code: 'rate_limited' },
    });
  });

  it('logout revokes with the bearer token and an empty body, then forgets the tokens', async () => {
    const store = memoryTokenStore({ accessToken: 'a0', refreshToken: 'r0' });
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: store, fetch });
    await client.logout();
    expect(store.get()).toBeNull();
    expect(calls[0].method).toBe('POST');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer a0');
    expect(await calls[0].text()).toBe('');
  });

  it('loginWithTokens adopts handed-in tokens', async () => {
    const store = memoryTokenStore();
    const client = createTesseraClient({ baseUrl: 'http://x/api', tokenStore: store, fetch: fakeFetch(() => json(200, me)).fetch });
    client.loginWithTokens({ accessToken: 'h1', refreshToken: 'h2' });
    expect(store.get()).toEqual({ accessToken: 'h1', refreshToken: 'h2' });
  });

  it("sends the contract's empty body to the calls that start a knowledge check, with or without it", async () => {
    const started = { data: { id: 'r1' } };
    const { fetch, calls } = fakeFetch(() => json(201, started));
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: memoryTokenStore({ accessToken: 'a0', refreshToken: 'r0' }), fetch });
    const check = { params: { path: { tenantId: 't1', knowledgeCheckId: 'k1' } } };
    // The contract documents `{}` for both: the typed client must accept it (a typecheck failure otherwise).
    await client.POST('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/responses', { ...check, body: {} });
    await client.PUT('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/responses/{responseId}/start', {
      params: { path: { ...check.params.path, responseId: 'r1' } },
      body: {},
    });
    await client.POST('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/responses', check);
    expect(await Promise.all(calls.map((call) => call.text()))).toEqual(['{}', '{}', '']);
  });

  it('says in the console, once, when the base URL answers pages instead of the API (an api-base without /api)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const page = () => new Response('<!doctype html><title>Intranet</title>', { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
      const { fetch } = fakeFetch((request) =>
        request.method === 'POST' ? new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain' } }) : page(),
      );
      const client = createTesseraClient({ baseUrl: 'https://intranet.example.com', fetch });
      const login = await client.login('ada@example.com', 'Correct-horse-1');
      expect(login.ok).toBe(false);
      await client.GET('/users/me').catch(() => undefined);
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0][0])).toContain(
        'ending in /api: for example "https://training.example.com/api". It is now "https://intranet.example.com"',
      );

      warn.mockClear();
      const { fetch: apiFetch } = fakeFetch((request) =>
        request.method === 'DELETE' ? new Response(null, { status: 204 }) : json(404, { message: 'Not found.', code: 'not_found' }),
      );
      const api = createTesseraClient({
        baseUrl: 'https://training.example.com/api',
        tokenStore: memoryTokenStore({ accessToken: 'a0', refreshToken: 'r0' }),
        fetch: apiFetch,
      });
      await api.GET('/users/me');
      await api.DELETE('/users/{userId}', { params: { path: { userId: 'u1' } } });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('unwrap throws the API error with field errors', async () => {
    const { fetch } = fakeFetch(() =>
      json(422, { message: 'The given data was invalid.', code: 'validation_failed', errors: { name: ['The name field is required.'] } }),
    );
    const client = createTesseraClient({ baseUrl: 'http://x/api', tokenStore: memoryTokenStore(), fetch });
    const error = await unwrap(client.POST('/access-requests', { body: { name: '' } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesseraApiError);
    expect((error as TesseraApiError).status).toBe(422);
    expect((error as TesseraApiError).fieldErrors).toEqual({ name: ['The name field is required.'] });
  });
});

describe('token stores', () => {
  it('memory store notifies subscribers', () => {
    const store = memoryTokenStore();
    const seen: unknown[] = [];
    const stop = store.subscribe((t) => seen.push(t));
    store.set({ accessToken: 'a', refreshToken: 'b' });
    stop();
    store.set(null);
    expect(seen).toEqual([{ accessToken: 'a', refreshToken: 'b' }]);
  });
});

describe('a refresh token without an access token (spec core section 8)', () => {
  it('refreshes before the request instead of sending it unauthenticated', async () => {
    const store = memoryTokenStore({ accessToken: '', refreshToken: 'r0' });
    const { fetch, calls } = fakeFetch(async (request) => {
      if (request.url.endsWith('/token')) return json(200, tokens(1));
      return request.headers.get('Authorization') === 'Bearer a1' ? json(200, me) : json(401, { message: 'x', code: 'unauthenticated' });
    });
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: store, fetch });
    const { response } = await client.GET('/users/me');
    expect(response.status).toBe(200);
    expect(calls.map((c) => c.url.replace('http://api.test/api', ''))).toEqual(['/token', '/users/me']);
    expect(store.get()).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
  });

  it('a 401 on a request that carried no token still refreshes with the stored refresh token and retries once', async () => {
    const store = memoryTokenStore({ accessToken: 'a0', refreshToken: 'r0' });
    const { fetch, calls } = fakeFetch(async (request) => {
      if (request.url.endsWith('/token')) return json(200, tokens(1));
      return request.headers.get('Authorization') === 'Bearer a1' ? json(200, me) : json(401, { message: 'x', code: 'unauthenticated' });
    });
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: store, fetch });
    // The access token vanished between the request leaving and its answer (another tab's logout of that token).
    client.use({ onRequest: ({ request }) => (request.headers.delete('Authorization'), request) });
    const { response } = await client.GET('/users/me');
    expect(response.status).toBe(200);
    expect(calls.map((c) => c.url.replace('http://api.test/api', ''))).toEqual(['/users/me', '/token', '/users/me']);
  });

  it('the browser store keeps a pair whose access token is missing or empty', () => {
    const storage = new Map<string, string>();
    const fake = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    } as unknown as Storage;
    storage.set('t.missing', JSON.stringify({ refreshToken: 'r0' }));
    storage.set('t.empty', JSON.stringify({ accessToken: '', refreshToken: 'r0' }));
    storage.set('t.none', JSON.stringify({ accessToken: 'a0' }));
    expect(localStorageTokenStore('t.missing', fake).get()).toEqual({ accessToken: '', refreshToken: 'r0' });
    expect(localStorageTokenStore('t.empty', fake).get()).toEqual({ accessToken: '', refreshToken: 'r0' });
    expect(localStorageTokenStore('t.none', fake).get()).toBeNull();
  });
});

describe('tokens per API origin', () => {
  it("keys the browser store by the API origin (the page's own origin keeps the portal's key)", () => {
    expect(tokenKeyFor('/api', 'http://portal.test')).toBe(DEFAULT_TOKEN_KEY);
    expect(tokenKeyFor('http://portal.test/api', 'http://portal.test')).toBe(DEFAULT_TOKEN_KEY);
    expect(tokenKeyFor('https://a.test/api', 'http://portal.test')).toBe('tessera.tokens@https://a.test');
    expect(tokenKeyFor('https://b.test:8443/api/', 'http://portal.test')).toBe('tessera.tokens@https://b.test:8443');
  });

  it('never sends the token to another origin, even when a request names one', async () => {
    const store = memoryTokenStore({ accessToken: 'a0', refreshToken: 'r0' });
    const { fetch, calls } = fakeFetch(() => json(401, { message: 'x', code: 'unauthenticated' }));
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: store, fetch });
    await client.GET('/users/me', { baseUrl: 'http://other.test/api' });
    expect(calls.map((c) => [c.url, c.headers.get('Authorization')])).toEqual([['http://other.test/api/users/me', null]]);
    expect(store.get()).toEqual({ accessToken: 'a0', refreshToken: 'r0' });
  });
});

describe('storage the browser refuses', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('falls back to memory when localStorage throws (a sandboxed iframe) and says so', () => {
    vi.stubGlobal('localStorage', {
      getItem() {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem() {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    const store = localStorageTokenStore('tessera.tokens@http://sandboxed.test');
    expect(store.persistence).toBe('memory');
    store.set({ accessToken: 'a', refreshToken: 'r' });
    expect(store.get()).toEqual({ accessToken: 'a', refreshToken: 'r' });
  });
});

describe('one refresh per browser (Web Locks)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Two tabs: two stores over one shared storage, as localStorage is for the tabs of an origin. */
  function tab(shared: { pair: TokenPair | null }): TokenStore {
    return {
      get: () => shared.pair && { ...shared.pair },
      set: (next) => void (shared.pair = next),
      subscribe: () => () => undefined,
      persistence: 'local',
      key: 'tessera.tokens@http://api.test',
    };
  }

  function fakeLocks() {
    const names: string[] = [];
    let queue = Promise.resolve();
    return {
      names,
      request(name: string, callback: () => Promise<unknown>) {
        names.push(name);
        const run = queue.then(callback);
        queue = run.then(
          () => undefined,
          () => undefined,
        );
        return run;
      },
    };
  }

  it('a tab that waited for the lock takes the pair another tab rotated instead of presenting the spent token', async () => {
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { locks });
    const shared = { pair: { accessToken: 'a0', refreshToken: 'r0' } as TokenPair | null };
    const presented: string[] = [];
    const { fetch } = fakeFetch(async (request) => {
      presented.push(new URLSearchParams(await request.text()).get('refresh_token') ?? '');
      await new Promise((resolve) => setTimeout(resolve, 5));
      return json(200, tokens(presented.length));
    });
    const first = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: tab(shared), fetch });
    const second = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: tab(shared), fetch });
    expect(await Promise.all([first.refresh(), second.refresh()])).toEqual([true, true]);
    expect(presented).toEqual(['r0']);
    expect(shared.pair).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
    expect(locks.names).toEqual(['tessera.tokens@http://api.test:refresh', 'tessera.tokens@http://api.test:refresh']);
  });

  it('refreshes without a lock where the browser has none', async () => {
    vi.stubGlobal('navigator', {});
    const shared = { pair: { accessToken: 'a0', refreshToken: 'r0' } as TokenPair | null };
    const { fetch, calls } = fakeFetch(() => json(200, tokens(1)));
    const client = createTesseraClient({ baseUrl: 'http://api.test/api', tokenStore: tab(shared), fetch });
    expect(await client.refresh()).toBe(true);
    expect(calls).toHaveLength(1);
    expect(shared.pair).toEqual({ accessToken: 'a1', refreshToken: 'r1' });
  });
});

describe('signedUrlAt', () => {
  const signed = 'https://training.example.com/api/bioreq-files/t1/d1?user=u1&expires=9&signature=abc';
  it('moves a signed URL to the address the API is reached at, keeping its path and signature', () => {
    expect(signedUrlAt('/api', signed)).toBe('/api/bioreq-files/t1/d1?user=u1&expires=9&signature=abc');
    expect(signedUrlAt('http://127.0.0.1:3000/api/', signed)).toBe('http://127.0.0.1:3000/api/bioreq-files/t1/d1?user=u1&expires=9&signature=abc');
    expect(signedUrlAt('https://proxy.example.com/training/api', 'https://training.example.com/tessera/api/files/t/m/original?s=1')).toBe(
      'https://proxy.example.com/training/api/files/t/m/original?s=1',
    );
  });

  it('leaves a URL that is not under an API path as it is', () => {
    expect(signedUrlAt('/api', 'https://cdn.example.com/bucket/file.pdf?X-Amz-Signature=1')).toBe('https://cdn.example.com/bucket/file.pdf?X-Amz-Signature=1');
  });
});
