/**
 * The OAuth/OIDC provider (oidc-provider 9) behind POST /api/token. Only the token endpoint (token-endpoint.ts),
 * revocation (POST /api/token/revocation) and discovery (discovery.ts) are mounted; no authorization or userinfo.
 * - One public client, `tessera-web` (no secret: browsers cannot keep one).
 * - Grants: `password` (registered in password-grant.ts) and the built-in `refresh_token`.
 * - Opaque access tokens; refresh tokens rotate on every use, exactly once (rotation-grace.ts), and presenting
 *   a spent one revokes the whole grant (the library does this in its refresh_token grant when
 *   `rotateRefreshToken` is on) — except within a few seconds of its rotation, when it answers the same pair.
 * - A login lives at most `refreshTokenTtl`: rotated refresh tokens inherit the remaining lifetime.
 * - A refresh token issued to a page on another origin (a partner page embedding the widgets: any script of that
 *   page can read it) lives only `pageRefreshTokenTtl`, renewed by each refresh (sliding), still never past the
 *   login's `refreshTokenTtl`: a stolen one is worthless after that idle time. The portal (PUBLIC_URL) and scripts
 *   (no Origin) keep the full lifetime. A login made from an embed session (token-exchange-grant.ts) always has the
 *   page lifetime.
 */
import Provider, { type AdapterPayload, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { TOKEN_EXCHANGE_GRANT, WEB_CLIENT_ID } from '@tessera/sdk';
import type { ServerConfig } from '../config.js';
import type { Knex } from '../db/knex.js';
import type { Secrets } from '../secrets.js';
import { createAdapterFactory } from './adapter.js';

export interface ProviderOptions {
  config: ServerConfig;
  knex: Knex;
  secrets: Secrets;
  /** The account for a token's subject, or undefined when it may no longer use the API. */
  findAccount(accountId: string): Promise<{ id: string } | undefined>;
  isAllowedOrigin(ctx: KoaContextWithOIDC, origin: string): boolean;
  /** The account a live integration client acts as (client-credentials-grant.ts), or undefined. */
  integrationClientAccount(clientId: string): Promise<string | undefined>;
}

export const PASSWORD_GRANT = 'password';
export const CLIENT_CREDENTIALS_GRANT = 'client_credentials';

/**
 * An integration client as the provider sees it. Its secret is checked by token-endpoint.ts against the stored
 * hash before the provider runs (the provider compares plain secrets), so here it authenticates as `none`; the
 * provider is reached only through that check.
 */
function integrationClientMetadata(clientId: string): AdapterPayload {
  return {
    client_id: clientId,
    token_endpoint_auth_method: 'none',
    grant_types: [CLIENT_CREDENTIALS_GRANT],
    response_types: [],
    redirect_uris: [],
  };
}

export function createProvider(options: ProviderOptions): Provider {
  const { config, knex, secrets } = options;
  const { accessTokenTtl, refreshTokenTtl, pageRefreshTokenTtl } = config.tokens;
  const ownOrigin = new URL(config.publicUrl).origin;
  /** The request comes from a page on another origin than the portal's (the browser's Origin header says so). */
  const fromAnotherPage = (ctx: KoaContextWithOIDC | undefined) => {
    const origin = ctx?.get('origin');
    return Boolean(origin) && origin !== ownOrigin;
  };

  const configuration: Configuration = {
    adapter: createAdapterFactory(knex, {
      refreshGraceSeconds: config.tokens.refreshGraceSeconds,
      findClient: async (clientId) => ((await options.integrationClientAccount(clientId)) ? integrationClientMetadata(clientId) : undefined),
    }),
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        grant_types: [PASSWORD_GRANT, 'refresh_token', TOKEN_EXCHANGE_GRANT],
        response_types: [],
        redirect_uris: [],
      },
    ],
    jwks: secrets.jwks,
    cookies: { keys: [secrets.secret] },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: { enabled: false },
      userinfo: { enabled: false },
      // RFC 7009: a client ends a token it holds (a refresh or access token ends its whole login).
      // A client revokes only its own tokens (a token of another client answers 200 and stays valid).
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      introspection: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    rotateRefreshToken: true,
    ttl: {
      AccessToken: accessTokenTtl,
      // A person's login lasts as long as its refresh token; an integration client's grant as long as its access token.
      Grant: (_ctx, grant) => (grant.clientId && grant.clientId !== WEB_CLIENT_ID ? accessTokenTtl : refreshTokenTtl),
      RefreshToken(ctx, token) {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        // A login made from an embed session (token-exchange-grant.ts) is a partner page's, whatever the Origin says.
        const embedded = token.gty?.split(' ').includes(TOKEN_EXCHANGE_GRANT) ?? false;
        if (!embedded && !fromAnotherPage(ctx)) return rotated ? Math.max(1, rotated.remainingTTL) : refreshTokenTtl;
        const now = Math.floor(Date.now() / 1000);
        const loginLeft = Math.max(1, (token.iiat ?? now) + refreshTokenTtl - now);
        return Math.min(pageRefreshTokenTtl, loginLeft);
      },
    },
    async findAccount(_ctx, sub) {
      const account = await options.findAccount(sub);
      return account ? { accountId: account.id, claims: () => ({ sub: account.id }) } : undefined;
    },
    clientBasedCORS: (ctx, origin) => options.isAllowedOrigin(ctx, origin),
    // The token endpoint only ever answers JSON; token-endpoint.ts rewrites errors into the API's shape.
    async renderError(ctx, out) {
      ctx.type = 'json';
      ctx.body = out;
    },
  };

  const provider = new Provider(`${config.publicUrl}/api`, configuration);
  provider.proxy = config.trustProxy;
  return provider;
}
