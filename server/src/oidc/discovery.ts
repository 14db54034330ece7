/**
 * OpenID Connect discovery (and OAuth 2.0 authorization server metadata, RFC 8414) for the endpoints this server
 * has: the provider's own document, kept to what is mounted. The issuer is `PUBLIC_URL/api`, so the document is
 * at `/api/.well-known/openid-configuration` (what `discovery(new URL('https://host/api'))` of openid-client
 * fetches); `/.well-known/oauth-authorization-server/api` (RFC 8414's form for an issuer with a path) and
 * `/.well-known/openid-configuration` at the root answer the same document, for clients that look there.
 *
 * Lists exactly what is mounted (app.ts, provider-pages.ts): authorization (code, PKCE S256), token, userinfo,
 * JWKS, end session, revocation. Other endpoints the library knows (introspection, registration, device flow) are
 * off, and what it would advertise of them is left out.
 */
import type { Context, Next } from 'koa';
import { TOKEN_EXCHANGE_GRANT } from '@tessera/sdk';
import { PROVIDER_ROUTES } from './provider.js';

const DISCOVERY_PATHS: ReadonlySet<string> = new Set([
  '/api/.well-known/openid-configuration',
  '/.well-known/openid-configuration',
  '/.well-known/oauth-authorization-server/api',
]);

/** Fields of the provider's document that describe what is served here (the others name unmounted endpoints). */
const SERVED_FIELDS = [
  'issuer',
  'scopes_supported',
  'subject_types_supported',
  'claims_supported',
  'response_modes_supported',
  'id_token_signing_alg_values_supported',
  'claims_parameter_supported',
  'request_parameter_supported',
] as const;

/** The grants token-endpoint.ts lets through to the provider (it knows more it never gets to run). */
const GRANTS = ['authorization_code', 'password', 'refresh_token', 'client_credentials', TOKEN_EXCHANGE_GRANT];

/**
 * The web client sends only its id (`none`); an integration client its secret, in HTTP Basic or in the form,
 * checked by token-endpoint.ts, at the token endpoint and at revocation (RFC 7009) alike.
 */
const TOKEN_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];

export function discoveryEndpoint(runProvider: (ctx: Context, providerPath: string) => Promise<void>) {
  return async function discovery(ctx: Context, next: Next) {
    if (!DISCOVERY_PATHS.has(ctx.path) || !['GET', 'HEAD'].includes(ctx.method)) return next();
    await runProvider(ctx, '/.well-known/openid-configuration');
    const document = ctx.body as Record<string, unknown>;
    const issuer = String(document.issuer);
    ctx.body = {
      ...Object.fromEntries(SERVED_FIELDS.filter((field) => document[field] !== undefined).map((field) => [field, document[field]])),
      // From the issuer (PUBLIC_URL), not from the address this request came in on.
      authorization_endpoint: `${issuer}${PROVIDER_ROUTES.authorization}`,
      token_endpoint: `${issuer}${PROVIDER_ROUTES.token}`,
      userinfo_endpoint: `${issuer}${PROVIDER_ROUTES.userinfo}`,
      jwks_uri: `${issuer}${PROVIDER_ROUTES.jwks}`,
      end_session_endpoint: `${issuer}${PROVIDER_ROUTES.end_session}`,
      revocation_endpoint: `${issuer}${PROVIDER_ROUTES.revocation}`,
      grant_types_supported: GRANTS.filter((grant) => (document.grant_types_supported as string[]).includes(grant)),
      token_endpoint_auth_methods_supported: TOKEN_AUTH_METHODS,
      revocation_endpoint_auth_methods_supported: TOKEN_AUTH_METHODS,
      // Only the code flow, and only with PKCE S256 (provider.ts).
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    };
  };
}
