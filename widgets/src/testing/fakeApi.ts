/**
 * An in-memory stand-in for the Tessera API's login calls, for unit tests and Storybook:
 * it answers POST /token and GET /users/me the way the contract says, with no server.
 */
import { createTesseraClient, memoryTokenStore, type CurrentUser, type TesseraClient, type TokenStore } from '@tessera/sdk';

/** How POST /token answers a password grant. */
export type LoginScenario = 'success' | 'field-errors' | 'wrong-credentials' | 'suspended' | 'rate-limited' | 'server-error';

export interface FakeApiOptions {
  login?: LoginScenario;
  /** Answer for GET /users/me. */
  user?: CurrentUser;
  /** Milliseconds before each answer, so pending states can be seen. */
  delayMs?: number;
  /** Every answer waits for this promise: a test holds a request in flight for as long as it needs. */
  gate?: Promise<unknown>;
}

export const FAKE_API_BASE = 'https://tessera.test/api';

export const demoUser: CurrentUser = {
  id: '0190a5b2-0000-7000-8000-000000000001',
  name: 'Lena Learner',
  email: 'learner@example.com',
  is_confirmed: true,
  is_active: true,
  is_owner: false,
  is_deleted: false,
  status: 'active',
  created_at: '2025-01-15T09:30:00.000Z',
  joined: '2025-01-15T09:30:00.000Z',
  memberships: [
    {
      id: '0190a5b2-0000-7000-8000-000000000002',
      role: 'user',
      is_active: true,
      groups_count: 0,
      created_at: '2025-01-15T09:30:00.000Z',
      tenant: {
        id: '0190a5b2-0000-7000-8000-000000000003',
        name: 'Acme Training',
        slug: 'acme-training',
        enable_bioreq: false,
      },
    },
  ],
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const loginFailures: Record<Exclude<LoginScenario, 'success'>, () => Response> = {
  'field-errors': () =>
    json(422, {
      message: 'The given data was invalid.',
      code: 'validation_failed',
      errors: { email: ['The selected email is invalid.'] },
    }),
  'wrong-credentials': () =>
    json(401, { message: 'The email and/or password are incorrect.', code: 'invalid_credentials' }),
  suspended: () => json(401, { message: 'Your account has been suspended.', code: 'account_suspended' }),
  'rate-limited': () =>
    json(429, { message: 'Too many attempts. Please wait and try again.', code: 'rate_limited' }, { 'Retry-After': '60' }),
  'server-error': () => json(500, { message: 'Something went wrong.', code: 'server_error', request_id: 'req-1' }),
};

export interface FakeApi {
  fetch: typeof globalThis.fetch;
  /** Every request the fake received, in order. */
  requests: Request[];
  /** Access tokens the fake has issued and not yet revoked. */
  liveTokens: Set<string>;
}

export function createFakeApi(options: FakeApiOptions = {}): FakeApi {
  const { login = 'success', user = demoUser, delayMs = 0, gate } = options;
  const requests: Request[] = [];
  const liveTokens = new Set<string>();
  let issued = 0;

  async function answerToken(request: Request): Promise<Response> {
    const bearer = request.headers.get('Authorization')?.replace(/^Bearer /, '');
    const body = new URLSearchParams(await request.text());
    if (!body.get('grant_type') && bearer) {
      liveTokens.delete(bearer);
      return new Response(null, { status: 204 });
    }
    if (body.get('grant_type') === 'password' && login !== 'success') return loginFailures[login]();
    issued += 1;
    const accessToken = `access-${issued}`;
    liveTokens.add(accessToken);
    return json(200, { access_token: accessToken, refresh_token: `refresh-${issued}`, token_type: 'Bearer', expires_in: 3600 });
  }

  function answerMe(request: Request): Response {
    const bearer = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
    // Tokens handed in by a host (not issued here) are accepted too, as long as they look like ours.
    if (!liveTokens.has(bearer) && !bearer.startsWith('host-')) {
      return json(401, { message: 'Unauthenticated.', code: 'unauthenticated' });
    }
    return json(200, { data: user });
  }

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request && !init ? input : new Request(input, init);
    requests.push(request.clone());
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (gate) await gate;
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    if (path === '/token' && request.method === 'POST') return answerToken(request);
    if (path === '/users/me' && request.method === 'GET') return answerMe(request);
    return json(404, { message: 'Not found.', code: 'not_found' });
  };
  return { fetch, requests, liveTokens };
}

/** A real SDK client wired to the fake API (memory token store unless one is handed in). */
export function createFakeClient(options: FakeApiOptions & { tokenStore?: TokenStore } = {}): {
  client: TesseraClient;
  api: FakeApi;
} {
  const api = createFakeApi(options);
  const client = createTesseraClient({
    baseUrl: FAKE_API_BASE,
    tokenStore: options.tokenStore ?? memoryTokenStore(),
    fetch: api.fetch,
  });
  return { client, api };
}
