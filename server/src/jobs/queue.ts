/**
 * Durable background jobs (ARCHITECTURE.md#background-jobs): one interface over two stores. On PostgreSQL the queue
 * is pg-boss (pg-queue.ts), shared by every process; on SQLite, the single-process default, a `jobs` table with an
 * in-process worker (sqlite-queue.ts). A job is written with the data that causes it: `enqueue(tx, …)` inside a
 * transaction commits or rolls back with it, so a crash never sends mail for rolled-back data nor loses mail for
 * committed data. A job runs at least once: one in flight when its process dies runs again once its lease ends.
 */
import type { Job } from '@tessera/sdk';
import type { Database, TenantDatabase } from '../db/database.js';
import type { MailMessage } from '../mail/mailer.js';

/** What each kind of job carries. */
export interface JobPayloads {
  /** A message to send; its Message-ID is fixed when queued, so a retried send is recognisably the same mail. */
  mail: MailMessage & { messageId: string };
  /** Expired provider rows, spent tokens and captcha records (background-work.ts `purgeExpired`). */
  'purge-expired': Record<string, never>;
  /** Bioreq files past their retention, then stored files no row references (background-work.ts `sweepStoredFiles`). */
  'sweep-files': Record<string, never>;
  /** Learners reminded of checks due within a day, assigners told of overdue ones (knowledge-checks/reminders.ts). */
  'assignment-reminders': Record<string, never>;
  /** One attempt of a webhook delivery (features/webhooks/delivery.ts): it schedules its own retries. */
  webhook: { deliveryId: string; tenantId: string };
}

export type JobKind = keyof JobPayloads;
export const JOB_KINDS: readonly JobKind[] = ['mail', 'purge-expired', 'sweep-files', 'assignment-reminders', 'webhook'];

export interface RunningJob<K extends JobKind = JobKind> {
  id: string;
  kind: K;
  data: JobPayloads[K];
}

export type JobHandlers = { [K in JobKind]: (job: RunningJob<K>) => Promise<void> };

export interface JobsConfig {
  /** Attempts before a job is failed for good (the owner sees it, with its last error). */
  maxAttempts: number;
  /** The first retry waits 1–2 × this; each further one doubles it (jitter spreads a burst of retries). */
  retryDelaySeconds: number;
  /** How long a claimed job is its worker's; a job of a process that died runs again after it. */
  leaseSeconds: number;
  /** How often an idle PostgreSQL worker looks for due jobs (a job queued by this process wakes it at once; SQLite's
   * worker never polls: it sleeps until its next job is due). */
  pollMs: number;
  /** Jobs a worker claims at once. */
  batchSize: number;
}

/**
 * A job as the owner's Jobs screen shows it (the contract's `Job`): never its data (a mail's links carry tokens), only
 * what names it.
 */
export type JobSummary = Job & { kind: JobKind };
export type JobState = Job['state'];

/** What identifies a job to the owner: a mail's recipient and subject, a webhook attempt's delivery. */
export function aboutJob(kind: JobKind, data: unknown): string | null {
  if (kind === 'webhook') return `webhook delivery ${(data as Partial<JobPayloads['webhook']>).deliveryId ?? ''}`;
  if (kind !== 'mail') return null;
  const mail = data as Partial<JobPayloads['mail']>;
  return `${mail.to ?? ''}: ${mail.subject ?? ''}`;
}

/** The most jobs a list answers (the newest first). */
export const JOB_LIST_LIMIT = 200;

export interface EnqueueOptions {
  id?: string;
  runAt?: Date;
}

export interface JobQueue {
  /**
   * Queues a job. `db` is the app's database or a transaction (or an organization's side of either): inside a
   * transaction the job commits with it. `id` names it (a mail's Message-ID is made from it); `runAt` delays it.
   * Answers the job's id.
   */
  enqueue<K extends JobKind>(db: Database | TenantDatabase, kind: K, data: JobPayloads[K], options?: EnqueueOptions): Promise<string>;
  /**
   * Queues a job of `kind` unless one was already queued in the same `everyMs` slot, by any process: what makes
   * scheduled work run once across processes.
   */
  enqueueOncePer(kind: JobKind, everyMs: number): Promise<void>;
  /** The jobs in `state`, newest first (at most JOB_LIST_LIMIT). */
  list(state: JobState): Promise<JobSummary[]>;
  /** How many jobs there are of each kind in each state (the metrics' `jobs` gauge, read at each scrape). */
  counts(): Promise<{ kind: JobKind; state: JobState; count: number }[]>;
  /** Gives a failed job one more attempt, now; false when no failed job has this id. */
  retry(id: string): Promise<boolean>;
  /** Starts this process's workers. */
  start(handlers: JobHandlers): Promise<void>;
  /** Resolves when no job is due or running (tests wait for it; a job waiting to be retried is not waited for). */
  settled(): Promise<void>;
  /** Stops claiming; waits for the jobs in hand. */
  stop(): Promise<void>;
}

/** The app's database, also when handed an organization's side of it. */
export function databaseOf(db: Database | TenantDatabase): Database {
  return 'tenantId' in db ? db.db : db;
}

/**
 * The wait before attempt `attempt + 1` (the same rule as pg-boss's `retryBackoff`): the delay doubles with each
 * attempt, and a random half of it spreads retries that failed together (an SMTP outage) over time.
 */
export function retryDelayMs(config: Pick<JobsConfig, 'retryDelaySeconds'>, attempt: number, random = Math.random()): number {
  const doubled = config.retryDelaySeconds * 2 ** Math.min(16, attempt);
  return Math.round((doubled / 2 + (doubled / 2) * random) * 1000);
}

/** An error as the owner reads it on a failed job: its message, never a stack. */
export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}
