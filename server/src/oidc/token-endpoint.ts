/**
 * POST /api/token: the provider's token endpoint, wrapped so that it speaks the API's language.
 *
 * Before the provider: the body is read (form-urlencoded, or JSON translated to a form, since the
 * provider reads forms only), checked with the SDK's login rules (422), and a login is refused
 * while its email+IP or IP is over its failure limit (429). A POST without a grant and with a
 * bearer token is a logout: the token's grant and every token of it are revoked (204).
 *
 * A confidential client (an integration client: client_credentials, and the authorization code and refresh grants of
 * "Log in with Tessera") authenticates with its secret, in HTTP Basic or the form, checked against the stored hash
 * before the provider runs; `tessera-web` is public and sends only its id.
 *
 * After the provider: OAuth errors (`{error, error_description}`) become the API's error bodies: 401
 * invalid_credentials / account_suspended for password logins (the spec's statuses), 401 invalid_client, and 400 for
 * every other grant's failure as RFC 6749 5.2 says (invalid_grant of a refresh, a code or a token exchange,
 * unauthorized_client, invalid_request).
 */
import { IncomingMessage } from 'node:http';
import type { Context, Middleware, Next } from 'koa';
import { koaBody } from 'koa-body';
import type Provider from 'oidc-provider';
import { forms } from '@tessera/sdk/rules';
import type { Database } from '../db/database.js';
import { HttpError, validationFailed, type ErrorBody } from '../http/errors.js';
import { authenticated, bearerToken, sessionOf } from '../http/authenticate.js';
import compose from 'koa-compose';
import { refuseNulCharacters } from '../http/null-characters.js';
import { pickStrings, readForm, unsupportedMediaType } from '../http/input.js';
import { reserveLoginAttempt, type LoginOutcome } from '../security/login-guard.js';
import type { RateLimiters } from '../security/rate-limits.js';
import { revokeGrant } from '../db/oidc-payloads.js';
import { rotationGrace, watchConcurrentRotations, type TokenPair } from './rotation-grace.js';
import type { LoginFailure } from './password-grant.js';
import { UNSUPPORTED_GRANT_MESSAGE } from './oauth-errors.js';
import { withProviderStorage } from './provider-storage.js';
import { AUTHORIZATION_CODE_GRANT, CLIENT_CREDENTIALS_GRANT, PASSWORD_GRANT, REFRESH_TOKEN_GRANT } from './provider.js';
import { EMBED_SESSION_TOKEN_TYPE, SSO_LOGIN_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT, WEB_CLIENT_ID } from '@tessera/sdk';
import { ACCESS_TOKEN_TYPE } from './token-exchange-grant.js';

const loginMessages = {
  invalidCode: 'The authorization code is invalid, spent or expired, or was issued to another client or redirect URI.',
  unauthorizedClient: 'This client may not use this grant type.',
  invalidCredentials: 'The email and/or password are incorrect.',
  suspended: 'Your account has been suspended.',
  invalidGrant: 'Your session has expired. Please log in again.',
  invalidEmbedSession: 'This embed session is invalid, spent or expired.',
  invalidSsoLogin: 'This single sign-on login is invalid, spent or expired. Please sign in again.',
  subjectTokenType: 'The subject token type is not supported.',
  requestedTokenType: 'The requested token type is not supported.',
  invalidClient: 'The client is not recognised.',
  unsupportedGrant: UNSUPPORTED_GRANT_MESSAGE,
} as const;

export const LOGIN_FAILURES: Record<LoginFailure, ErrorBody> = {
  invalid_credentials: { code: 'invalid_credentials', message: loginMessages.invalidCredentials },
  account_suspended: { code: 'account_suspended', message: loginMessages.suspended },
};

const GRANT_TYPES: readonly string[] = [PASSWORD_GRANT, REFRESH_TOKEN_GRANT, CLIENT_CREDENTIALS_GRANT, TOKEN_EXCHANGE_GRANT, AUTHORIZATION_CODE_GRANT];

type TokenParams = Record<string, string>;

export interface TokenEndpointOptions {
  provider: Provider;
  db: Database;
  limiters: RateLimiters;
  bodyLimit: number;
  /** See rotation-grace.ts. */
  refreshGraceSeconds: number;
  /** An integration client's account when its secret is right (features/integration-clients), else undefined. */
  authenticateClient(clientId: string, secret: string): Promise<{ accountId: string } | undefined>;
}

