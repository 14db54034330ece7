import type { TokenPair } from '@tessera/sdk';
import { SSO_LOGIN_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT, WEB_CLIENT_ID } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';

/** What a sign-in starts from: an email (its domain picks the connection) or an organization (id or slug). */
export type SsoStart = { email: string } | { organization: string };

/**
 * The provider's authorization URL, or the failure the page shows: 404 `sso_not_found` ("No single sign-on is set up
 * for this email address."), 422 on the email, 429, and 502 (the provider's
 * discovery document could not be read, in its words).
 */
export async function startSso(start: SsoStart, redirect: string | null): Promise<ApiOutcome<string>> {
  const body = { ...start, ...(redirect ? { redirect } : {}) };
  const outcome = await apiCall(client.POST('/sso/start', { body }), { handles: [404, 422, 429, 502] });
  return outcome.ok ? { ok: true, data: outcome.data.data.url } : outcome;
}

/** The fragment the server's callback leaves on `/sso/complete`: a single-use login code and where to land. */
export interface SsoCompletion {
  code: string;
  organization: string | null;
  redirect: string | null;
}

export function completionFromFragment(hash: string): SsoCompletion | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get('login');
  return code ? { code, organization: params.get('organization') || null, redirect: params.get('redirect') || null } : null;
}

/** What the token endpoint answers: its tokens, or its error body (the API's `message` beside OAuth's `error`). */
interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  message?: string;
  error_description?: string;
}

const EXCHANGE_FAILED = 'The sign-in could not be completed. Please try again.';

/**
 * Exchanges the login code at `POST /token` (RFC 8693, the login code's own subject token type) for the same tokens
 * a password login gets, and stores them as `client.login` does. Answers the tokens, or what went wrong.
 */
export async function exchangeSsoLogin(code: string): Promise<{ tokens: TokenPair } | { error: string }> {
  const form = { grant_type: TOKEN_EXCHANGE_GRANT, subject_token: code, subject_token_type: SSO_LOGIN_TOKEN_TYPE, client_id: WEB_CLIENT_ID };
  let response: Response;
  try {
    response = await fetch(`${client.baseUrl}/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
    });
  } catch {
    return { error: 'No response from server. Please check your connection and try again.' };
  }
  const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (!response.ok || !answer.access_token || !answer.refresh_token) return { error: answer.message ?? answer.error_description ?? EXCHANGE_FAILED };
  const tokens = { accessToken: answer.access_token, refreshToken: answer.refresh_token };
  client.loginWithTokens(tokens);
  return { tokens };
}

/** The browser leaves for the identity provider (its own page, on its own origin). */
export function goToProvider(url: string): void {
  window.location.assign(url);
}
