/**
 * The job queue on SQLite: the `jobs` table (migration 20250124000000_jobs) and a worker in this process. SQLite is
 * one process's database, so one worker claims; the lease still matters, for the jobs a killed process held.
 *
 * A claim is one UPDATE … RETURNING through the writer connection: it waits for a transaction that is queueing jobs
 * (the writer is one connection), so it never sees half a request's work. A finished job is deleted; a failed one
 * waits `retryDelayMs` and is claimed again, until its last attempt leaves it `failed` for the owner.
 *
 * Up to `batchSize` jobs run at once, and a job that ends makes room for the next at once: a slow job (a webhook
 * endpoint that never answers, until its deadline) holds one place, not the whole queue with its mail.
 */
import type { Database, TenantDatabase } from '../db/database.js';
import { newId } from '../db/ids.js';
import type { Logger } from '../logger.js';
import {
  aboutJob,
  databaseOf,
  errorText,
  JOB_LIST_LIMIT,
  retryDelayMs,
  type EnqueueOptions,
  type JobHandlers,
  type JobKind,
  type JobPayloads,
  type JobQueue,
  type JobsConfig,
  type JobState,
  type JobSummary,
  type RunningJob,
} from './queue.js';

interface ClaimedRow {
  id: string;
  kind: JobKind;
  data: string;
  attempts: number;
  max_attempts: number;
}

