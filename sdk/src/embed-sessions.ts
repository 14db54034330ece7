/**
 * Embed sessions (issue 32): a partner's backend, signed in as an integration client of its organization
 * (`clientCredentials`), creates a short-lived, single-use session for a person already signed in to its intranet;
 * the host page hands the token to the widgets, which exchange it at `/token` (RFC 8693 token exchange) for the
 * person's tokens. The login acts in that organization only.
 */
import type { Client } from 'openapi-fetch';
import type { EmbedSession, EmbedSessionInput, paths } from './generated/schema.js';

/** RFC 8693's grant type, sent to `/token` with the session token. */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** The `subject_token_type` of an embed session's token. */
export const EMBED_SESSION_TOKEN_TYPE = 'urn:tessera:params:oauth:token-type:embed-session';
/**
 * The `subject_token_type` of a single sign-on login code: the portal's `/sso/complete` exchanges the code from its
 * URL fragment for an ordinary login (the same tokens as a password login).
 */
export const SSO_LOGIN_TOKEN_TYPE = 'urn:tessera:params:oauth:token-type:sso-login';

export interface EmbedSessions {
  /**
   * Creates an embed session for the person (`email`; `name` when they are not a member yet; optionally the
   * partner's `external_id`) in the organization (id or slug). Answers openapi-fetch's result: `data.data` holds
   * `session_token` and `expires_at`, `error` the API's error body. Pass it to `unwrap` to get the session or throw.
   */
  create(
    tenantId: string,
    input: EmbedSessionInput,
    options?: { signal?: AbortSignal },
  ): Promise<{ data?: { data: EmbedSession }; error?: unknown; response: Response }>;
}

/** The calls of `client.embedSessions`, over the client's openapi-fetch client (it answers JSON). */
export function embedSessions(client: Client<paths, `${string}/json`>): EmbedSessions {
  return { create: (tenantId, body, options) => client.POST('/tenants/{tenantId}/embed-sessions', { ...options, params: { path: { tenantId } }, body }) };
}
