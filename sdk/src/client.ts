import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { EMBED_SESSION_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from './embed-sessions.js';
import { NETWORK_ERROR, noAnswerAsValue, type ApiErrorBody } from './errors.js';
import type { paths, TokenResponse } from './generated/schema.js';
import type { StrictBodyMethods } from './strict-bodies.js';
import { paginator, type Paginate } from './paginate.js';
import { memoryTokenStore, type TokenPair, type TokenStore } from './token-store.js';

/** The public OAuth client of the portal and the widgets. It has no secret: a browser cannot keep one. */
export const WEB_CLIENT_ID = 'tessera-web';

export interface TesseraClientOptions {
  /** The API's base URL, for example `https://training.example.com/api`. */
  baseUrl: string;
  /** Where the tokens live; defaults to memory (a Node script, or an integration client). */
  tokenStore?: TokenStore;
  clientId?: string;
  /**
   * Replaces the refresh grant: how a client without a person's login renews its access token, before its first
   * call and whenever the token is refused. `createIntegrationClient` (integration-client.ts, for Node backends)
   * sets it; browsers never carry that code.
   */
  renewal?: Renewal;
  /** Defaults to the global fetch; a script hands in `withRetries()` (retries.ts), tests a fake. */
  fetch?: typeof globalThis.fetch;
}

/** Lets a call be cancelled: it then rejects with the signal's reason (an `AbortError`). */
export interface CallOptions {
  signal?: AbortSignal;
}

export type LoginResult = { ok: true; tokens: TokenPair } | { ok: false; status: number; error: ApiErrorBody; retryAfter?: number };

export type UnauthenticatedListener = () => void;

/** POSTs a form to the API's `/token` (with extra headers, such as HTTP Basic client authentication). */
export type PostToken = (form: Record<string, string>, headers?: Record<string, string>) => Promise<Response>;

/** See `TesseraClientOptions.renewal`: answers whether the store now holds an access token. */
export type Renewal = (tools: { postToken: PostToken; tokenStore: TokenStore; refused: () => void }) => Promise<boolean>;

/** The `/token` grants a browser obtains a login with: the person's password, or a token to exchange. */
export interface GrantCalls {
  /** Password grant. Stores the tokens on success. */
  login(email: string, password: string, options?: CallOptions): Promise<LoginResult>;
  /**
   * Exchanges an embed session's token (RFC 8693 token exchange, as the widgets' session provider does) for the
   * person's tokens, stored on success.
   */
  exchangeEmbedSession(sessionToken: string, options?: CallOptions): Promise<LoginResult>;
  /** The authorization code grant with PKCE (the login widget's popup): stores the tokens on success. */
  exchangeAuthorizationCode(code: AuthorizationCode, options?: CallOptions): Promise<LoginResult>;
}

/** What the authorization endpoint's redirect carried, and what the client sent it. */
export interface AuthorizationCode {
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

/**
 * The media types the client's answers are typed by: JSON, which the client asks for (`Accept: application/json`).
 * A call that also answers another representation (a report's CSV, `format=csv`) asks for it by name and reads it
 * with `parseAs: 'blob'` or `'text'`, whose answer openapi-fetch types as a Blob or a string whatever the media.
 */
export type AnswerMedia = `${string}/json`;

/** openapi-fetch's client, with POST, PUT and PATCH bodies checked for misspelled fields (strict-bodies.ts). */
export interface TesseraClient extends Omit<Client<paths, AnswerMedia>, keyof StrictBodyMethods>, StrictBodyMethods, GrantCalls {
  readonly baseUrl: string;
  readonly tokenStore: TokenStore;
  /** Adopts tokens handed in by a host page (as /mlogin and the widgets' attributes do). */
  loginWithTokens(tokens: TokenPair): void;
  /** Revokes the session on the server (best effort) and forgets the tokens. */
  logout(options?: CallOptions): Promise<void>;
  /** Every item of a list, page after page (paginate.ts). */
  paginate: Paginate;
  /** Rotates the token pair once; concurrent callers share one refresh. False when it failed (tokens cleared). */
  refresh(): Promise<boolean>;
  /** Called when a refresh failed and the tokens were cleared: the person must log in again. */
  onUnauthenticated(listener: UnauthenticatedListener): () => void;
}

async function readError(response: Response): Promise<ApiErrorBody> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    if (typeof body.message === 'string') return { code: 'unreadable_answer', ...body } as ApiErrorBody;
  } catch {
    // not JSON: fall through to a generic body
  }
  return { message: 'Something went wrong.', code: `http_${response.status}` };
}

