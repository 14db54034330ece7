/**
 * The OAuth/OIDC provider (oidc-provider 9), issuer `PUBLIC_URL/api` (ARCHITECTURE.md#tessera-as-an-openid-provider).
 * Mounted (app.ts): authorization `/api/authorize` (code + PKCE S256 only), token `/api/token` (token-endpoint.ts),
 * userinfo `/api/userinfo`, JWKS `/api/jwks`, end session `/api/session/end`, revocation `/api/token/revocation`,
 * discovery (discovery.ts). Interactions (login, consent) are the portal's page `/authorize/:uid` on the JSON calls
 * of interactions.ts.
 * - One public client, `tessera-web` (no secret: browsers cannot keep one): password, refresh, token exchange, and
 *   the authorization code (the login widget's popup, its one redirect URI `PUBLIC_URL/oauth/popup-callback`).
 * - Integration clients (features/integration-clients): client_credentials, and with redirect URIs the
 *   authorization code and refresh token grants ("Log in with Tessera" for a partner's app).
 * - Opaque access tokens; refresh tokens rotate on every use, exactly once (rotation-grace.ts), and presenting
 *   a spent one revokes the whole grant (the library does this in its refresh_token grant when
 *   `rotateRefreshToken` is on) — except within a few seconds of its rotation, when it answers the same pair.
 * - ID tokens signed with `secrets.jwks` (RS256 keys generated into DATA_DIR, or OIDC_JWKS; the first key signs).
 * - A login lives at most `refreshTokenTtl`: rotated refresh tokens inherit the remaining lifetime.
 * - A refresh token issued to a page on another origin (a partner page embedding the widgets: any script of that
 *   page can read it) lives only `pageRefreshTokenTtl`, renewed by each refresh (sliding), still never past the
 *   login's `refreshTokenTtl`: a stolen one is worthless after that idle time. The portal (PUBLIC_URL) and scripts
 *   (no Origin) keep the full lifetime. A login made from an embed session (token-exchange-grant.ts) always has the
 *   page lifetime.
 */
