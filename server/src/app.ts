/**
 * The app factory. `createApp(config)` migrates the database, wires the services and answers the
 * Koa app plus `listen()` and `close()`; tests start one per file on an ephemeral port.
 *
 * Request pipeline: request id -> error bodies -> security headers -> CORS (/api, /widgets) ->
 * POST /api/token, POST /api/token/revocation, discovery, the provider's authorize/userinfo/jwks/session-end routes
 * (the OIDC provider) -> /api routes (JSON bodies) -> /scim/v2 (SCIM 2.0) -> /oauth/popup-callback -> /widgets files
 * -> portal (SPA).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa, { type Context, type Next } from 'koa';
import type Provider from 'oidc-provider';
import { assertUsable, type ServerConfig } from './config.js';
import type { AppServices } from './context.js';
import { jobHandlers, scheduleRecurringWork, tidySqlite } from './background-work.js';
import { Database } from './db/database.js';
import { createJobQueue } from './jobs/create.js';
import { FEATURE_ROUTES } from './routes.generated.js';
import type { Knex } from './db/knex.js';
import { createCaptcha } from './features/accounts/captcha.js';
import { createPasswordHasher } from './features/accounts/passwords.js';
import { findActiveAccount, verifyCredentials } from './features/accounts/service.js';
import { authenticateIntegrationClient, integrationClientAccount, integrationClientRegistration } from './features/integration-clients/service.js';
import compose from 'koa-compose';
import { AnsweringResponse, errorMiddleware, requestContext } from './http/error-middleware.js';
import { notFound } from './http/errors.js';
import { jsonBody } from './http/input.js';
import { refuseNulInRequest } from './http/null-characters.js';
import { apiRouter, type Routes } from './http/router.js';
import { corsMiddleware, originChecker, securityHeaders } from './http/security.js';
import { servePortal, serveWidgets } from './http/static.js';
import { limitConcurrency } from './limit-concurrency.js';
import { createMetrics, listenForMetrics, metricsEndpoint, noMetrics, type MetricsServer } from './http/metrics.js';
import { probeAliases } from './features/health/routes.js';
import { createLogger, type Logger } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { registerClientCredentialsGrant } from './oidc/client-credentials-grant.js';
import { registerPasswordGrant } from './oidc/password-grant.js';
import { registerTokenExchangeGrant } from './oidc/token-exchange-grant.js';
import { redeemEmbedSession } from './features/embed-sessions/service.js';
import { redeemLoginCode } from './features/sso/sign-in.js';
import { SAML_ACS_PATH } from './features/sso/routes.js';
import { isScimPath, scimEndpoint } from './features/scim/mount.js';
import { createProvider } from './oidc/provider.js';
import { discoveryEndpoint } from './oidc/discovery.js';
import { oauthErrorShape } from './oidc/oauth-errors.js';
import { providerRunner, revocationEndpoint, tokenEndpoint } from './oidc/token-endpoint.js';
import { interactionRoutes } from './oidc/interactions.js';
import { isProviderPagePath, providerPages } from './oidc/provider-pages.js';
import { popupPages } from './oidc/popup-callback.js';
import { loadSecrets } from './secrets.js';
import { createRateLimiters } from './security/rate-limits.js';
import { createUrlSigner } from './storage/signed-urls.js';
import { createStorage } from './storage/storage.js';

export interface TesseraApp {
  app: Koa;
  /** `db.knex`, for tests and tools. */
  knex: Knex;
  db: Database;
  provider: Provider;
  services: AppServices;
  /** Starts the HTTP server (port 0 picks a free one) and answers its URL, and the metrics' when on a port of their own. */
  listen(port?: number, host?: string): Promise<{ server: Server; port: number; url: string; metricsUrl?: string }>;
  /**
   * Stops taking requests, lets those in flight finish (at most `graceMs`, then connections are
   * cut), and closes the purge timer, database, Redis and mail connections.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

export interface AppOptions {
  logger?: Logger;
}

const REVOCATION_PATH = '/api/token/revocation';

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

function onlyFor(test: (ctx: Context) => boolean, middleware: Koa.Middleware) {
  return (ctx: Context, next: Next) => (test(ctx) ? middleware(ctx, next) : next());
}

/** Every feature's calls, mounted under /api (exported so a test can hold them against the contract). */
export function apiRoutes(services: AppServices): Routes[] {
  return FEATURE_ROUTES.flatMap((routes) => routes(services));
}