/**
 * Runs the provider's own middleware on this request, as if it were mounted at /api (koa-mount's approach):
 * `providerPath` is the provider's route (`/token`, `/token/revocation`, `/.well-known/openid-configuration`).
 */
export function providerRunner(provider: Provider) {
  const run = compose(provider.middleware as Middleware[]);
  return async function runProvider(ctx: Context, providerPath = '/token'): Promise<void> {
    const path = ctx.path;
    ctx.path = providerPath;
    // The provider names its own URLs (a resume step, a form's action) with the path it is mounted at.
    (ctx as Context & { mountPath?: string }).mountPath = '/api';
    try {
      await withProviderStorage(() => run(ctx));
    } finally {
      ctx.path = path;
    }
  };
}

/**
 * The provider parses the urlencoded body itself, from the request stream. Having read (and
 * checked) the body already, hand it a request whose stream replays the checked parameters.
 */
function replayAsForm(ctx: Context, params: TokenParams): () => void {
  const original = ctx.req;
  const body = Buffer.from(new URLSearchParams(params).toString());
  // A request on the same socket (the provider reads the client's address from it) whose body is the replayed form.
  const replay = new IncomingMessage(original.socket);
  // Complete: ending it must not read as an aborted request (which would destroy the socket).
  replay.complete = true;
  replay.push(body);
  replay.push(null);
  const headers = { ...original.headers, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) };
  // A bearer header is never client authentication; the provider would take it as such.
  delete headers.authorization;
  Object.assign(replay, { headers, method: original.method, url: original.url, httpVersion: original.httpVersion });
  ctx.req = ctx.request.req = replay;
  return () => {
    ctx.req = ctx.request.req = original;
  };
}

async function readTokenBody(ctx: Context, bodyLimit: number): Promise<unknown> {
  const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
  if (!hasBody) return {};
  if (!ctx.is('application/x-www-form-urlencoded', 'application/json', '+json')) throw unsupportedMediaType();
  const parse = koaBody({ json: true, urlencoded: true, text: false, multipart: false, jsonLimit: bodyLimit, formLimit: bodyLimit, patchNode: false });
  await parse(ctx, async () => {});
  return ctx.request.body;
}

function invalidClient(): HttpError {
  return new HttpError(401, 'invalid_client', loginMessages.invalidClient);
}

/** HTTP Basic client authentication (RFC 6749 2.3.1: both parts form-urlencoded), or undefined without one. */
function basicCredentials(ctx: Context): { clientId: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(ctx.get('Authorization'));
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidClient();
  try {
    const part = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
    return { clientId: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) };
  } catch {
    throw invalidClient();
  }
}

/** The client id and secret of a confidential client's request: HTTP Basic, else the form's fields. */
function clientCredentialsOf(ctx: Context, body: unknown): { clientId: string; secret: string } {
  const basic = basicCredentials(ctx);
  if (basic) return basic;
  const { values, errors } = pickStrings(body, ['client_id', 'client_secret']);
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (!values.client_id?.trim()) throw validationFailed({ client_id: ['The client id field is required.'] });
  if (!values.client_secret) throw validationFailed({ client_secret: ['The client secret field is required.'] });
  return { clientId: values.client_id, secret: values.client_secret };
}

/** Grants an integration client uses with its secret (a code of "Log in with Tessera", and its refresh token). */
const CONFIDENTIAL_CLIENT_GRANTS: ReadonlySet<string> = new Set([AUTHORIZATION_CODE_GRANT, REFRESH_TOKEN_GRANT]);

/**
 * A request of a confidential client: HTTP Basic, or a form whose client id is not the public `tessera-web` (it must
 * then authenticate: without a secret or with a wrong one it is 401 invalid_client).
 */
function isConfidentialClient(ctx: Context, body: unknown): boolean {
  if (basicCredentials(ctx)) return true;
  const { values } = pickStrings(body, ['client_id', 'client_secret']);
  // The spec's portal sends a fixed "secret" beside `tessera-web`: the public client's id alone decides.
  if (values.client_id === WEB_CLIENT_ID) return false;
  return values.client_secret !== undefined || (values.client_id !== undefined && values.client_id.trim() !== '');
}