export function sqliteJobQueue(db: Database, config: JobsConfig, log: Logger): JobQueue {
  const { knex } = db;
  let handlers: JobHandlers | undefined;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  // Set by a job queued while the worker is awake: it looks again before sleeping.
  let nudged = false;
  const nudge = () => {
    nudged = true;
    wake?.();
  };

  /**
   * The jobs this worker is running: a lease that ended under a job still running here (a slow one) is not another
   * worker's to take again (there is no other), so claims and the next due time leave them out.
   */
  const runningIds = new Set<string>();
  const notRunningHere = () => (runningIds.size === 0 ? '' : ` AND id NOT IN (${[...runningIds].map(() => '?').join(', ')})`);

  async function claim(limit: number): Promise<ClaimedRow[]> {
    const now = new Date();
    const nowText = now.toISOString();
    const leaseEnd = new Date(now.getTime() + config.leaseSeconds * 1000).toISOString();
    return (await knex.raw(
      `UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_until = ?, updated_at = ?
       WHERE id IN (
         SELECT id FROM jobs
         WHERE (state = 'queued' AND run_at <= ?) OR (state = 'running' AND locked_until < ?${notRunningHere()})
         ORDER BY run_at LIMIT ?
       )
       RETURNING id, kind, data, attempts, max_attempts`,
      [leaseEnd, nowText, nowText, nowText, ...runningIds, limit],
    )) as ClaimedRow[];
  }

  async function failed(row: ClaimedRow, error: unknown): Promise<void> {
    const now = Date.now();
    const last = row.attempts >= row.max_attempts;
    await knex('jobs')
      .where({ id: row.id, state: 'running' })
      .update({
        state: last ? 'failed' : 'queued',
        run_at: new Date(last ? now : now + retryDelayMs(config, row.attempts)).toISOString(),
        locked_until: null,
        last_error: errorText(error),
        updated_at: new Date(now).toISOString(),
      });
    log[last ? 'error' : 'warn'](
      { err: error, job: row.id, kind: row.kind, attempt: row.attempts },
      last ? 'job failed for good' : 'job failed: retried later',
    );
  }

  async function run(row: ClaimedRow): Promise<void> {
    try {
      const job = { id: row.id, kind: row.kind, data: JSON.parse(row.data) as unknown } as RunningJob;
      await (handlers![row.kind] as (job: RunningJob) => Promise<void>)(job);
    } catch (error) {
      await failed(row, error);
      return;
    }
    // A scheduled job's row stays, marked done, for its slot: no process queues that slot again.
    await knex('jobs').where('id', row.id).whereNull('once_per').delete();
    await knex('jobs').where('id', row.id).whereNotNull('once_per').update({ state: 'done', updated_at: new Date().toISOString() });
  }

  /** The jobs running now; each removes itself when it ends and wakes the worker, which claims into the room. */
  const running = new Set<Promise<void>>();

  function start(row: ClaimedRow): void {
    const job: Promise<void> = run(row)
      .catch((error: unknown) => log.error({ err: error, job: row.id, kind: row.kind }, 'the job worker could not finish a job'))
      .finally(() => {
        running.delete(job);
        runningIds.delete(row.id);
        nudge();
      });
    running.add(job);
    runningIds.add(row.id);
  }

  /** When the next job falls due: a queued job's `run_at` or a running one's lease end; null when none waits. */
  async function nextDue(): Promise<number | null> {
    const row = (await knex('jobs')
      .whereIn('state', ['queued', 'running'])
      .whereNotIn('id', [...runningIds])
      .first(knex.raw("min(CASE state WHEN 'queued' THEN run_at ELSE locked_until END) AS at"))) as { at: string | null } | undefined;
    return row?.at ? Date.parse(row.at) : null;
  }

  /**
   * Claims into the room left by the running jobs until nothing more is due, then sleeps until the next job falls
   * due, this process queues one, or a running one ends. No process but this one writes the database, so there is
   * nothing to poll for: an idle server runs no query.
   */
  async function work(): Promise<void> {
    while (!stopping) {
      nudged = false;
      const room = config.batchSize - running.size;
      let due: number | null = null;
      try {
        const rows = room > 0 ? await claim(room) : [];
        for (const row of rows) start(row);
        // Full: a job's end wakes the worker. Room left: nothing else is due now.
        if (rows.length === room && room > 0) continue;
        if (room > 0) due = await nextDue();
      } catch (error) {
        log.error({ err: error }, 'the job worker could not claim jobs');
        due = Date.now() + config.pollMs;
      }
      if (!stopping) await sleepUntil(due);
    }
    await Promise.all(running);
  }

  function sleepUntil(due: number | null): Promise<void> {
    if (nudged) return Promise.resolve();
    return new Promise<void>((resolve) => {
      // setTimeout's longest wait is about 24.8 days; a later job is looked at again then.
      const timer = due === null ? undefined : setTimeout(resolve, Math.min(Math.max(0, due - Date.now()), 2 ** 31 - 1));
      wake = () => {
        wake = undefined;
        clearTimeout(timer);
        resolve();
      };
    });
  }

  return {
    async enqueue<K extends JobKind>(on: Database | TenantDatabase, kind: K, data: JobPayloads[K], { id = newId(), runAt }: EnqueueOptions = {}) {
      const now = new Date().toISOString();
      await databaseOf(on)
        .knex('jobs')
        .insert({
          id,
          kind,
          data: JSON.stringify(data),
          state: 'queued',
          attempts: 0,
          max_attempts: config.maxAttempts,
          run_at: runAt?.toISOString() ?? now,
          created_at: now,
          updated_at: now,
        });
      // Inside a transaction the claim waits for its commit (one writer connection).
      nudge();
      return id;
    },
    async enqueueOncePer(kind, everyMs) {
      const now = new Date().toISOString();
      const slot = `${kind}:${Math.floor(Date.now() / everyMs)}`;
      await knex('jobs')
        .where({ kind, state: 'done' })
        .where('updated_at', '<', new Date(Date.now() - 2 * everyMs).toISOString())
        .delete();
      await knex('jobs')
        .insert({ id: newId(), kind, data: '{}', state: 'queued', attempts: 0, max_attempts: 1, run_at: now, once_per: slot, created_at: now, updated_at: now })
        .onConflict('once_per')
        .ignore();
      nudge();
    },
    async list(state) {
      const rows = (await knex('jobs')
        .where('state', state)
        .orderBy('created_at', 'desc')
        .limit(JOB_LIST_LIMIT)
        .select('id', 'kind', 'state', 'attempts', 'max_attempts', 'last_error', 'data', 'created_at', 'run_at')) as (Omit<JobSummary, 'about'> & {
        data: string;
      })[];
      return rows.map(({ data, ...row }) => ({ ...row, about: aboutJob(row.kind, JSON.parse(data)) }));
    },
    async counts() {
      const rows = (await knex('jobs')
        .whereIn('state', ['queued', 'running', 'failed'])
        .groupBy('kind', 'state')
        .select('kind', 'state')
        .count({ count: '*' })) as {
        kind: JobKind;
        state: JobState;
        count: number | string;
      }[];
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },
    async retry(id) {
      const now = new Date().toISOString();
      const changed = await knex('jobs')
        .where({ id, state: 'failed' })
        .update({ state: 'queued', max_attempts: knex.raw('attempts + 1'), run_at: now, updated_at: now });
      if (changed > 0) nudge();
      return changed > 0;
    },
    async start(given) {
      handlers = given;
      loop = work();
    },
    async settled() {
      for (;;) {
        const now = new Date().toISOString();
        const row = (await knex('jobs')
          .where((due) => due.where('state', 'running').orWhere((queued) => queued.where('state', 'queued').where('run_at', '<=', now)))
          .count({ count: '*' })
          .first()) as { count: number };
        if (Number(row.count) === 0) return;
        nudge();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async stop() {
      stopping = true;
      nudge();
      await loop;
    },
  };
}