/**
 * The API answers JSON (or nothing); a page, or an error that is not JSON, comes from something else at the base URL:
 * the site's own pages when `api-base` names the origin without `/api`. Says so once per client, in the console,
 * with the form the base URL should take, instead of leaving the person with "Something went wrong." alone.
 */
function notTheApiWarning(baseUrl: string): (response: Response) => Response {
  let warned = false;
  return (response) => {
    const type = response.headers.get('Content-Type') ?? '';
    const notTheApi = type.includes('text/html') || (!response.ok && response.status !== 304 && !type.includes('json'));
    if (notTheApi && !warned) {
      warned = true;
      console.warn(
        `Tessera: ${response.url || baseUrl} answered ${response.status} with ${type || 'no content type'}, not the Tessera API. ` +
          `The API base (a widget's api-base attribute, the client's baseUrl) is the API's own address, ending in /api: ` +
          `for example "https://training.example.com/api". It is now "${baseUrl}".`,
      );
    }
    return response;
  };
}

export function createTesseraClient(options: TesseraClientOptions): TesseraClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const clientId = options.clientId ?? WEB_CLIENT_ID;
  const noticeAnswer = notTheApiWarning(baseUrl);
  const doFetch: typeof globalThis.fetch = async (...args) => noticeAnswer(await (options.fetch ?? globalThis.fetch)(...args));
  const tokenStore = options.tokenStore ?? memoryTokenStore();
  const { renewal } = options;
  const unauthenticatedListeners = new Set<UnauthenticatedListener>();
  let refreshing: Promise<boolean> | null = null;

  async function postToken(form: Record<string, string>, headers: Record<string, string> = {}, signal?: AbortSignal) {
    return doFetch(`${baseUrl}/token`, {
      method: 'POST',
      signal,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Requested-With': 'XMLHttpRequest',
        Accept: 'application/json',
        ...headers,
      },
      body: new URLSearchParams(form).toString(),
    });
  }

  function toPair(body: TokenResponse): TokenPair {
    return { accessToken: body.access_token, refreshToken: body.refresh_token };
  }

  function reportUnauthenticated() {
    tokenStore.set(null);
    for (const listener of unauthenticatedListeners) listener();
  }

  /** POSTs the refresh grant with `refreshToken` and stores the answer. */
  async function rotate(refreshToken: string): Promise<boolean> {
    try {
      const response = await postToken({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken });
      if (!response.ok) {
        reportUnauthenticated();
        return false;
      }
      tokenStore.set(toPair((await response.json()) as TokenResponse));
      return true;
    } catch {
      // No answer: keep the tokens, the request fails as a network error and the person may retry.
      return false;
    }
  }

  async function refreshOnce(): Promise<boolean> {
    if (renewal) return renewal({ postToken, tokenStore, refused: reportUnauthenticated });
    const spent = tokenStore.get()?.refreshToken;
    if (!spent) {
      reportUnauthenticated();
      return false;
    }
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    if (!locks || !tokenStore.key || tokenStore.persistence !== 'local') return rotate(spent);
    // One refresh per browser: tabs sharing this store queue on one lock. A tab that gets the lock after another
    // rotated the pair finds the new pair in the store and uses it instead of presenting the spent token again.
    return locks.request(`${tokenStore.key}:refresh`, async () => {
      const current = tokenStore.get();
      if (!current) return false;
      if (current.refreshToken !== spent && current.accessToken) return true;
      return rotate(current.refreshToken);
    });
  }

  function refresh(): Promise<boolean> {
    refreshing ??= refreshOnce().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Tokens go only to the origin that issued them: the origin of `baseUrl`. */
  const apiOrigin = new URL(baseUrl, globalThis.location?.href ?? 'http://localhost/').origin;
  const isOwnOrigin = (url: string) => new URL(url, globalThis.location?.href ?? 'http://localhost/').origin === apiOrigin;

  const pendingRetries = new Map<string, Request>();

  const authMiddleware: Middleware = {
    async onRequest({ request, id }) {
      request.headers.set('X-Requested-With', 'XMLHttpRequest');
      if (!isOwnOrigin(request.url)) return request;
      // An integration client gets its first token before its first call; a stored refresh token without an access
      // token (spec core section 8) is refreshed first, then the request is sent.
      if (renewal ? !tokenStore.get()?.accessToken : tokenStore.get()?.accessToken === '') await refresh();
      const accessToken = tokenStore.get()?.accessToken;
      if (accessToken) request.headers.set('Authorization', `Bearer ${accessToken}`);
      // Keep an unread copy: the body of the original is spent once it is sent.
      pendingRetries.set(id, request.clone());
      return request;
    },
    async onResponse({ response, id }) {
      const original = pendingRetries.get(id);
      pendingRetries.delete(id);
      if (response.status !== 401 || !original) return response;
      const pair = tokenStore.get();
      if (!pair) return response;
      // A 401 clears the access token (unless another request already replaced it), refreshes, retries once.
      const sent = original.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
      if (pair.accessToken === sent) {
        tokenStore.set({ ...pair, accessToken: '' });
        if (!(await refresh())) return response;
      } else if (pair.accessToken === '' && !(await refresh())) return response;
      const retry = new Request(original);
      retry.headers.set('Authorization', `Bearer ${tokenStore.get()?.accessToken ?? ''}`);
      const second = await doFetch(retry);
      if (second.status === 401) reportUnauthenticated();
      return second;
    },
    onError({ id }) {
      pendingRetries.delete(id);
    },
  };

  /** POSTs a grant of the person's login to `/token` and stores the tokens it answers. */
  async function obtainTokens(form: Record<string, string>, callOptions: CallOptions = {}): Promise<LoginResult> {
    let response: Response;
    try {
      response = await postToken({ ...form, client_id: clientId }, {}, callOptions.signal);
    } catch (error) {
      // Only an abort asked for rejects (errors.ts): no answer is a value.
      if (callOptions.signal?.aborted) throw error;
      return { ok: false, status: 0, error: NETWORK_ERROR };
    }
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('Retry-After')) || undefined;
      return { ok: false, status: response.status, error: await readError(response), retryAfter };
    }
    const tokens = toPair((await response.json()) as TokenResponse);
    tokenStore.set(tokens);
    return { ok: true, tokens };
  }

  const client = createClient<paths, AnswerMedia>({ baseUrl, fetch: doFetch, headers: { Accept: 'application/json' } });
  client.use(authMiddleware);
  // Last, so its onError runs first: no answer becomes a value, as login() answers it (errors.ts).
  client.use(noAnswerAsValue);

  const extras = {
    baseUrl,
    tokenStore,
    login: (email: string, password: string, callOptions?: CallOptions) => obtainTokens({ grant_type: 'password', email, password }, callOptions),
    exchangeEmbedSession: (sessionToken: string, callOptions?: CallOptions) =>
      obtainTokens({ grant_type: TOKEN_EXCHANGE_GRANT, subject_token: sessionToken, subject_token_type: EMBED_SESSION_TOKEN_TYPE }, callOptions),
    exchangeAuthorizationCode: ({ code, redirectUri, codeVerifier }: AuthorizationCode, callOptions?: CallOptions) =>
      obtainTokens({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier }, callOptions),
    loginWithTokens(tokens: TokenPair) {
      tokenStore.set({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    },
    async logout(callOptions: CallOptions = {}) {
      const accessToken = tokenStore.get()?.accessToken;
      tokenStore.set(null);
      if (!accessToken) return;
      try {
        await doFetch(`${baseUrl}/token`, {
          method: 'POST',
          signal: callOptions.signal,
          headers: { Authorization: `Bearer ${accessToken}`, 'X-Requested-With': 'XMLHttpRequest' },
        });
      } catch (error) {
        if (callOptions.signal?.aborted) throw error;
        // The tokens are forgotten here either way; they expire on their own.
      }
    },
    paginate: paginator(client),
    refresh,
    onUnauthenticated(listener: UnauthenticatedListener) {
      unauthenticatedListeners.add(listener);
      return () => void unauthenticatedListeners.delete(listener);
    },
  };
  // The same methods at run time; only their signatures are stricter (strict-bodies.ts).
  return Object.assign(client, extras) as unknown as TesseraClient;
}
