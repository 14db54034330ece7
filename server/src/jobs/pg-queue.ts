/**
 * The job queue on PostgreSQL: pg-boss, in its own schema, shared by every process. Why pg-boss: it is maintained,
 * written for Node, stores jobs in PostgreSQL (no second service to run), claims with SKIP LOCKED, retries with
 * exponential backoff and jitter, expires the jobs of a dead worker, throttles to one job per time slot (what
 * scheduled work needs) and takes a caller's connection, so a job commits in the caller's transaction. Version 10 is
 * its last line that runs on Node 20, which Tessera still supports; 11 and later need Node 22.
 */
import PgBoss from 'pg-boss';
import type { Database, TenantDatabase } from '../db/database.js';
import { newId } from '../db/ids.js';
import type { Knex } from '../db/knex.js';
import type { Logger } from '../logger.js';
import {
  aboutJob,
  databaseOf,
  errorText,
  JOB_KINDS,
  JOB_LIST_LIMIT,
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

/** What pg-boss needs of a connection: a transaction's, so the job is written in it. */
function inTransaction(knex: Knex): PgBoss.Db {
  return {
    async executeSql(text, values) {
      // Inside a knex transaction the client hands out the transaction's one connection (and releasing it is a no-op).
      const connection = (await knex.client.acquireConnection()) as { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
      try {
        return await connection.query(text, values);
      } finally {
        await knex.client.releaseConnection(connection);
      }
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** pg-boss's states for each of ours: `created` and `retry` wait (queued), `active` runs. */
const PG_STATES: Record<JobState, string[]> = { queued: ['created', 'retry'], running: ['active'], failed: ['failed'] };

interface PgJobRow {
  id: string;
  name: JobKind;
  retry_count: number;
  retry_limit: number;
  last_error: string | null;
  data: unknown;
  created_on: Date;
  start_after: Date;
}

function summary(row: PgJobRow, state: JobState): JobSummary {
  // pg-boss counts retries: a running or failed job is making (made) one attempt more.
  const attempts = row.retry_count + (state === 'queued' ? 0 : 1);
  return {
    id: row.id,
    kind: row.name,
    state,
    attempts,
    max_attempts: row.retry_limit + 1,
    last_error: row.last_error,
    about: aboutJob(row.name, row.data),
    created_at: row.created_on.toISOString(),
    run_at: row.start_after.toISOString(),
  };
}

/** The schema of the queue's tables: beside the app's (`DATABASE_SCHEMA`), never inside it. */
export function jobsSchema(appSchema: string | undefined): string {
  return `${appSchema ?? 'tessera'}_jobs`;
}

/**
 * Workers of a kind in each process. pg-boss hands a worker a batch and waits for all of it: a webhook attempt may
 * wait its whole deadline for an endpoint that does not answer, so webhooks get several workers, each with a part of
 * the batch, and one slow endpoint holds one of them.
 */
const WORKERS_PER_KIND: Partial<Record<JobKind, number>> = { webhook: 4 };

export function pgJobQueue(url: string, appSchema: string | undefined, config: JobsConfig, log: Logger): JobQueue {
  const schema = jobsSchema(appSchema);
  const boss = new PgBoss({
    connectionString: url,
    schema,
    max: 4,
    application_name: 'tessera-jobs',
    // Expired leases are retried, and old jobs archived and deleted, by whichever process's supervisor runs first.
    supervise: true,
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, config.leaseSeconds)),
    schedule: false,
  });
  boss.on('error', (error) => log.error({ err: error }, 'the job queue reported an error'));
  /** This process's pg-boss workers of each kind. */
  const workers = new Map<JobKind, string[]>();
  const started = boss.start().then(async () => {
    for (const kind of JOB_KINDS) {
      const policy = {
        name: kind,
        retryLimit: config.maxAttempts - 1,
        retryDelay: config.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: config.leaseSeconds,
      };
      await boss.createQueue(kind, policy);
      await boss.updateQueue(kind, policy);
    }
  });
  /** Wakes the workers of `kind` (every kind's when none is named): a job queued wakes only those that can take it. */
  const nudge = (kind?: JobKind) => {
    for (const worker of kind ? (workers.get(kind) ?? []) : [...workers.values()].flat()) boss.notifyWorker(worker);
  };
  // A queue that cannot start fails every call that awaits it (createApp's first); until then it is no unhandled rejection.
  started.catch(() => undefined);

  return {
    async enqueue<K extends JobKind>(on: Database | TenantDatabase, kind: K, data: JobPayloads[K], { id = newId(), runAt }: EnqueueOptions = {}) {
      await started;
      const { knex } = databaseOf(on);
      const inTx = knex.isTransaction === true;
      await boss.send(kind, data, { id, ...(runAt ? { startAfter: runAt } : {}), ...(inTx ? { db: inTransaction(knex) } : {}) });
      // A job queued in a transaction is seen once it commits: the workers are woken then.
      if (inTx)
        void (knex as Knex.Transaction).executionPromise.then(
          () => nudge(kind),
          () => undefined,
        );
      else nudge(kind);
      return id;
    },
    async enqueueOncePer(kind, everyMs) {
      await started;
      await boss.send(kind, {}, { singletonKey: kind, singletonSeconds: Math.max(1, Math.round(everyMs / 1000)), retryLimit: 0 });
      nudge(kind);
    },
    async list(state) {
      await started;
      const { rows } = await boss.getDb().executeSql(
        `SELECT id, name, state, retry_count, retry_limit, output->>'message' AS last_error, data, created_on, start_after
         FROM ${schema}.job WHERE name = ANY($1) AND state = ANY($2) ORDER BY created_on DESC LIMIT $3`,
        [JOB_KINDS, PG_STATES[state], JOB_LIST_LIMIT],
      );
      return (rows as PgJobRow[]).map((row) => summary(row, state));
    },
    async counts() {
      await started;
      const { rows } = await boss
        .getDb()
        .executeSql(
          `SELECT name, state, count(*)::int AS count FROM ${schema}.job WHERE name = ANY($1) AND state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
          [JOB_KINDS],
        );
      const ours = Object.fromEntries(Object.entries(PG_STATES).flatMap(([state, theirs]) => theirs.map((their) => [their, state as JobState])));
      const totals = new Map<string, { kind: JobKind; state: JobState; count: number }>();
      for (const row of rows as { name: JobKind; state: string; count: number }[]) {
        const state = ours[row.state];
        const key = `${row.name} ${state}`;
        const total = totals.get(key) ?? { kind: row.name, state, count: 0 };
        total.count += row.count;
        totals.set(key, total);
      }
      return [...totals.values()];
    },
    async retry(id) {
      // pg-boss's ids are UUIDs: anything else names no job (and must not reach a uuid column).
      if (!UUID.test(id)) return false;
      await started;
      const { rows } = await boss.getDb().executeSql(`SELECT name FROM ${schema}.job WHERE id = $1 AND state = 'failed'`, [id]);
      const kind = (rows as { name: JobKind }[])[0]?.name;
      if (!kind) return false;
      await boss.retry(kind, id);
      nudge(kind);
      return true;
    },
    async start(handlers: JobHandlers) {
      await started;
      for (const kind of JOB_KINDS) {
        const handle = handlers[kind] as (job: RunningJob) => Promise<void>;
        const count = WORKERS_PER_KIND[kind] ?? 1;
        const batchSize = Math.max(1, Math.ceil(config.batchSize / count));
        const ids: string[] = [];
        workers.set(kind, ids);
        for (let index = 0; index < count; index += 1) {
          // Its id, known once work() answers: a batch may come before (a full one then waits for the next poll).
          const self: { id?: string } = {};
          self.id = await boss.work<JobPayloads[typeof kind]>(
            kind,
            { batchSize, pollingIntervalSeconds: Math.max(0.5, config.pollMs / 1000) },
            async (jobs) => {
              // Each job of the batch stands alone: a failed one is failed (retried later), the rest complete.
              await Promise.all(
                jobs.map(async (job) => {
                  try {
                    await handle({ id: job.id, kind, data: job.data } as RunningJob);
                  } catch (error) {
                    log.warn({ err: error, job: job.id, kind }, 'job failed: retried while attempts remain');
                    await boss.fail(kind, job.id, { message: errorText(error) });
                  }
                }),
              );
              // A full batch leaves more waiting, most likely: fetch again at once, as the SQLite worker does. Without
              // this pg-boss waits out the rest of its polling interval after each batch, which caps a backlog at
              // batchSize a polling interval (50 per 0.5 s: 100 mails a second, server/bench/jobs.ts).
              if (jobs.length >= batchSize && self.id) boss.notifyWorker(self.id);
            },
          );
          ids.push(self.id);
        }
      }
    },
    async settled() {
      await started;
      for (;;) {
        const { rows } = await boss
          .getDb()
          .executeSql(
            `SELECT count(*)::int AS count FROM ${schema}.job WHERE state = 'active' OR (state IN ('created', 'retry') AND start_after <= now())`,
            [],
          );
        if ((rows[0] as { count: number }).count === 0) return;
        nudge();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop() {
      await started.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
