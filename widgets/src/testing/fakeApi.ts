/**
 * An in-memory stand-in for the Tessera API, for unit tests and Storybook: it answers POST /token,
 * GET /users/me and the learner's content calls (a topic's items, procedure completions, starred topics)
 * the way the contract says, with no server.
 */
import {
  createTesseraClient,
  memoryTokenStore,
  sendUploadsThrough,
  type BioreqDocument,
  type CurrentUser,
  type Item,
  type TesseraClient,
  type Topic,
  type TokenStore,
} from '@tessera/sdk';
import { DEMO_TOPIC_ID, demoFavorites, demoItems, demoTopic } from './fakeContent.js';

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
  /** Items per topic id for GET .../topics/{id}/items (default: the demo topic with every item type). */
  items?: Record<string, Item[]>;
  /** Topics GET /tenants/{t}/topics/{id} knows, besides the starred ones (default: the demo topic). */
  topics?: Topic[];
  /** The caller's starred topics (default: three demo topics). */
  favorites?: Topic[];
  /** Content calls that answer 500 instead. */
  failing?: ContentCall[];
  /** The caller's own bioreq documents (default: none). */
  bioreqDocuments?: BioreqDocument[];
  /** The organization has bioreq switched off: every bioreq call answers 403 `bioreq_disabled`. */
  bioreqDisabled?: boolean;
}

/** The content calls a scenario can make fail. */
export type ContentCall = 'topic' | 'items' | 'complete' | 'favorites' | 'unfavorite' | 'bioreq' | 'bioreq-upload';

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
      modules_count: 0,
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

const unauthenticated = () => json(401, { message: 'Unauthenticated.', code: 'unauthenticated' });
const notFound = () => json(404, { message: 'Not found.', code: 'not_found' });
const serverError = () => json(500, { message: 'Something went wrong.', code: 'server_error', request_id: 'req-1' });

const loginFailures: Record<Exclude<LoginScenario, 'success'>, () => Response> = {
  'field-errors': () =>
    json(422, {
      message: 'The given data was invalid.',
      code: 'validation_failed',
      errors: { email: ['The selected email is invalid.'] },
    }),
  'wrong-credentials': () => json(401, { message: 'The email and/or password are incorrect.', code: 'invalid_credentials' }),
  suspended: () => json(401, { message: 'Your account has been suspended.', code: 'account_suspended' }),
  'rate-limited': () => json(429, { message: 'Too many attempts. Please wait and try again.', code: 'rate_limited' }, { 'Retry-After': '60' }),
  'server-error': serverError,
};

export interface FakeApi {
  fetch: typeof globalThis.fetch;
  /** Every request the fake received, in order. */
  requests: Request[];
  /** Access tokens the fake has issued and not yet revoked. */
  liveTokens: Set<string>;
}

/**
 * The grants other than the password: an embed session's token (RFC 8693) is accepted when it starts with `es_`,
 * an authorization code when it starts with `code-` and comes with a PKCE verifier (the popup login).
 */
function grantAccepted(body: URLSearchParams): boolean {
  switch (body.get('grant_type')) {
    case 'urn:ietf:params:oauth:grant-type:token-exchange':
      return body.get('subject_token_type') === 'urn:tessera:params:oauth:token-type:embed-session' && (body.get('subject_token') ?? '').startsWith('es_');
    case 'authorization_code':
      return (body.get('code') ?? '').startsWith('code-') && (body.get('code_verifier') ?? '').length >= 43;
    default:
      return true;
  }
}

export function createFakeApi(options: FakeApiOptions = {}): FakeApi {
  const { login = 'success', user = demoUser, delayMs = 0, gate } = options;
  const content = fakeContentRoutes(options);
  const bioreq = fakeBioreqRoutes(options);
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
    if (!grantAccepted(body)) return json(400, { message: 'The grant is invalid.', code: 'invalid_grant', error: 'invalid_grant' });
    issued += 1;
    const accessToken = `access-${issued}`;
    liveTokens.add(accessToken);
    return json(200, { access_token: accessToken, refresh_token: `refresh-${issued}`, token_type: 'Bearer', expires_in: 3600 });
  }

  function isAuthenticated(request: Request): boolean {
    const bearer = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
    // Tokens handed in by a host (not issued here) are accepted too, as long as they look like ours.
    return liveTokens.has(bearer) || bearer.startsWith('host-');
  }

  function answerMe(request: Request): Response {
    if (!isAuthenticated(request)) return unauthenticated();
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
    const answerBioreq = bioreq(request, path);
    if (answerBioreq) return isAuthenticated(request) ? answerBioreq() : unauthenticated();
    const answerContent = content(request.method, path);
    if (answerContent) return isAuthenticated(request) ? answerContent() : unauthenticated();
    return notFound();
  };
  return { fetch, requests, liveTokens };
}

