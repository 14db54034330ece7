/**
 * What the benchmark's parent and its server children share: each server runs in a child process (so the
 * load generator does not share its event loop), tells the parent its figures once ready, reports its CPU
 * time on request, and stops when the parent disconnects.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import type { TesseraApp } from '../src/app.js';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../src/config.js';
import type { Knex } from '../src/db/knex.js';
import { mergeSearchIndexes } from '../src/db/trigram-search.js';

/** Parent: starts `file` (relative to bench/) and answers its first message. */
export function startBenchServer<T>(file: string, args: string[] = []): Promise<{ child: ChildProcess; message: T }> {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), args, {
    // BENCH_CPU_PROF=<folder> writes a V8 CPU profile of each server child there (open it in Chrome's DevTools).
    execArgv: [
      '--import',
      'tsx',
      '--conditions=tessera-source',
      ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, message: message as T }));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

/**
 * Parent: the child's time so far, in µs: CPU time of all its threads (user + system: a request's cost, whatever
 * else loads the machine), and the time its main thread (the event loop) was busy.
 */
export function serverTimes(child: ChildProcess): Promise<{ cpu: number; mainThread: number }> {
  return new Promise((resolve) => {
    child.once('message', (message) => {
      const { cpu, mainThreadMs } = message as { cpu: NodeJS.CpuUsage; mainThreadMs: number };
      resolve({ cpu: cpu.user + cpu.system, mainThread: mainThreadMs * 1000 });
    });
    child.send('cpu');
  });
}

/** The middle value (the mean of the two middle ones when there are an even number). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Parent: the child's CPU time so far (µs). */
export async function cpuTime(child: ChildProcess): Promise<number> {
  return (await serverTimes(child)).cpu;
}

/** Linux's clock ticks a second in /proc (USER_HZ: 100 on every architecture's user-space interface). */
const TICKS_PER_SECOND = 100;

/**
 * Parent: the CPU time so far (µs, user + system) of this machine's PostgreSQL processes (the postmaster, its
 * backends and workers: their command name starts with `postgres`), read from /proc; undefined where there is no
 * /proc or no such process (a database on another machine). A figure for the database's own work per request, which
 * the server's CPU time leaves out. A backend that ends between two readings takes its time with it: the pool keeps
 * its connections while the load runs.
 */
export function localPostgresCpu(): number | undefined {
  let ticks: number | undefined;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // the process ended meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!name.startsWith('postgres')) continue;
    // After the name: state is field 3 of stat(5); utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks = (ticks ?? 0) + Number(fields[11]) + Number(fields[12]);
  }
  return ticks === undefined ? undefined : (ticks * 1_000_000) / TICKS_PER_SECOND;
}

/** An access token through the password grant. */
export async function accessToken(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'tessera-web', email, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Child: login limits raised so that load measures the server, not 429s. */
export const UNLIMITED_RATES = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([name, rule]) => [name, { ...rule, points: 1_000_000 }]),
) as RateLimitConfig;

/** Parent: the child's resident memory (bytes). */
export function serverMemory(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve((message as { rss: number }).rss));
    child.send('memory');
  });
}

/**
 * Child: answers the parent's CPU time and memory requests, and stops the app and removes its data when the
 * parent leaves.
 */
export function serveParent(app: Pick<TesseraApp, 'close'>, dataDir: string): void {
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage(), mainThreadMs: performance.eventLoopUtilization().active });
    if (message === 'memory') process.send?.({ rss: process.memoryUsage.rss() });
  });
  process.on('disconnect', () => {
    void app.close().then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

/**
 * A server seeded while it runs, brought to what a running server keeps: planner statistics (PRAGMA optimize at
 * start and with each purge), each search index merged into one segment (mergeSearchIndexes, on the same
 * schedule), and the write-ahead log copied into the database file. Without the merge a trigram index answers from
 * the bulk load's many segments, at twice the cost. Without the checkpoint every read looks its pages up in the
 * seed's 15 MB of log first (a passive checkpoint cannot finish while the seed's reads overlap its writes; a server
 * that has run a while has checkpointed since), which doubled list timings and made them differ from run to run.
 */
export async function settleSqlite(knex: Knex): Promise<void> {
  await knex.raw('ANALYZE');
  await mergeSearchIndexes(knex);
  await knex.raw('PRAGMA wal_checkpoint(TRUNCATE)');
}

/** Whether the benchmark PostgreSQL (BENCH_DATABASE_URL, else the local test database) answers: its scenarios are skipped when not. */
export async function postgresAnswers(): Promise<boolean> {
  const admin = knexFactory({
    client: 'pg',
    connection: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    pool: { min: 0, max: 1 },
  });
  try {
    await admin.raw('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await admin.destroy();
  }
}

/** The p-th percentile of ascending `sorted` values (0 when there are none). */
export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Milliseconds to one decimal, as the benchmarks print them. */
export const roundTenth = (value: number): number => Math.round(value * 10) / 10;

export interface BenchResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A load generator's HTTP client: node:http on keep-alive connections, at most `connections` at once. It costs the
 * machine a fraction of what `fetch` does (a pair of fetch calls took about 4 ms of CPU here, as much as the server's
 * work it measured, on the same two cores), so the figures are the server's.
 */
export function benchClient(baseUrl: string, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const origin = new URL(baseUrl);
  return function send(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<BenchResponse> {
    return new Promise((resolve, reject) => {
      const headers = { ...options.headers, ...(options.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(options.body)) }) };
      const call = httpRequest({ agent, host: origin.hostname, port: origin.port, method, path, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        response.on('error', reject);
      });
      call.on('error', reject);
      call.end(options.body);
    });
  };
}
