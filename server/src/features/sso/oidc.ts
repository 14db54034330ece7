/**
 * The OpenID Connect side of single sign-on, through openid-client: a connection's discovered configuration (kept in
 * memory per connection version for DISCOVERY_TTL_MS: discovery and the provider's JWKS are network calls a sign-in
 * should not repeat), the authorization URL (code flow, PKCE S256, state, nonce), and the callback's validation (state,
 * PKCE, nonce, and the id token's issuer, audience, signature, expiry, all checked by openid-client).
 *
 * Providers must be https and on a public address, unless `SSO_ALLOW_INSECURE_PROVIDERS` (on in development and
 * tests) allows http and loopback or private addresses: a provider on the same machine.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import * as client from 'openid-client';
import { ssoMessages } from '@tessera/sdk/rules';
import { isRefusedAddress } from '../../security/addresses.js';

/** How long a discovered configuration (and its JWKS cache) is reused. */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
/** A provider that does not answer discovery within this is reported as unreachable. */
const DISCOVERY_TIMEOUT_SECONDS = 10;

export interface OidcSettings {
  /** The connection's id and `updated_at`: a changed connection is discovered again. */
  connectionId: string;
  version: string;
  issuer: string;
  clientId: string;
  /** Opened only when the connection is discovered (decrypting it costs a key derivation). */
  clientSecret: () => string;
}

interface Cached {
  version: string;
  expiresAt: number;
  configuration: Promise<client.Configuration>;
}

/** Why an issuer or endpoint URL may not be used in this environment; undefined when it may. */
export async function providerUrlProblem(field: string, url: URL, allowInsecure: boolean): Promise<string | undefined> {
  if (allowInsecure) return undefined;
  if (url.protocol !== 'https:') return ssoMessages.https(field);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses =
    isIP(host) !== 0
      ? [host]
      : await lookup(host, { all: true, verbatim: true })
          .then((all) => all.map((entry) => entry.address))
          .catch(() => []);
  return addresses.some((address) => isRefusedAddress(address)) ? ssoMessages.privateAddress(field) : undefined;
}

/** What a provider said when a call to it failed, in a sentence (never a stack). */
export function providerWords(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError) return [error.error, error.error_description].filter(Boolean).join(': ');
  if (error instanceof client.ResponseBodyError) return [error.error, error.error_description].filter(Boolean).join(': ');
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

export class OidcClients {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly allowInsecure: boolean) {}

  /** Reads the issuer's discovery document now, without keeping it (a connection being saved). */
  async discover(issuer: string, clientId: string, clientSecret: string): Promise<client.Configuration> {
    const options: client.DiscoveryRequestOptions = { timeout: DISCOVERY_TIMEOUT_SECONDS };
    if (this.allowInsecure) options.execute = [client.allowInsecureRequests];
    return client.discovery(new URL(issuer), clientId, undefined, client.ClientSecretPost(clientSecret), options);
  }

  /** The connection's configuration, discovered once per version and TTL. */
  configuration(settings: OidcSettings): Promise<client.Configuration> {
    const cached = this.cache.get(settings.connectionId);
    if (cached && cached.version === settings.version && cached.expiresAt > Date.now()) return cached.configuration;
    const configuration = this.discover(settings.issuer, settings.clientId, settings.clientSecret());
    const entry = { version: settings.version, expiresAt: Date.now() + DISCOVERY_TTL_MS, configuration };
    this.cache.set(settings.connectionId, entry);
    // A failed discovery is not kept: the next sign-in tries again.
    configuration.catch(() => {
      if (this.cache.get(settings.connectionId) === entry) this.cache.delete(settings.connectionId);
    });
    return configuration;
  }

  forget(connectionId: string): void {
    this.cache.delete(connectionId);
  }
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
  url: string;
}

/** A new authorization request: fresh state, nonce and PKCE verifier, and the URL the browser goes to. */
export async function authorizationRequest(
  configuration: client.Configuration,
  redirectUri: string,
  scopes: readonly string[],
  loginHint?: string,
): Promise<AuthorizationRequest> {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: scopes.join(' '),
    response_type: 'code',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
  return { state, nonce, codeVerifier, url: url.href };
}

export interface ProviderIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  groups: string[];
}

/**
 * Redeems the code and validates the answer (openid-client checks state, PKCE, nonce and the id token's issuer,
 * audience, signature and expiry); the identity the id token (or, for a missing email, the userinfo) names.
 */
export async function redeemCode(
  configuration: client.Configuration,
  currentUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
  groupsClaim: string | null,
): Promise<ProviderIdentity> {
  const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims()!;
  let source: Record<string, unknown> = claims;
  if (typeof claims.email !== 'string' && configuration.serverMetadata().userinfo_endpoint) {
    source = { ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
  }
  const groups = groupsClaim ? source[groupsClaim] : undefined;
  return {
    subject: claims.sub,
    email: typeof source.email === 'string' ? source.email.trim().toLowerCase() : undefined,
    emailVerified: source.email_verified === true || source.email_verified === 'true',
    name: typeof source.name === 'string' ? source.name : undefined,
    groups: Array.isArray(groups)
      ? groups.filter((group): group is string => typeof group === 'string' && group.trim() !== '')
      : typeof groups === 'string'
        ? [groups]
        : [],
  };
}
