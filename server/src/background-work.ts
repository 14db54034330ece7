/**
 * What the job queue runs (jobs/queue.ts) and the scheduled work it is given. Scheduled work is queued by every
 * process's timer but once per period across processes (`enqueueOncePer`), so a deployment of several processes
 * purges and sweeps once, not once per process.
 */
import type { AppServices } from './context.js';
import type { Database } from './db/database.js';
import { purgeExpiredPayloads } from './db/oidc-payloads.js';
import { mergeSearchIndexes } from './db/trigram-search.js';
import { purgeAuthTokens } from './features/accounts/auth-tokens.js';
import { purgeUsedCaptchas } from './features/accounts/captcha.js';
import { purgeEmbedSessions } from './features/embed-sessions/service.js';
import { purgeSsoLogins } from './features/sso/sign-in.js';
import { purgeExpiredBioreqFiles } from './features/bioreq/retention.js';
import { sendAssignmentReminders } from './features/knowledge-checks/reminders.js';
import { sweepOrphanFiles } from './features/media/orphans.js';
import { attemptDelivery } from './features/webhooks/delivery.js';
import { purgeOldDeliveries } from './features/webhooks/service.js';
import type { JobHandlers } from './jobs/queue.js';

/** The planner's statistics (`optimize`: the PRAGMA to run) and the search indexes' segments, kept in shape. */
export async function tidySqlite(db: Database, optimize: string): Promise<void> {
  await db.knex.raw(optimize);
  await mergeSearchIndexes(db.knex);
}

/**
 * Deletes what has expired: provider rows, spent account tokens, remembered captcha solutions, webhook deliveries past
 * their keeping, embed sessions unspent or of ended logins, single sign-on sign-ins and login codes past their expiry.
 * On SQLite it
 * also lets the planner refresh its statistics where they have drifted (`PRAGMA optimize`, as SQLite advises
 * for long-lived connections) and merges the search indexes' segments.
 */
async function purgeExpired({ db, log }: Pick<AppServices, 'db' | 'log'>): Promise<void> {
  const [payloads, tokens, captchas, deliveries, embedSessions, ssoLogins] = [
    await purgeExpiredPayloads(db.knex),
    await purgeAuthTokens(db),
    await purgeUsedCaptchas(db),
    await purgeOldDeliveries(db),
    await purgeEmbedSessions(db),
    await purgeSsoLogins(db),
  ];
  if (payloads + tokens + captchas + deliveries + embedSessions + ssoLogins > 0) {
    log.debug({ payloads, tokens, captchas, deliveries, embed_sessions: embedSessions, sso_logins: ssoLogins }, 'purged expired rows');
  }
  if (db.isSqlite) await tidySqlite(db, 'PRAGMA optimize');
}

/** Bioreq files past their retention, then stored files that no row references (left by a server killed mid-upload). */
async function sweepStoredFiles(services: AppServices): Promise<void> {
  const expired = await purgeExpiredBioreqFiles(services);
  if (expired > 0) services.log.info({ deleted: expired }, 'deleted bioreq files past their retention');
  const orphans = await sweepOrphanFiles(services);
  if (orphans > 0) services.log.info({ deleted: orphans }, 'deleted stored files that no row references');
}

export function jobHandlers(services: AppServices): JobHandlers {
  return {
    mail: async ({ data }) => services.mailer.send(data),
    'purge-expired': () => purgeExpired(services),
    'sweep-files': () => sweepStoredFiles(services),
    webhook: (job) => attemptDelivery(services, job),
    'assignment-reminders': async () => {
      const sent = await sendAssignmentReminders(services);
      if (sent.reminded + sent.overdue > 0) services.log.info(sent, 'queued assignment reminders');
    },
  };
}

/**
 * Queues the scheduled work now (a server killed mid-upload restarts: its leftovers are swept at once) and every
 * period after; answers what stops the timers.
 */
export function scheduleRecurringWork(services: AppServices): () => void {
  const { config, jobs, log } = services;
  const every: [Parameters<typeof jobs.enqueueOncePer>[0], number][] = [
    ['purge-expired', config.purgeIntervalMs],
    ['assignment-reminders', config.reminderIntervalMs],
  ];
  if (config.orphanSweepIntervalMs > 0) every.push(['sweep-files', config.orphanSweepIntervalMs]);
  const queue = (kind: (typeof every)[number][0], everyMs: number) =>
    void jobs.enqueueOncePer(kind, everyMs).catch((error: unknown) => log.warn({ err: error, kind }, 'scheduled work could not be queued'));
  const timers = every.map(([kind, everyMs]) => {
    queue(kind, everyMs);
    const timer = setInterval(() => queue(kind, everyMs), everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}