import Provider, { type AdapterPayload, type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { TOKEN_EXCHANGE_GRANT, WEB_CLIENT_ID } from '@tessera/sdk';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { Secrets } from '../secrets.js';
import { OIDC_PAYLOADS } from '../db/oidc-payloads.js';
import { createAdapterFactory } from './adapter.js';
import { endSessionPage, loggedOutPage } from './end-session-pages.js';

/** What the provider needs of an account: the claims of the `profile` and `email` scopes. */
interface ProviderAccount {
  id: string;
  name: string;
  email: string;
  confirmed_at: string | null;
  updated_at: string;
}

/** An integration client as registered (features/integration-clients), for the provider's client metadata. */
interface RegisteredClient {
  name: string;
  redirect_uris: string[];
  grant_types: string[];
}

export interface ProviderOptions {
  config: ServerConfig;
  db: Database;
  secrets: Secrets;
  /** The account for a token's subject, or undefined when it may no longer use the API. */
  findAccount(accountId: string): Promise<ProviderAccount | undefined>;
  isAllowedOrigin(ctx: KoaContextWithOIDC, origin: string): boolean;
  /** A live integration client's registration, or undefined (unknown or revoked). */
  integrationClient(clientId: string): Promise<RegisteredClient | undefined>;
}

type SigningAlgorithm = NonNullable<ClientMetadata['id_token_signed_response_alg']>;

export const PASSWORD_GRANT = 'password';
export const CLIENT_CREDENTIALS_GRANT = 'client_credentials';
export const AUTHORIZATION_CODE_GRANT = 'authorization_code';
export const REFRESH_TOKEN_GRANT = 'refresh_token';

/** The provider's routes, relative to the issuer `PUBLIC_URL/api` (app.ts mounts exactly these). */
export const PROVIDER_ROUTES = {
  authorization: '/authorize',
  token: '/token',
  userinfo: '/userinfo',
  jwks: '/jwks',
  end_session: '/session/end',
  revocation: '/token/revocation',
} as const;

/** The scopes a client may ask for, and the claims each one releases (userinfo and the id token). */
const SCOPES = ['openid', 'profile', 'email'] as const;
const CLAIMS = { openid: ['sub'], profile: ['name', 'updated_at'], email: ['email', 'email_verified'] };

/** The login widget's popup lands here (oidc/popup-callback.ts). */
function popupCallbackUrl(publicUrl: string): string {
  return `${publicUrl}/oauth/popup-callback`;
}

/** The portal's page for an interaction (login or consent), which calls interactions.ts. */
function interactionPageUrl(publicUrl: string, uid: string): string {
  return `${publicUrl}/authorize/${encodeURIComponent(uid)}`;
}

/** First-party clients are Tessera's own: their person is never asked to consent. */
export function isFirstParty(clientId: string): boolean {
  return clientId === WEB_CLIENT_ID;
}

/**
 * The OpenID scopes an account allowed a client in its live grants (oidc_payloads, oidc/adapter.ts). A person's
 * grants are one a login, so the rows read are few; the client is in the payload only.
 */
async function consentedScopes(db: Database, accountId: string, clientId: string): Promise<Set<string>> {
  const rows = await db.rows<{ payload: string }>(
    db.from(OIDC_PAYLOADS).where({ kind: 'Grant', account_id: accountId }).andWhere('expires_at', '>', new Date()).select('payload'),
  );
  const scopes = new Set<string>();
  for (const row of rows) {
    const grant = JSON.parse(row.payload) as { clientId?: string; openid?: { scope?: string } };
    if (grant.clientId !== clientId) continue;
    for (const scope of grant.openid?.scope?.split(' ') ?? []) if (scope) scopes.add(scope);
  }
  return scopes;
}

/** The algorithm of the key that signs id tokens (the first of the set): clients must expect it. */
function signingAlgorithm(secrets: Secrets): SigningAlgorithm {
  const key = secrets.jwks.keys[0];
  if (key?.alg) return key.alg as SigningAlgorithm;
  return key?.kty === 'EC' ? 'ES256' : 'RS256';
}

/**
 * An integration client as the provider sees it. Its secret is checked by token-endpoint.ts against the stored
 * hash before the provider runs (the provider compares plain secrets), so here it authenticates as `none`; the
 * provider's token and revocation endpoints are reached only through that check. With the authorization code
 * grant its redirect URIs (exact matching) also serve as post-logout redirect URIs.
 */
function integrationClientMetadata(clientId: string, client: RegisteredClient, idTokenAlg: SigningAlgorithm): AdapterPayload {
  const usesCode = client.grant_types.includes(AUTHORIZATION_CODE_GRANT);
  return {
    client_id: clientId,
    client_name: client.name,
    token_endpoint_auth_method: 'none',
    grant_types: client.grant_types,
    response_types: usesCode ? ['code'] : [],
    redirect_uris: usesCode ? client.redirect_uris : [],
    post_logout_redirect_uris: usesCode ? client.redirect_uris : [],
    id_token_signed_response_alg: idTokenAlg,
  };
}

export function createProvider(options: ProviderOptions): Provider {
  const { config, db, secrets } = options;
  const { accessTokenTtl, refreshTokenTtl, pageRefreshTokenTtl } = config.tokens;
  const ownOrigin = new URL(config.publicUrl).origin;
  const idTokenAlg = signingAlgorithm(secrets);
  /** The request comes from a page on another origin than the portal's (the browser's Origin header says so). */
  const fromAnotherPage = (ctx: KoaContextWithOIDC | undefined) => {
    const origin = ctx?.get('origin');
    return Boolean(origin) && origin !== ownOrigin;
  };
  // The provider's session and interaction cookies: never readable by scripts, sent on top-level navigations only,
  // signed; `Secure` whenever the request came over https (the cookies library's default, behind a trusted proxy too).
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, signed: true };

  const webClient: ClientMetadata = {
    client_id: WEB_CLIENT_ID,
    client_name: 'Tessera',
    token_endpoint_auth_method: 'none',
    grant_types: [PASSWORD_GRANT, REFRESH_TOKEN_GRANT, TOKEN_EXCHANGE_GRANT, AUTHORIZATION_CODE_GRANT],
    response_types: ['code'],
    redirect_uris: [popupCallbackUrl(config.publicUrl)],
    post_logout_redirect_uris: [`${config.publicUrl}/login`],
    id_token_signed_response_alg: idTokenAlg,
  };

  const configuration: Configuration = {
    adapter: createAdapterFactory(db, {
      refreshGraceSeconds: config.tokens.refreshGraceSeconds,
      findClient: async (clientId) => {
        const client = await options.integrationClient(clientId);
        return client ? integrationClientMetadata(clientId, client, idTokenAlg) : undefined;
      },
    }),
    clients: [webClient],
    jwks: secrets.jwks,
    routes: PROVIDER_ROUTES,
    scopes: [...SCOPES],
    claims: CLAIMS,
    // Only what a client can be given; a request for other claims is ignored, not refused.
    acrValues: [],
    cookies: { keys: [secrets.secret], long: cookieOptions, short: cookieOptions },
    // Public clients (tessera-web) and confidential ones alike: S256 is the only method the library offers.
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => interactionPageUrl(config.publicUrl, interaction.uid) },
    // Consent is the person's, once per client and scopes (interactions.ts); Tessera's own client never asks.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      const clientId = client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session?.grantIdFor(clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const accountId = session?.accountId;
      if (!accountId || (existing && !isFirstParty(clientId))) return existing;
      const requested = [...ctx.oidc.requestParamOIDCScopes];
      // Another login of this browser or another one: scopes the person allowed this client before, while one of
      // that login's grants lives, are not asked again.
      if (!existing && !isFirstParty(clientId)) {
        const allowed = await consentedScopes(db, accountId, clientId);
        if (!requested.every((scope) => allowed.has(scope))) return undefined;
      }
      const grant = existing ?? new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope(requested.join(' '));
      await grant.save();
      return grant;
    },
    // A client with the refresh_token grant gets a refresh token with its code (tessera-web has it).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed(REFRESH_TOKEN_GRANT),
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: { enabled: false },
      userinfo: { enabled: true },
      // RFC 7009: a client ends a token it holds (a refresh or access token ends its whole login).
      // A client revokes only its own tokens (a token of another client answers 200 and stays valid).
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      introspection: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource: endSessionPage, postLogoutSuccessSource: loggedOutPage },
    },
    rotateRefreshToken: true,
    ttl: {
      AccessToken: accessTokenTtl,
      // Single use (the library spends it) and short lived: the client redeems it at once.
      AuthorizationCode: 60,
      IdToken: accessTokenTtl,
      Interaction: 10 * 60,
      Session: refreshTokenTtl,
      // A person's login lasts as long as its refresh token; an integration client's own grant as long as its access token.
      Grant: (ctx, grant) =>
        ctx?.oidc?.params?.grant_type === CLIENT_CREDENTIALS_GRANT && !isFirstParty(grant.clientId ?? '') ? accessTokenTtl : refreshTokenTtl,
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
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          name: account.name,
          email: account.email,
          email_verified: account.confirmed_at !== null,
          updated_at: Math.floor(new Date(account.updated_at).getTime() / 1000),
        }),
      };
    },
    clientBasedCORS: (ctx, origin) => options.isAllowedOrigin(ctx, origin),
    // JSON errors for the API's callers; the authorization endpoint redirects its errors to the client instead.
    async renderError(ctx, out) {
      ctx.type = 'json';
      ctx.body = out;
    },
  };

  const provider = new Provider(`${config.publicUrl}/api`, configuration);
  provider.proxy = config.trustProxy;
  return provider;
}
