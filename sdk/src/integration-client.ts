/**
 * The SDK for a partner's Node backend: an integration client (service account) of one organization, signed in with
 * OAuth's `client_credentials`, and the calls only such a backend makes (embed sessions). It lives apart from
 * `createTesseraClient`, so the browser bundles (the widgets) never carry it.
 */
import type { Client } from 'openapi-fetch';
import { createTesseraClient, type AnswerMedia, type Renewal, type TesseraClient, type TesseraClientOptions } from './client.js';
import { clientCredentialsAuthorization, type ClientCredentials } from './client-credentials.js';
import type { EmbedSession, EmbedSessionInput, paths } from './generated/schema.js';

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

export interface TesseraIntegrationClientOptions extends ClientCredentials, Pick<TesseraClientOptions, 'baseUrl' | 'fetch' | 'tokenStore'> {}

/** A client acting as an integration client: every call of `TesseraClient`, plus `embedSessions`. */
export interface TesseraIntegrationClient extends TesseraClient {
  /** Embed sessions, for the partner's backend to hand its signed-in people to the widgets. */
  embedSessions: EmbedSessions;
}

/** The calls of `client.embedSessions`, over the client's openapi-fetch client (it answers JSON). */
function embedSessions(client: Client<paths, AnswerMedia>): EmbedSessions {
  return { create: (tenantId, body, options) => client.POST('/tenants/{tenantId}/embed-sessions', { ...options, params: { path: { tenantId } }, body }) };
}

/**
 * An integration client's access token (client_credentials, HTTP Basic), asked for before the first call and
 * again whenever the token is refused; it has no refresh token.
 */
function clientCredentialsRenewal(credentials: ClientCredentials): Renewal {
  return async ({ postToken, tokenStore, refused }) => {
    const response = await postToken({ grant_type: 'client_credentials' }, { Authorization: clientCredentialsAuthorization(credentials) }).catch(() => null);
    if (!response?.ok) {
      // No answer keeps the state as it is; a refusal (revoked client) is reported.
      if (response) refused();
      return false;
    }
    tokenStore.set({ accessToken: ((await response.json()) as { access_token: string }).access_token, refreshToken: '' });
    return true;
  };
}

/**
 * An integration client (a service account of one organization, made by a master or the owner; the secret is shown
 * once): `createIntegrationClient({ baseUrl, clientId, clientSecret })`. `login()` is not used with it.
 */
export function createIntegrationClient({ clientId, clientSecret, ...options }: TesseraIntegrationClientOptions): TesseraIntegrationClient {
  const client = createTesseraClient({ ...options, renewal: clientCredentialsRenewal({ clientId, clientSecret }) });
  return Object.assign(client, { embedSessions: embedSessions(client as unknown as Client<paths, AnswerMedia>) });
}
