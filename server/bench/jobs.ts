/**
 * Job queue benchmark (issue 34): 10,000 queued mails delivered to a local SMTP server at 200 or more a second, on
 * SQLite and on PostgreSQL, and none lost when the worker process is killed with SIGKILL mid-run (duplicates only
 * for the jobs it held at the kill, and counted).
 *
 * For each database the parent migrates a fresh one (SQLite in a temporary DATA_DIR; PostgreSQL in a schema of its
 * own, `bench_jobs_<random>`, dropped at the end with pg-boss's `<schema>_jobs`) and queues the mails through the app's
 * own `queueMail`, 500 to a transaction, each to an address of its own, on a queue it never starts (the parent works
 * no job); it closes its database before a worker starts. Each run's mail goes to a fresh smtp-server
 * (test/support/smtp.ts), and a worker is a child process (test/support/jobs-worker.ts: `createApp` with the default
 * job settings but JOB_LEASE_SECONDS=5, sending through a pooled SMTP transport).
 *
 * - throughput: from the child's ready message until the SMTP server holds every Message-ID; mails/s counts the mails
 *   that arrived after ready (the worker starts inside `createApp`, a moment before it says so). Also the child's CPU
 *   time over the run, and on PostgreSQL the local server's (its processes' CPU time, from /proc).
 * - kill -9: another batch; once 30% has arrived (and 17 more, so that the kill falls inside a batch of 50 rather
 *   than between two) the child is killed (SIGKILL), the jobs it held are read from the
 *   database (SQLite `running`, pg-boss `active`), and a fresh child on the same database delivers the rest, the held
 *   ones once their lease ends. Seconds: from the first child's ready message until every Message-ID has arrived.
 *
 * Once every mail has arrived, the worker is asked to wait for its queue to settle, so that a late resend is counted.
 * Lost: addresses no mail reached. Duplicates: Message-IDs received more than once (the extra deliveries in brackets);
 * each must be the Message-ID of a job held at the kill.
 *
 * PostgreSQL is at BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, and is
 * skipped, with a note, when it does not answer. BENCH_JOBS_MAILS changes the count. The exit code is 1 when a mail
 * is lost, a mail is duplicated that was not held at the kill, or a run times out; a rate under the budget only
 * prints "not met" (a benchmark machine's load varies).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import type { Env } from '../src/config.js';
import { jobsSchema } from '../src/jobs/pg-queue.js';
import { heldMailJobs, mailTally, queueMails as queueMailsOf, startJobsWorker, stopWorker, workerExited, workerSettled } from '../test/support/jobs.js';
import { startSmtp, type TestSmtp } from '../test/support/smtp.js';
import { cpuTime, localPostgresCpu } from './support.js';

const MAILS = Number(process.env.BENCH_JOBS_MAILS ?? 10_000);
const BUDGET_PER_SECOND = 200;
const PER_TRANSACTION = 500;
const KILL_AT = 0.3;
/** Mails past KILL_AT before the kill: a worker sends a batch of 50 (JOB_BATCH_SIZE) at once, so the kill falls inside one. */
const KILL_OFFSET = 17;
const TIMEOUT_MS = 120_000;
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

type Kind = 'sqlite' | 'pg';