/**
 * A confidential client's authentication (RFC 6749 2.3.1) at the code, refresh and revocation endpoints: HTTP Basic,
 * else `client_id` + `client_secret` in the form, checked against the stored hash. Failing it, or sending no secret
 * for a client that has one, is 401 invalid_client.
 */
async function authenticateConfidentialClient(
  ctx: Context,
  body: unknown,
  authenticate: TokenEndpointOptions['authenticateClient'],
): Promise<{ clientId: string }> {
  const basic = basicCredentials(ctx);
  const { values } = pickStrings(body, ['client_id', 'client_secret']);
  const credentials = basic ?? (values.client_id && values.client_secret ? { clientId: values.client_id, secret: values.client_secret } : undefined);
  // A form naming another client than the Basic header is not this client's request.
  if (!credentials || (basic && values.client_id !== undefined && values.client_id !== basic.clientId)) throw invalidClient();
  if (!(await authenticate(credentials.clientId, credentials.secret))) throw invalidClient();
  return { clientId: credentials.clientId };
}

/**
 * RFC 6749 5.2: a client registered without the grant is 400 `unauthorized_client` (the provider would answer
 * `invalid_request`). An unknown client is left to the provider (401 invalid_client).
 */
async function refuseGrantNotRegistered(provider: Provider, clientId: string, grantType: string): Promise<void> {
  if (clientId === WEB_CLIENT_ID) return;
  const client = await provider.Client.find(clientId);
  if (client && !client.grantTypeAllowed(grantType)) throw new HttpError(400, 'unauthorized_client', loginMessages.unauthorizedClient);
}

/** The grant type sent, checked (422 when missing or not one this server offers). */
function grantTypeOf(body: unknown): string {
  refuseNulCharacters(body);
  const { values, errors } = pickStrings(body, ['grant_type']);
  if (Object.keys(errors).length) throw validationFailed(errors);
  const grantType = values.grant_type?.trim();
  if (!grantType) throw validationFailed({ grant_type: ['The grant type field is required.'] });
  if (!GRANT_TYPES.includes(grantType)) throw validationFailed({ grant_type: [loginMessages.unsupportedGrant] });
  return grantType;
}

/** Checks the grant's fields (422) and answers only the parameters the provider should see. */
function checkParams(body: unknown, grantType: string): TokenParams {
  const { values, errors } = pickStrings(body, ['client_id']);
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (!values.client_id?.trim()) throw validationFailed({ client_id: ['The client id field is required.'] });

  const params: TokenParams = { grant_type: grantType, client_id: values.client_id };
  // The login form answers the email normalized (trimmed, lower-cased) and the password as typed.
  if (grantType === PASSWORD_GRANT) return { ...params, ...readForm(withEmailFromUsername(body), forms.login) };
  if (grantType === TOKEN_EXCHANGE_GRANT) return { ...params, ...tokenExchangeOf(body) };
  if (grantType === AUTHORIZATION_CODE_GRANT) return { ...params, ...authorizationCodeOf(body) };
  return { ...params, refresh_token: refreshTokenOf(body) };
}

/**
 * RFC 8693's parameters (token-exchange-grant.ts): a subject token of an embed session's or a single sign-on login
 * code's type (any other type is 400 `invalid_request`, section 2.2.2), and an access token as the only token issued.
 */
function tokenExchangeOf(body: unknown): TokenParams {
  const { values, errors } = pickStrings(body, ['subject_token', 'subject_token_type', 'requested_token_type']);
  if (Object.keys(errors).length) throw validationFailed(errors);
  const missing: Record<string, string[]> = {};
  if (!values.subject_token) missing.subject_token = ['The subject token field is required.'];
  if (!values.subject_token_type) missing.subject_token_type = ['The subject token type field is required.'];
  if (Object.keys(missing).length) throw validationFailed(missing);
  if (values.subject_token_type !== EMBED_SESSION_TOKEN_TYPE && values.subject_token_type !== SSO_LOGIN_TOKEN_TYPE)
    throw new HttpError(400, 'bad_request', loginMessages.subjectTokenType);
  if (values.requested_token_type && values.requested_token_type !== ACCESS_TOKEN_TYPE) {
    throw new HttpError(400, 'bad_request', loginMessages.requestedTokenType);
  }
  return { subject_token: values.subject_token!, subject_token_type: values.subject_token_type };
}

