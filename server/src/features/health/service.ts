/**
 * Liveness and readiness (ARCHITECTURE.md#operating-tessera): live is the process answering; ready is every
 * dependency a request needs answering now — the database a query, its schema this server's migrations, Redis
 * (when configured) a PING, media storage a write check — and the process not draining for a shutdown. Each check
 * is timed and bounded, so a hung dependency makes the probe fail, not hang; why it failed goes to the log, never
 * into the answer (the probe is public).
 */
import type { AppServices } from '../../context.js';

type CheckStatus = 'ok' | 'failed' | 'skipped';

interface HealthCheck {
  status: CheckStatus;
  /** How long the check took, in milliseconds. */
  ms: number;
}

export interface HealthReport {
  status: 'ok' | 'unavailable';
  checks: Record<string, HealthCheck>;
}

/** A check answers true (ok), false (failed) or null (not configured: skipped); a throw or a timeout is failed. */
type Check = () => Promise<boolean | null>;

const CHECK_TIMEOUT_MS = 2000;

async function timed(name: string, check: Check, services: AppServices): Promise<HealthCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  let outcome: boolean | null;
  try {
    outcome = await Promise.race([check(), timeout]);
  } catch (error) {
    services.log.warn({ err: error, check: name }, 'readiness check failed');
    outcome = false;
  } finally {
    clearTimeout(timer);
  }
  const ms = Math.round((performance.now() - started) * 10) / 10;
  return { status: outcome === null ? 'skipped' : outcome ? 'ok' : 'failed', ms };
}

/** Every dependency checked at once; unavailable when any failed or the process is draining. */
export async function readiness(services: AppServices): Promise<HealthReport> {
  const checks: Record<string, Check> = {
    accepting: async () => !services.lifecycle.draining,
    database: async () => (await services.db.ping(), true),
    migrations: async () => (await services.db.pendingMigrations()).length === 0,
    redis: () => services.limiters.redisAnswers(),
    storage: async () => (await services.storage.reachable(), true),
  };
  const entries = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await timed(name, check, services)] as const));
  const report = Object.fromEntries(entries);
  return { status: entries.every(([, check]) => check.status !== 'failed') ? 'ok' : 'unavailable', checks: report };
}
