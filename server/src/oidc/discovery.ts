/**
 * OpenID Connect discovery (and OAuth 2.0 authorization server metadata, RFC 8414) for the endpoints this server
 * has: the provider's own document, kept to what is mounted. The issuer is `PUBLIC_URL/api`, so the document is
 * at `/api/.well-known/openid-configuration` (what `discovery(new URL('https://host/api'))` of openid-client
 * fetches); `/.well-known/oauth-authorization-server/api` (RFC 8414's form for an issuer with a path) and
 * `/.well-known/openid-configuration` at the root answer the same document, for clients that look there.
 *
 * No authorization endpoint, userinfo or ID tokens: the grants are `password`, `refresh_token` and
 * `client_credentials`, at the token endpoint; tokens are opaque (no JWKS to publish).
 */
import type { Context, Next } from 'koa';

const DISCOVERY_PATHS: ReadonlySet<string> = new Set([
  '/api/.well-known/openid-configuration',
  '/.well-known/openid-configuration',
  '/.well-known/oauth-authorization-server/api',
]);

/** Fields of the provider's document that describe what is served here (the others name unmounted endpoints). */
const SERVED_FIELDS = ['issuer', 'scopes_supported', 'subject_types_supported'] as const;

/** The grants token-endpoint.ts lets through to the provider (it knows more it never gets to run). */
const GRANTS = ['password', 'refresh_token', 'client_credentials'];

/**
 * The web client sends only its id (`none`); an integration client its secret, in HTTP Basic or in the form,
 * checked by token-endpoint.ts. Revocation goes to the provider, which knows every client as `none`.
 */
const TOKEN_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];

export function discoveryEndpoint(runProvider: (ctx: Context, providerPath: string) => Promise<void>) {
  return async function discovery(ctx: Context, next: Next) {
    if (!DISCOVERY_PATHS.has(ctx.path) || !['GET', 'HEAD'].includes(ctx.method)) return next();
    await runProvider(ctx, '/.well-known/openid-configuration');
    const document = ctx.body as Record<string, unknown>;
    const issuer = String(document.issuer);
    ctx.body = {
      ...Object.fromEntries(SERVED_FIELDS.map((field) => [field, document[field]])),
      // From the issuer (PUBLIC_URL), not from the address this request came in on.
      grant_types_supported: GRANTS.filter((grant) => (document.grant_types_supported as string[]).includes(grant)),
      token_endpoint: `${issuer}/token`,
      token_endpoint_auth_methods_supported: TOKEN_AUTH_METHODS,
      revocation_endpoint: `${issuer}/token/revocation`,
      revocation_endpoint_auth_methods_supported: ['none'],
      // Nothing is issued at an authorization endpoint.
      response_types_supported: [],
    };
  };
}