/**
 * OAuth's password grant names the login `username` (RFC 6749 4.3.2): standard clients send that. It is taken as
 * the email when no `email` is given; field errors still name `email`, the spec's field.
 */
function withEmailFromUsername(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const fields = body as Record<string, unknown>;
  if (fields.email !== undefined || fields.username === undefined) return body;
  return { ...fields, email: fields.username };
}

/** RFC 6749 4.1.3 with PKCE (RFC 7636 4.5): the code, the redirect URI it was issued for and the verifier. */
function authorizationCodeOf(body: unknown): TokenParams {
  const fields = ['code', 'redirect_uri', 'code_verifier'] as const;
  const { values, errors } = pickStrings(body, fields);
  if (Object.keys(errors).length) throw validationFailed(errors);
  const names = { code: 'code', redirect_uri: 'redirect uri', code_verifier: 'code verifier' };
  const missing = Object.fromEntries(fields.filter((field) => !values[field]).map((field) => [field, [`The ${names[field]} field is required.`]]));
  if (Object.keys(missing).length) throw validationFailed(missing);
  return { code: values.code!, redirect_uri: values.redirect_uri!, code_verifier: values.code_verifier! };
}

function refreshTokenOf(body: unknown): string {
  const { values, errors } = pickStrings(body, ['refresh_token']);
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (!values.refresh_token) throw validationFailed({ refresh_token: ['The refresh token field is required.'] });
  return values.refresh_token;
}

/** A suspended account's login checked a right password: it is no failure to count. */
function loginOutcome(failure: LoginFailure | undefined, loggedInAccountId: string | undefined): LoginOutcome {
  if (failure === 'invalid_credentials') return 'wrong_password';
  return failure === 'account_suspended' || loggedInAccountId ? 'right_password' : 'not_evaluated';
}

function isTokenPair(body: unknown): body is TokenPair {
  const pair = body as Partial<TokenPair> | null;
  return typeof pair?.access_token === 'string' && typeof pair.refresh_token === 'string' && typeof pair.expires_in === 'number';
}

function isOAuthError(body: unknown): body is { error: string; error_description?: string } {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}

/** The provider's OAuth error, in the API's words. */
function translateError(ctx: Context, grantType: string, subjectTokenType: string | undefined): void {
  if (!isOAuthError(ctx.body)) return;
  const failure = ctx.state.loginFailure;
  let status = 400;
  let body: ErrorBody;
  if (failure) {
    status = 401;
    body = LOGIN_FAILURES[failure];
    // A domain whose organization enforces single sign-on: where to sign in instead.
    if (ctx.state.loginSsoUrl) body = { ...body, sso_url: ctx.state.loginSsoUrl };
  } else if (ctx.body.error === 'invalid_grant' && grantType === TOKEN_EXCHANGE_GRANT) {
    // RFC 8693 answers a subject token it cannot use 400 invalid_grant (RFC 6749 5.2).
    body = { code: 'invalid_grant', message: subjectTokenType === SSO_LOGIN_TOKEN_TYPE ? loginMessages.invalidSsoLogin : loginMessages.invalidEmbedSession };
  } else if (ctx.body.error === 'invalid_grant') {
    // RFC 6749 5.2: a spent, expired or revoked refresh token or code is 400 (the spec fixes no status for it).
    body = { code: 'invalid_grant', message: grantType === AUTHORIZATION_CODE_GRANT ? loginMessages.invalidCode : loginMessages.invalidGrant };
  } else if (ctx.body.error === 'unauthorized_client') {
    body = { code: 'unauthorized_client', message: loginMessages.unauthorizedClient };
  } else if (ctx.body.error === 'invalid_client') {
    status = 401;
    body = { code: 'invalid_client', message: loginMessages.invalidClient };
  } else if (ctx.body.error === 'server_error') {
    throw new Error(`token endpoint failed for grant ${grantType}: ${ctx.body.error_description ?? 'server_error'}`);
  } else {
    body = { code: 'bad_request', message: ctx.body.error_description ?? 'The request could not be read.' };
  }
  ctx.remove('WWW-Authenticate');
  ctx.status = status;
  ctx.body = body;
}

