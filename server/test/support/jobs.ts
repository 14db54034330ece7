/**
 * Jobs as tests and the jobs benchmark need them: a failed one, written straight into the queue's store of either
 * database; mails queued in bulk and worked by a worker process that can be killed.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { loadConfig, type Env } from '../../src/config.js';
import { Database } from '../../src/db/database.js';
import { newId } from '../../src/db/ids.js';
import { createJobQueue } from '../../src/jobs/create.js';
import { queueMail } from '../../src/jobs/mail.js';
import { jobsSchema } from '../../src/jobs/pg-queue.js';
import { createLogger } from '../../src/logger.js';
import type { TestServer } from './server.js';
import type { TestSmtp } from './smtp.js';

/** A mail job that failed for good (one attempt of one), as the worker leaves it; answers its id. */
export async function insertFailedJob(server: TestServer, about = { to: 'nobody@example.com', subject: 'Refused' }): Promise<string> {
  const id = newId();
  const data = JSON.stringify({ ...about, text: '', html: '', links: [], messageId: `<${id}@tessera.test>` });
  const { knex } = server.app.db;
  const { database } = server.config;
  if (database.client === 'sqlite') {
    const now = new Date().toISOString();
    await knex('jobs').insert({
      id,
      kind: 'mail',
      data,
      state: 'failed',
      attempts: 1,
      max_attempts: 1,
      run_at: now,
      last_error: '550 Refused',
      created_at: now,
      updated_at: now,
    });
  } else {
    // The queue creates its tables as it starts: wait for it, as any request that lists jobs does.
    await server.app.services.jobs.list('failed');
    await knex.raw(`INSERT INTO ??.job (id, name, data, state, retry_count, retry_limit, output) VALUES (?, 'mail', ?::jsonb, 'failed', 0, 0, ?::jsonb)`, [
      jobsSchema(database.schema),
      id,
      data,
      JSON.stringify({ message: '550 Refused' }),
    ]);
  }
  return id;
}

// -------------------------------------------------------------------------------------------------
// Mail runs in worker processes: the kill -9 test (jobs.test.ts) and the jobs benchmark (bench/jobs.ts)

/** What the SMTP server holds of one run: distinct Message-IDs, read incrementally as mail arrives. */
export function mailTally(smtp: TestSmtp) {
  const counts = new Map<string, number>();
  let read = 0;
  return {
    distinct(): number {
      for (; read < smtp.received.length; read += 1) {
        const { messageId } = smtp.received[read];
        counts.set(messageId, (counts.get(messageId) ?? 0) + 1);
      }
      return counts.size;
    },
    /** Lost and duplicated mail, a duplicate being allowed for the jobs in `held` only. */
    verdict(addresses: string[], held: Set<string>) {
      this.distinct();
      const reached = new Set(smtp.received.flatMap((mail) => mail.to));
      const duplicates = [...counts].filter(([, count]) => count > 1);
      const jobIdOf = (messageId: string) => /^<([^@>]+)@/.exec(messageId)?.[1] ?? messageId;
      return {
        lost: addresses.filter((address) => !reached.has(address)).length,
        duplicateIds: duplicates.length,
        extraDeliveries: duplicates.reduce((sum, [, count]) => sum + count - 1, 0),
        strayDuplicates: duplicates.filter(([messageId]) => !held.has(jobIdOf(messageId))).length,
      };
    },
  };
}

/**
 * Migrates the database `env` names and queues `count` mails through the app's own `queueMail`, `perTransaction` to
 * a transaction, each to an address of its own, on a queue it never starts; closes its database before answering the
 * addresses (so a worker process has the database to itself).
 */
export async function queueMails(env: Env, run: string, count: number, perTransaction = 500): Promise<string[]> {
  const config = loadConfig(env);
  const db = Database.open(config.database);
  const addresses = Array.from({ length: count }, (_, index) => `${run}-${index}@jobs.example`);
  try {
    await db.migrate();
    // Created after the migration (an empty SQLite file has no `jobs` table yet); never started.
    const jobs = createJobQueue(config, db, createLogger({ logLevel: 'warn' }));
    try {
      for (let first = 0; first < count; first += perTransaction) {
        await db.transaction(async (tx) => {
          for (const to of addresses.slice(first, first + perTransaction)) {
            await queueMail({ jobs, config }, tx, {
              to,
              subject: `Queued ${run}`,
              text: `A queued mail to ${to}.`,
              html: `<p>A queued mail to ${to}.</p>`,
              links: [],
            });
          }
        });
      }
    } finally {
      await jobs.stop();
    }
  } finally {
    await db.close();
  }
  return addresses;
}

/** The ids of the mail jobs a killed worker held: claimed, their lease not yet over. */
export async function heldMailJobs(env: Env): Promise<Set<string>> {
  const { database } = loadConfig(env);
  if (database.client === 'pg') {
    const admin = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
    try {
      const { rows } = (await admin.raw(`SELECT id FROM ??.job WHERE name = 'mail' AND state = 'active'`, [jobsSchema(database.schema)])) as {
        rows: { id: string }[];
      };
      return new Set(rows.map((row) => row.id));
    } finally {
      await admin.destroy();
    }
  }
  const db = Database.open(database);
  try {
    return new Set((await db.knex('jobs').where({ kind: 'mail', state: 'running' }).pluck('id')) as string[]);
  } finally {
    await db.close();
  }
}

/**
 * Starts a worker process (./jobs-worker.ts) on the database `env` names, sending to `smtp`; answers once it is
 * ready. Extra Node.js flags (a CPU profile) come from the caller.
 */
export function startJobsWorker(env: Env, smtp: TestSmtp, nodeFlags: string[] = []): Promise<ChildProcess> {
  const child = fork(fileURLToPath(new URL('./jobs-worker.ts', import.meta.url)), [JSON.stringify({ ...env, SMTP_URL: smtp.url })], {
    execArgv: ['--import', 'tsx', '--conditions=tessera-source', ...nodeFlags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the jobs worker exited with ${code}`)));
  });
}

/** Asks the worker to wait until no job is due or running. */
export function workerSettled(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('message', () => resolve());
    child.send('settled');
  });
}

export function workerExited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Lets the worker close the app (the jobs in hand finish) and waits for it to exit. */
export async function stopWorker(child: ChildProcess): Promise<void> {
  const exit = workerExited(child);
  if (child.connected) child.disconnect();
  await exit;
}