const TOPIC = /^\/tenants\/[^/]+\/topics\/([^/]+)$/;
const ITEMS = /^\/tenants\/[^/]+\/topics\/([^/]+)\/items$/;
const COMPLETED = /^\/tenants\/[^/]+\/topics\/([^/]+)\/items\/completed\/([^/]+)$/;
const FAVORITES = /^\/tenants\/[^/]+\/my-membership\/favorite-topics$/;
const FAVORITE = /^\/tenants\/[^/]+\/components\/[^/]+\/topics\/favorites\/([^/]+)$/;

/**
 * The learner's content calls, over in-memory items and favourites that the calls change (a completed row
 * stays complete, an unstarred topic leaves the list). Answers the matching route, or null for other paths.
 */
function fakeContentRoutes(options: FakeApiOptions) {
  const items = options.items ?? { [DEMO_TOPIC_ID]: demoItems() };
  let favorites = options.favorites ?? demoFavorites();
  const starred = new Map(favorites.map((topic) => [topic.id, topic]));
  const topics = new Map([...(options.topics ?? [demoTopic()]), ...favorites].map((topic) => [topic.id, topic]));
  const failing = new Set(options.failing ?? []);

  function setCompletion(topicId: string, itemId: string, complete: boolean): Response {
    if (failing.has('complete')) return serverError();
    const row = items[topicId]?.find((item) => item.id === itemId && item.is_procedure);
    if (!row) return notFound();
    row.is_complete = complete;
    return json(200, { data: row });
  }

  function setFavorite(topicId: string, favorite: boolean): Response {
    if (!favorite && failing.has('unfavorite')) return serverError();
    const topic = starred.get(topicId);
    if (!topic) return notFound();
    favorites = favorites.filter((other) => other.id !== topicId);
    if (favorite) favorites = [...favorites, topic].sort((a, b) => a.order - b.order);
    return json(200, { data: { ...topic, is_favorite: favorite } });
  }

  function listFavorites(): Response {
    if (failing.has('favorites')) return serverError();
    const meta = { current_page: 1, last_page: 1, per_page: 100, total: favorites.length, order: 'order', desc: false, search: null };
    return json(200, { data: favorites, meta });
  }

  return (method: string, path: string): (() => Response) | null => {
    let match = TOPIC.exec(path);
    if (match && method === 'GET') {
      const topic = topics.get(match[1]);
      return () => (failing.has('topic') ? serverError() : topic ? json(200, { data: topic }) : notFound());
    }
    match = ITEMS.exec(path);
    if (match && method === 'GET') {
      const list = items[match[1]];
      return () => (failing.has('items') ? serverError() : list ? json(200, { data: list }) : notFound());
    }
    match = COMPLETED.exec(path);
    if (match && (method === 'POST' || method === 'DELETE')) {
      const [, topicId, itemId] = match;
      return () => setCompletion(topicId, itemId, method === 'POST');
    }
    if (FAVORITES.test(path) && method === 'GET') return listFavorites;
    match = FAVORITE.exec(path);
    if (match && (method === 'POST' || method === 'DELETE')) {
      const topicId = match[1];
      return () => setFavorite(topicId, method === 'POST');
    }
    return null;
  };
}

const BIOREQ = /^\/tenants\/[^/]+\/bioreq$/;
const OWN_BIOREQ = /^\/tenants\/[^/]+\/bioreq\/user$/;
const BIOREQ_DOCUMENT = /^\/tenants\/[^/]+\/bioreq\/([^/]+)$/;
const BIOREQ_DOWNLOAD = /^\/tenants\/[^/]+\/bioreq\/([^/]+)\/download$/;

