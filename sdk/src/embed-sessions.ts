/**
 * Embed sessions (issue 32): a partner's backend, signed in as an integration client of its organization
 * (`createIntegrationClient`, integration-client.ts), creates a short-lived, single-use session for a person already
 * signed in to its intranet; the host page hands the token to the widgets, which exchange it at `/token` (RFC 8693
 * token exchange, `client.exchangeEmbedSession`) for the person's tokens. The login acts in that organization only.
 */

/** RFC 8693's grant type, sent to `/token` with the session token. */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** The `subject_token_type` of an embed session's token. */
export const EMBED_SESSION_TOKEN_TYPE = 'urn:tessera:params:oauth:token-type:embed-session';
/**
 * The `subject_token_type` of a single sign-on login code: the portal's `/sso/complete` exchanges the code from its
 * URL fragment for an ordinary login (the same tokens as a password login).
 */
export const SSO_LOGIN_TOKEN_TYPE = 'urn:tessera:params:oauth:token-type:sso-login';
