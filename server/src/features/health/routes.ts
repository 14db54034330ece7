/**
 * The probes (issue 34): `GET /api/health/live` (the process answers: always 200) and `GET /api/health/ready` (200
 * when every dependency answers, 503 otherwise and from the start of a shutdown, before connections drain, so a load
 * balancer stops sending first). Public, cheap, never cached. `/healthz` and `/readyz` answer the same (app.ts).
 */
import type { Context, Next } from 'koa';
import type { AppServices } from '../../context.js';
import { Routes } from '../../http/router.js';
import { readiness } from './service.js';

function answerLive(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { data: { status: 'ok', checks: {} } };
}

async function answerReady(ctx: Context, services: AppServices): Promise<void> {
  const report = await readiness(services);
  ctx.set('Cache-Control', 'no-store');
  ctx.status = report.status === 'ok' ? 200 : 503;
  ctx.body = { data: report };
}

export function routes(services: AppServices): Routes {
  const router = new Routes();
  router.get('/health/live', (ctx) => answerLive(ctx));
  router.get('/health/ready', (ctx) => answerReady(ctx, services));
  return router;
}

/** `/healthz` and `/readyz`, the names orchestrators and load balancers try first, answer as the API's probes. */
export function probeAliases(services: AppServices) {
  return async function answerProbeAliases(ctx: Context, next: Next): Promise<void> {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/healthz') return answerLive(ctx);
    if (ctx.path === '/readyz') return answerReady(ctx, services);
    return next();
  };
}