/** A new document as the server answers an upload (pending, cancellable). */
export function fakeBioreqDocument(overrides: Partial<BioreqDocument> = {}): BioreqDocument {
  const now = '2025-03-01T10:00:00.000Z';
  return {
    id: `0190a5b2-0000-7000-8000-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
    title: 'Passport',
    description: 'Scan of the photo page',
    mime_type: 'application/pdf',
    kind: 'pdf',
    size: 120_000,
    status: 'pending',
    processed: false,
    message: null,
    submitter: { id: demoUser.id, name: demoUser.name, email: demoUser.email, is_active: true, is_confirmed: true },
    reviewer: null,
    decided_by: null,
    created_at: now,
    downloaded_at: null,
    decided_at: null,
    updated_at: now,
    file_deleted_at: null,
    abilities: { download: true, cancel: true, decide: false, write_notes: false, read_access_log: false },
    ...overrides,
  };
}

/** The member's own bioreq calls: the list, an upload (multipart, title and description required), a download's signed URL and a cancel. */
function fakeBioreqRoutes(options: FakeApiOptions) {
  let documents = [...(options.bioreqDocuments ?? [])];
  const failing = new Set(options.failing ?? []);
  async function upload(request: Request): Promise<Response> {
    if (failing.has('bioreq-upload')) return serverError();
    const form = await request.formData();
    const errors: Record<string, string[]> = {};
    for (const field of ['title', 'description']) if (!String(form.get(field) ?? '').trim()) errors[field] = [`The ${field} field is required.`];
    const file = form.get('file');
    if (!(file instanceof Blob)) errors.file = ['The file field is required.'];
    if (Object.keys(errors).length) return json(422, { message: 'The given data was invalid.', code: 'validation_failed', errors });
    const document = fakeBioreqDocument({
      title: String(form.get('title')).trim(),
      description: String(form.get('description')).trim(),
      size: (file as Blob).size,
    });
    documents = [document, ...documents];
    return json(201, { data: document });
  }
  return (request: Request, path: string): (() => Response | Promise<Response>) | null => {
    if (options.bioreqDisabled && /^\/tenants\/[^/]+\/bioreq/.test(path)) {
      return () => json(403, { message: 'Bioreq is not enabled for this organization.', code: 'bioreq_disabled' });
    }
    const download = BIOREQ_DOWNLOAD.exec(path);
    if (download && request.method === 'GET') {
      const found = documents.find((document) => document.id === download[1]);
      return () =>
        found
          ? json(200, {
              // As the server answers it: under PUBLIC_URL, which need not be the address the widget reaches.
              data: {
                url: `https://public.tessera.test/api/bioreq-files/t/${found.id}?user=u&expires=9&signature=s`,
                file_name: `${found.title}.pdf`,
                mime_type: found.mime_type,
                expires_at: '2025-03-01T10:01:00.000Z',
              },
            })
          : notFound();
    }
    if (OWN_BIOREQ.test(path) && request.method === 'GET') {
      return () =>
        failing.has('bioreq')
          ? serverError()
          : json(200, {
              data: documents,
              meta: { current_page: 1, last_page: 1, per_page: documents.length, total: documents.length, order: 'uploaded', desc: true, search: null },
            });
    }
    if (BIOREQ.test(path) && request.method === 'POST') return () => upload(request);
    const match = BIOREQ_DOCUMENT.exec(path);
    if (match && request.method === 'DELETE') {
      const id = match[1];
      return () => {
        const found = documents.find((document) => document.id === id);
        if (!found) return notFound();
        if (found.status !== 'pending') return json(409, { message: 'This document is under review and can no longer be cancelled.', code: 'review_started' });
        documents = documents.filter((document) => document.id !== id);
        return new Response(null, { status: 204 });
      };
    }
    return null;
  };
}

/** A real SDK client wired to the fake API (memory token store unless one is handed in). */
/** Tokens of a learner who is already logged in (the fake accepts any `host-` token). */
export const FAKE_HOST_TOKENS = { accessToken: 'host-access', refreshToken: 'host-refresh' } as const;

export function createFakeClient(options: FakeApiOptions & { tokenStore?: TokenStore; loggedIn?: boolean } = {}): {
  client: TesseraClient;
  api: FakeApi;
} {
  const api = createFakeApi(options);
  const client = createTesseraClient({
    baseUrl: FAKE_API_BASE,
    tokenStore: options.tokenStore ?? memoryTokenStore(options.loggedIn ? { ...FAKE_HOST_TOKENS } : null),
    fetch: api.fetch,
  });
  sendUploadsThrough(client, api.fetch);
  return { client, api };
}