export function tokenEndpoint(options: TokenEndpointOptions) {
  const runProvider = providerRunner(options.provider);
  const grace = rotationGrace(options.db.knex, options.refreshGraceSeconds);
  watchConcurrentRotations(options.provider);

  /** A refresh answered with the pair its rotation already issued (rotation-grace.ts), instead of a replay. */
  function answerPair(ctx: Context, pair: TokenPair): void {
    ctx.status = 200;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = pair;
  }

  async function logout(ctx: Context) {
    await authenticated(ctx, async () => {
      await revokeGrant(options.db.knex, sessionOf(ctx).grantId);
      ctx.status = 204;
    });
  }

  return async function token(ctx: Context, _next: Next) {
    const body = await readTokenBody(ctx, options.bodyLimit);
    const isEmpty = typeof body !== 'object' || body === null || Object.keys(body).length === 0;
    if (isEmpty && bearerToken(ctx)) return logout(ctx);

    const grantType = grantTypeOf(body);
    let params: TokenParams;
    if (grantType === CLIENT_CREDENTIALS_GRANT) {
      const { clientId, secret } = clientCredentialsOf(ctx, body);
      if (!(await options.authenticateClient(clientId, secret))) throw invalidClient();
      params = { grant_type: grantType, client_id: clientId };
    } else if (CONFIDENTIAL_CLIENT_GRANTS.has(grantType) && isConfidentialClient(ctx, body)) {
      const { clientId } = await authenticateConfidentialClient(ctx, body, options.authenticateClient);
      params = checkParams({ ...(body as object), client_id: clientId }, grantType);
    } else {
      params = checkParams(body, grantType);
    }
    await refuseGrantNotRegistered(options.provider, params.client_id, params.grant_type);
    const refreshing = params.grant_type === 'refresh_token' ? params.refresh_token : undefined;
    const attempt = params.grant_type === PASSWORD_GRANT ? await reserveLoginAttempt(options.limiters, params.email, ctx.ip) : undefined;

    const restore = replayAsForm(ctx, params);
    try {
      await runProvider(ctx);
    } finally {
      restore();
      await attempt?.settle(loginOutcome(ctx.state.loginFailure, ctx.state.loggedInAccountId));
    }

    if (refreshing && ctx.status === 200 && isTokenPair(ctx.body)) await grace.record(refreshing, ctx.body);
    if (refreshing && ctx.state.concurrentRotation) {
      const outcome = await grace.afterLosingRace(refreshing);
      if (outcome.kind === 'pair') return answerPair(ctx, outcome.pair);
      // The pair it led to has been used already: this is a replay, and it ends the login.
      if (outcome.kind === 'replay') await revokeGrant(options.db.knex, outcome.grantId);
    }

    translateError(ctx, params.grant_type, params.subject_token_type);
  };
}

/**
 * POST /api/token/revocation (RFC 7009), answered by the provider: a confidential client authenticates as it does at
 * the token endpoint (HTTP Basic or `client_secret` in the form, checked against the stored hash), then the
 * provider sees its id alone, as for `tessera-web`. The provider revokes a token only for the client it was issued to.
 */
export function revocationEndpoint(options: Pick<TokenEndpointOptions, 'provider' | 'bodyLimit' | 'authenticateClient'>) {
  const runProvider = providerRunner(options.provider);
  return async function revoke(ctx: Context, _next: Next) {
    const body = await readTokenBody(ctx, options.bodyLimit);
    refuseNulCharacters(body);
    const { values, errors } = pickStrings(body, ['client_id', 'token', 'token_type_hint']);
    if (Object.keys(errors).length) throw validationFailed(errors);
    let clientId = values.client_id;
    if (isConfidentialClient(ctx, body)) clientId = (await authenticateConfidentialClient(ctx, body, options.authenticateClient)).clientId;
    const params: TokenParams = Object.fromEntries(
      Object.entries({ client_id: clientId, token: values.token, token_type_hint: values.token_type_hint }).filter(([, value]) => value !== undefined),
    ) as TokenParams;
    const restore = replayAsForm(ctx, params);
    try {
      await runProvider(ctx, '/token/revocation');
    } finally {
      restore();
    }
  };
}
