/**
 * Errors of the OAuth endpoints (`/api/token`, `/api/token/revocation`, and the provider's authorize, userinfo and
 * end session routes) carry both shapes: the API's error body
 * (`message`, `code`, with the spec's messages) and OAuth's (RFC 6749 section 5.2: `error`, `error_description`),
 * so a standard client such as openid-client tells an expired session (`invalid_grant`) from a refused client
 * (`invalid_client`), a bad request (`invalid_request`) and an outage (`server_error`, or no answer). The status
 * codes stay the spec's (a wrong password is 401, a form error 422 with per-field messages).
 *
 * It runs outside the error middleware (app.ts), so it sees every final answer of these paths, thrown or not.
 */
import type { Context, Next } from 'koa';
import type { ErrorBody } from '../http/errors.js';

/** The OAuth 2.0 error codes these endpoints answer (RFC 6749 5.2, RFC 6750 3.1, RFC 7009 2.2.1). */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_token_type'
  | 'invalid_scope'
  | 'invalid_token'
  | 'insufficient_scope'
  | 'temporarily_unavailable'
  | 'server_error';

/** The API's code to OAuth's; any other client error is `invalid_request`. */
const OAUTH_ERROR_OF: Record<string, OAuthErrorCode> = {
  // A wrong password, a suspended account, a spent or expired refresh token: the grant is what failed.
  invalid_credentials: 'invalid_grant',
  account_suspended: 'invalid_grant',
  invalid_grant: 'invalid_grant',
  invalid_client: 'invalid_client',
  unauthorized_client: 'unauthorized_client',
  unsupported_grant_type: 'unsupported_grant_type',
  unsupported_token_type: 'unsupported_token_type',
  invalid_scope: 'invalid_scope',
  // A logout (no grant, a bearer token) with a token that is no longer valid.
  unauthenticated: 'invalid_token',
  // Nothing is wrong with the request: try again later (Retry-After says when).
  rate_limited: 'temporarily_unavailable',
  server_error: 'server_error',
};

/** The message of a 422 on `grant_type` for a grant this server does not offer (token-endpoint.ts). */
export const UNSUPPORTED_GRANT_MESSAGE = 'The selected grant type is invalid.';

type OAuthBody = { error: string; error_description?: string };

function isObject(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Buffer.isBuffer(body);
}

/** An error body of the API (http/errors.ts writes only contract codes into `code`). */
function isApiErrorBody(body: Record<string, unknown>): body is Record<string, unknown> & ErrorBody {
  return typeof body.code === 'string' && typeof body.message === 'string';
}

function isOAuthBody(body: Record<string, unknown>): body is Record<string, unknown> & OAuthBody {
  return typeof body.error === 'string' && (body.error_description === undefined || typeof body.error_description === 'string');
}

function oauthErrorOf(body: ErrorBody): OAuthErrorCode {
  if (body.code === 'validation_failed' && body.errors?.grant_type?.includes(UNSUPPORTED_GRANT_MESSAGE)) return 'unsupported_grant_type';
  return OAUTH_ERROR_OF[body.code] ?? 'invalid_request';
}

/** The API's code for an OAuth error the provider answered itself (userinfo's 401 and 403 included, RFC 6750 3.1). */
function apiCodeOf(status: number, error: string): ErrorBody['code'] {
  if (error === 'invalid_client') return 'invalid_client';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  return 'bad_request';
}

/** Adds OAuth's fields to the API's error bodies, and the API's fields to the provider's own OAuth errors. */
export function oauthErrorShape() {
  return async function shapeOAuthErrors(ctx: Context, next: Next) {
    await next();
    if (ctx.status < 400 || !isObject(ctx.body)) return;
    const body = ctx.body;
    if (isApiErrorBody(body)) {
      ctx.body = { ...body, error: oauthErrorOf(body), error_description: body.message };
    } else if (isOAuthBody(body)) {
      const message = body.error_description ?? 'The request could not be read.';
      const code = apiCodeOf(ctx.status, body.error);
      ctx.body = { message, code, error: body.error, error_description: message };
    }
  };
}