/** /api never falls through to the portal: an unknown call is a JSON 404. */
async function apiNotFound(ctx: Context, next: Next) {
  await next();
  if (ctx.body === undefined || ctx.body === null) {
    if (ctx.status === 404) throw notFound();
  }
}

export async function createApp(config: ServerConfig, options: AppOptions = {}): Promise<TesseraApp> {
  assertUsable(config);
  const log = options.logger ?? createLogger(config);
  const secrets = loadSecrets(config);
  const db = Database.open(config.database);
  const { knex } = db;
  await db.migrate();
  // Statistics for the query planner, gathered (with a bounded effort) where missing or stale.
  if (db.isSqlite) await tidySqlite(db, 'PRAGMA optimize=0x10002');

  const metrics = config.metrics.port !== null || config.metrics.token !== null ? createMetrics() : noMetrics;
  metrics.watchDatabase(knex);
  const services: AppServices = {
    config,
    db,
    log,
    secrets,
    passwords: createPasswordHasher(config.passwordHash, config.passwordHashConcurrency),
    mailer: createMailer(config, log, metrics),
    jobs: createJobQueue(config, db, log),
    limiters: createRateLimiters(config.rateLimits, config.redisUrl ? { url: config.redisUrl, prefix: config.rateLimitPrefix } : undefined),
    captcha: createCaptcha(db, { secret: secrets.secret, ...config.captcha }),
    storage: createStorage(config),
    signer: createUrlSigner(secrets.secret, config.publicUrl),
    imageWork: limitConcurrency(config.media.imageConcurrency),
    lifecycle: { draining: false },
  };

  // A storage the server cannot write (a bucket misnamed, credentials refused) is said at once, and readiness fails.
  await services.storage.reachable().catch((error: unknown) => log.error({ err: error }, 'media storage cannot be reached: readiness fails until it can'));

  if (!(await services.limiters.ready())) {
    log.warn('Redis is not reachable yet: rate limits count in memory per process until it is.');
  }

  const isAllowedOrigin = originChecker(config);
  const provider = createProvider({
    config,
    db,
    secrets,
    isAllowedOrigin,
    findAccount: (id) => findActiveAccount(db, id),
    integrationClient: (clientId) => integrationClientRegistration(db, clientId),
  });
  // The provider answers its own failures (a 500 body without internals); the stack goes to the log.
  provider.on('server_error', (_ctx: unknown, error: Error) => log.error({ err: error }, 'the OIDC provider failed'));
  const checkCredentials = async (email: string, password: string) => {
    const check = await verifyCredentials(services, email, password);
    metrics.login(check.kind === 'ok' ? 'succeeded' : 'refused');
    return check;
  };
  registerPasswordGrant(provider, checkCredentials);
  registerClientCredentialsGrant(provider, (clientId) => integrationClientAccount(db, clientId));
  registerTokenExchangeGrant(provider, {
    embedSession: (token, grantId) => redeemEmbedSession(db, token, grantId),
    ssoLogin: (token) => redeemLoginCode(db, token),
  });

  // The provider runs in this app's contexts and signs its session and interaction cookies with these keys.
  const app = new Koa({ proxy: config.trustProxy, keys: [secrets.secret] });
  app.context.services = services;
  // The interactions' JSON calls (oidc/interactions.ts) need the provider, which features do not see.
  const api = apiRouter('/api', [...apiRoutes(services), interactionRoutes(provider, { limiters: services.limiters, checkCredentials })]);
  const token = tokenEndpoint({
    provider,
    db,
    limiters: services.limiters,
    bodyLimit: config.bodyLimit,
    refreshGraceSeconds: config.tokens.refreshGraceSeconds,
    authenticateClient: (clientId, secret) => authenticateIntegrationClient(db, clientId, secret),
  });

  const runProvider = providerRunner(provider);
  const isOAuthEndpoint = (ctx: Context) => ctx.path === '/api/token' || ctx.path === REVOCATION_PATH || isProviderPagePath(ctx.path);
  const revoke = revocationEndpoint({
    provider,
    bodyLimit: config.bodyLimit,
    authenticateClient: (clientId, secret) => authenticateIntegrationClient(db, clientId, secret),
  });

  const requests = requestContext(log, { trustProxy: config.trustProxy, metrics });
  app.use(requests.middleware);
  // Outside the error middleware: it adds OAuth's error fields to every error of the OAuth endpoints (oauth-errors.ts).
  app.use(onlyFor(isOAuthEndpoint, oauthErrorShape()));
  app.use(errorMiddleware());
  app.use(securityHeaders(config));
  app.use(onlyFor((ctx) => isApiPath(ctx.path) || ctx.path.startsWith('/widgets/'), corsMiddleware(isAllowedOrigin)));
  app.use(onlyFor((ctx) => ctx.path === '/api/token' && ctx.method === 'POST', token));
  // RFC 7009 token revocation and discovery, answered by the provider itself (discovery.ts).
  app.use(onlyFor((ctx) => ctx.path === REVOCATION_PATH && ctx.method === 'POST', revoke));
  app.use(discoveryEndpoint(runProvider));
  // Authorization, userinfo, JWKS and end session (oidc/provider-pages.ts).
  app.use(providerPages(runProvider));
  // /api ends here (no fall-through to the portal): unknown calls are JSON 404s, wrong methods 405s.
  const apiChain = compose<Context>([jsonBody(config.bodyLimit, [], [SAML_ACS_PATH]), refuseNulInRequest, apiNotFound, api]);
  app.use((ctx, next) => (isApiPath(ctx.path) ? apiChain(ctx) : next()));
  // SCIM 2.0 (features/scim): its own body parser, caller (a SCIM token) and error shape; nothing falls through.
  const scim = scimEndpoint(services);
  app.use((ctx, next) => (isScimPath(ctx.path) ? scim(ctx, next) : next()));
  // /healthz, /readyz and /metrics are never the portal's page: a probe must not read HTML as health.
  app.use(probeAliases(services));
  app.use(metricsEndpoint(metrics, config.metrics.token));
  // The login widget's popup callback (oidc/popup-callback.ts): origins the API's CORS allows are the ones posted to.
  const allowedOrigins = new Set([...config.allowedOrigins, new URL(config.publicUrl).origin]);
  app.use(popupPages((origin) => allowedOrigins.has(origin)));
  app.use(serveWidgets(config.widgetsDist, config.publicUrl));
  app.use(servePortal(config.portalDist));
  app.use(async (ctx) => {
    if (ctx.body === undefined || ctx.body === null) throw notFound();
  });

  await services.jobs.start(jobHandlers(services));
  metrics.watchJobs(() => services.jobs.counts());
  const stopSchedules = scheduleRecurringWork(services);

  let server: Server | undefined;
  let metricsServer: MetricsServer | undefined;

  return {
    app,
    knex,
    db,
    provider,
    services,
    async listen(port = config.port, host = config.host) {
      db.startReadThreads();
      if (metrics.registry && config.metrics.port !== null) metricsServer = await listenForMetrics(metrics.registry, config.metrics.port, config.metrics.host);
      return new Promise((resolve, reject) => {
        const started = createServer({ ServerResponse: AnsweringResponse }, app.callback());
        started.once('error', reject);
        started.listen(port, host, () => {
          server = started;
          const { port: actual } = started.address() as AddressInfo;
          const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
          resolve({ server: started, port: actual, url: `http://${shownHost}:${actual}`, metricsUrl: metricsServer?.url });
        });
      });
    },
    async close({ graceMs = 10_000 } = {}) {
      stopSchedules();
      // Readiness answers 503 from now on; a load balancer checking it stops sending before the listener closes.
      services.lifecycle.draining = true;
      if (server && config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
      await metricsServer?.close();
      if (server) {
        const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
        server.closeIdleConnections();
        const cut = setTimeout(() => server!.closeAllConnections(), graceMs);
        // Handlers outlive their sockets (a client may hang up mid-login): wait for them before closing the database.
        const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
        await Promise.race([Promise.all([closing, requests.tracker.drained()]), grace]);
        clearTimeout(cut);
      }
      // Jobs in hand finish (a mail being sent is sent) before the mailer and the database close.
      await services.jobs.stop();
      services.mailer.close();
      await services.limiters.close();
      await db.close();
    },
  };
}