interface RunResult {
  database: string;
  run: 'throughput' | 'kill -9';
  seconds: number;
  /** Mails a second: after the ready message (throughput), or over the whole run, kill and restart included. */
  perSecond: number;
  /** Mails that had arrived when the (first) child said it was ready. */
  beforeReady: number;
  workerCpuSeconds?: number;
  postgresCpuSeconds?: number;
  /** Jobs the killed child held (kill run). */
  held?: number;
  /** Mails that had arrived at the kill. */
  arrivedAtKill?: number;
  timedOut: boolean;
  lost: number;
  duplicateIds: number;
  extraDeliveries: number;
  /** Duplicated Message-IDs of jobs that were not held at a kill. */
  strayDuplicates: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `test` holds (checked every 10 ms); false when `deadline` passes first. */
async function until(test: () => boolean, deadline: number): Promise<boolean> {
  while (!test()) {
    if (Date.now() > deadline) return false;
    await sleep(10);
  }
  return true;
}

async function queueMails(env: Env, run: string): Promise<string[]> {
  const began = performance.now();
  const addresses = await queueMailsOf(env, run, MAILS, PER_TRANSACTION);
  console.log(`  queued ${MAILS} mails in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  return addresses;
}

/** A worker child, with the flags the other benchmark servers take (BENCH_NODE_FLAGS, BENCH_CPU_PROF=<folder>). */
function startWorker(env: Env, smtp: TestSmtp): Promise<ChildProcess> {
  return startJobsWorker(env, smtp, [
    ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
  ]);
}

async function throughputRun(kind: Kind, env: Env): Promise<RunResult> {
  console.log(`\n${kind}, throughput:`);
  const smtp = await startSmtp();
  const mail = mailTally(smtp);
  try {
    const addresses = await queueMails(env, 'throughput');
    const child = await startWorker(env, smtp);
    const began = performance.now();
    const beforeReady = mail.distinct();
    const cpuBefore = await cpuTime(child);
    // Read once the worker is up: the backends of the parent's closed connections have ended by then.
    const postgresBefore = kind === 'pg' ? localPostgresCpu() : undefined;
    try {
      const arrived = await until(() => mail.distinct() >= MAILS, Date.now() + TIMEOUT_MS);
      const seconds = (performance.now() - began) / 1000;
      const cpuAfter = await cpuTime(child);
      const postgresAfter = kind === 'pg' ? localPostgresCpu() : undefined;
      if (arrived) await workerSettled(child);
      return {
        database: kind,
        run: 'throughput',
        seconds,
        perSecond: (mail.distinct() - beforeReady) / seconds,
        beforeReady,
        workerCpuSeconds: (cpuAfter - cpuBefore) / 1e6,
        postgresCpuSeconds: postgresBefore !== undefined && postgresAfter !== undefined ? (postgresAfter - postgresBefore) / 1e6 : undefined,
        timedOut: !arrived,
        ...mail.verdict(addresses, new Set()),
      };
    } finally {
      await stopWorker(child);
    }
  } finally {
    await smtp.stop();
  }
}

function killRun(kind: Kind, env: Env): Promise<RunResult> {
  return killAndRestart(kind, env);
}

async function killAndRestart(kind: Kind, env: Env): Promise<RunResult> {
  console.log(`\n${kind}, kill -9 at ${KILL_AT * 100}%:`);
  const smtp = await startSmtp();
  const mail = mailTally(smtp);
  try {
    const addresses = await queueMails(env, 'kill');
    const deadline = Date.now() + TIMEOUT_MS;
    const first = await startWorker(env, smtp);
    const began = performance.now();
    const beforeReady = mail.distinct();
    let held = new Set<string>();
    let arrivedAtKill: number;
    try {
      await until(() => mail.distinct() >= Math.min(MAILS, Math.round(MAILS * KILL_AT) + KILL_OFFSET), deadline);
      first.kill('SIGKILL');
      await workerExited(first);
      arrivedAtKill = mail.distinct();
      held = await heldMailJobs(env);
      console.log(`  killed the worker with ${arrivedAtKill} mails arrived and ${held.size} jobs held`);
    } finally {
      if (first.exitCode === null && first.signalCode === null) first.kill('SIGKILL');
    }
    const second = await startWorker(env, smtp);
    try {
      const arrived = await until(() => mail.distinct() >= MAILS, deadline);
      const seconds = (performance.now() - began) / 1000;
      if (arrived) await workerSettled(second);
      console.log(
        `  ${arrived ? 'every mail arrived' : 'timed out'} after ${seconds.toFixed(1)} s (${smtp.connectionErrors()} SMTP connections reset by the kill)`,
      );
      return {
        database: kind,
        run: 'kill -9',
        seconds,
        perSecond: mail.distinct() / seconds,
        beforeReady,
        held: held.size,
        arrivedAtKill,
        timedOut: !arrived,
        ...mail.verdict(addresses, held),
      };
    } finally {
      await stopWorker(second);
    }
  } finally {
    await smtp.stop();
  }
}

/** Both runs on one database, created for them and dropped after; undefined when PostgreSQL does not answer. */
async function benchDatabase(kind: Kind): Promise<RunResult[] | undefined> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-jobs-'));
  const env: Env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', JOB_LEASE_SECONDS: '5' };
  const admin = kind === 'pg' ? knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } }) : undefined;
  try {
    if (admin) {
      try {
        await admin.raw('select 1');
      } catch (error) {
        console.log(`\nPostgreSQL: skipped (${PG_URL.replace(/\/\/[^@/]*@/, '//…@')} does not answer: ${(error as Error).message})`);
        return undefined;
      }
      const schema = `bench_jobs_${randomBytes(4).toString('hex')}`;
      await admin.raw('CREATE SCHEMA ??', [schema]);
      Object.assign(env, { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });
    }
    return [await throughputRun(kind, env), await killRun(kind, env)];
  } finally {
    if (admin) {
      if (env.DATABASE_SCHEMA) {
        await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [env.DATABASE_SCHEMA]);
        await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [jobsSchema(env.DATABASE_SCHEMA)]);
      }
      await admin.destroy();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(results: RunResult[]): void {
  const header = [
    'database',
    'run',
    'mails',
    'seconds',
    'mails/s',
    `>= ${BUDGET_PER_SECOND}/s`,
    'worker CPU s',
    'PG CPU s',
    'held at kill',
    'lost',
    'duplicates (extra)',
  ];
  const rows = results.map((result) => [
    result.database,
    result.run,
    String(MAILS),
    result.timedOut ? `> ${TIMEOUT_MS / 1000} (timed out)` : result.seconds.toFixed(1),
    result.perSecond.toFixed(0),
    result.run === 'throughput' ? (result.perSecond >= BUDGET_PER_SECOND && !result.timedOut ? 'met' : 'not met') : '—',
    result.workerCpuSeconds?.toFixed(1) ?? '—',
    result.postgresCpuSeconds?.toFixed(1) ?? '—',
    result.held === undefined ? '—' : `${result.held} (${result.arrivedAtKill} arrived)`,
    String(result.lost),
    `${result.duplicateIds} (${result.extraDeliveries})${result.strayDuplicates > 0 ? `, ${result.strayDuplicates} not held!` : ''}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(`\nJob queue: ${MAILS} mails to a local SMTP server (budget: >= ${BUDGET_PER_SECOND}/s, 0 lost after kill -9)`);
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
  for (const result of results.filter((each) => each.beforeReady > 0)) {
    console.log(`  ${result.database} ${result.run}: ${result.beforeReady} mails arrived before the worker's ready message (not counted in mails/s)`);
  }
}

export async function runJobsBench(): Promise<boolean> {
  const results: RunResult[] = [];
  for (const kind of ['sqlite', 'pg'] as const) results.push(...((await benchDatabase(kind)) ?? []));
  printTable(results);
  const failed = results.filter((result) => result.timedOut || result.lost > 0 || result.strayDuplicates > 0);
  for (const result of failed)
    console.log(
      `FAIL  ${result.database} ${result.run}: ${result.timedOut ? 'timed out, ' : ''}${result.lost} lost, ${result.strayDuplicates} duplicated without being held`,
    );
  return failed.length === 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const ok = await runJobsBench();
  process.exit(ok ? 0 : 1);
}
