/**
 * Prometheus metrics (prom-client; ARCHITECTURE.md#operating-tessera), one registry per app: requests by route
 * template (never a raw path: labels stay bounded), requests in flight, database query durations and pool use,
 * the runtime's own (event-loop lag, memory, GC), jobs by kind and state, mails sent and failed, logins by outcome,
 * rate-limit refusals.
 * Served on METRICS_PORT or at /metrics behind METRICS_TOKEN (app.ts); with neither, `noMetrics` counts nothing.
 *
 * The request path is hot (server/bench/run.ts, "users/me with metrics and the access log"): request and query
 * durations go to plain counters read at scrape time (request-durations.ts), not through prom-client per request.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context, Next } from 'koa';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Knex } from '../db/knex.js';
import { HttpError, notFound } from './errors.js';
import { fastHistogram } from './request-durations.js';

export interface Metrics {
  /** The registry to serve (null when metrics are off). */
  readonly registry: Registry | null;
  /** Reads the requests in flight from `count` at each scrape (nothing to do per request). */
  countInFlight(count: () => number): void;
  requestFinished(method: string, route: string, status: number, seconds: number): void;
  login(outcome: 'succeeded' | 'refused'): void;
  mail(outcome: 'sent' | 'failed'): void;
  /** Times the queries run through knex and reads its pool's use at each scrape. */
  watchDatabase(knex: Knex): void;
  /** Reads the job queue's counts by kind and state at each scrape (jobs/queue.ts `counts`). */
  watchJobs(counts: () => Promise<{ kind: string; state: string; count: number }[]>): void;
}

export const noMetrics: Metrics = {
  registry: null,
  countInFlight: () => undefined,
  requestFinished: () => undefined,
  login: () => undefined,
  mail: () => undefined,
  watchDatabase: () => undefined,
  watchJobs: () => undefined,
};

/** Seconds: from a cached answer (under a millisecond) to a slow report (several seconds). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface KnexPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = fastHistogram(registry, {
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status.',
    buckets: DURATION_BUCKETS,
    labelNames: ['method', 'route', 'status'],
  });
  let inFlight = () => 0;
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'HTTP requests being handled.',
    registers: [registry],
    collect() {
      this.set(inFlight());
    },
  });
  const queries = fastHistogram(registry, {
    name: 'db_query_duration_seconds',
    help: 'Database queries built with knex (compiled reads and writes are timed with their request).',
    buckets: DURATION_BUCKETS,
    labelNames: ['outcome'],
  });
  const logins = new Counter({ name: 'logins_total', help: 'Password logins by outcome.', labelNames: ['outcome'] as const, registers: [registry] });
  const mails = new Counter({ name: 'mails_total', help: 'Mails by outcome.', labelNames: ['outcome'] as const, registers: [registry] });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429), by route template.',
    labelNames: ['route'] as const,
    registers: [registry],
  });

  return {
    registry,
    countInFlight(count) {
      inFlight = count;
    },
    requestFinished(method, route, status, seconds) {
      requests.observe(seconds, method, route, status);
      if (status === 429) refusals.inc({ route });
    },
    login: (outcome) => logins.inc({ outcome }),
    mail: (outcome) => mails.inc({ outcome }),
    watchJobs(counts) {
      new Gauge({
        name: 'jobs',
        help: 'Background jobs by kind and state (queued, running, failed), across every process sharing the queue.',
        labelNames: ['kind', 'state'] as const,
        registers: [registry],
        async collect() {
          this.reset();
          for (const { kind, state, count } of await counts()) this.set({ kind, state }, count);
        },
      });
    },
    watchDatabase(knex) {
      const started = new Map<string, number>();
      const finish = (outcome: 'ok' | 'error') => (_response: unknown, query: { __knexQueryUid?: string }) => {
        const uid = query.__knexQueryUid;
        const at = uid ? started.get(uid) : undefined;
        if (uid === undefined || at === undefined) return;
        started.delete(uid);
        queries.observe((performance.now() - at) / 1000, outcome);
      };
      knex.on('query', (query: { __knexQueryUid?: string }) => {
        if (query.__knexQueryUid) started.set(query.__knexQueryUid, performance.now());
      });
      knex.on('query-response', finish('ok'));
      knex.on('query-error', (error: unknown, query: { __knexQueryUid?: string }) => finish('error')(error, query));
      const pool = (knex.client as { pool?: KnexPool }).pool;
      if (!pool) return;
      const connections = new Gauge({
        name: 'db_pool_connections',
        help: 'Database pool connections by state.',
        labelNames: ['state'] as const,
        registers: [registry],
      });
      new Gauge({
        name: 'db_pool_pending_acquires',
        help: 'Requests waiting for a database connection.',
        registers: [registry],
        collect() {
          this.set(pool.numPendingAcquires());
          connections.set({ state: 'used' }, pool.numUsed());
          connections.set({ state: 'free' }, pool.numFree());
        },
      });
    },
  };
}

function tokenMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` on the main port, for a scraper holding METRICS_TOKEN (`Authorization: Bearer …`: 401 otherwise).
 * Without a token the path is a JSON 404, never the portal's page.
 */
export function metricsEndpoint(metrics: Metrics, token: string | null) {
  return async function answerMetrics(ctx: Context, next: Next): Promise<void> {
    if (ctx.path !== '/metrics') return next();
    if (!token || !metrics.registry) throw notFound();
    const given = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1] ?? '';
    if (!tokenMatches(given, token)) throw new HttpError(401, 'unauthenticated', 'Unauthenticated.', undefined, { 'WWW-Authenticate': 'Bearer' });
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** The metrics on a listener of their own (METRICS_PORT): any path answers them; nothing else is served there. */
export function listenForMetrics(registry: Registry, port: number, host: string): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        response.end(text);
      },
      () => {
        response.writeHead(500).end();
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}/metrics`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
