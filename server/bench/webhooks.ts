/**
 * Webhooks benchmark: 100 events a second for a minute to a local receiver, delivery p99 under 2 s and none lost;
 * then the server is killed with SIGKILL mid-run and restarted, and every event must still arrive at least once,
 * duplicates counted and carrying the `webhook-id` of their first copy.
 *
 * For each database the parent migrates and seeds a fresh one (SQLite in a temporary DATA_DIR; PostgreSQL in a
 * schema of its own, `bench_webhooks_<random>`, dropped at the end with its `<schema>_jobs`): an organization, its
 * master, and one member for each event of both runs, written in bulk. The server is the production entry
 * (`node --import tsx src/main.ts`, NODE_ENV=production) in a child process on a fixed port, with
 * ALLOWED_WEBHOOK_HOSTS=127.0.0.1 and JOB_LEASE_SECONDS=5 (so that the jobs the killed process held run again soon).
 * Its master creates, through the API, one endpoint subscribed to `member.suspended` that points at a receiver in
 * this process (node:http on 127.0.0.1), which verifies every request's signature with the official
 * `standardwebhooks` package and records its `webhook-id`, the member the event names and when it arrived.
 *
 * An event is one PATCH /api/tenants/{tenantId}/tenant-users/{id} {is_active: false} that answered 200 (the
 * server publishes `member.suspended` in the transaction of the change): each suspends a member of its own, so a
 * delivery's `data.member.id` names its request. Requests start every 10 ms whatever the answers (open loop).
 *
 * - throughput: BENCH_WEBHOOK_SECONDS (60) seconds of events; the latency of an event is from its request's start
 *   to the first arrival of its delivery (its start, not its answer: the delivery may arrive before the answer,
 *   and an event is budgeted whole). The server's CPU time over the run (and on PostgreSQL the local server's).
 * - kill -9: another run; at 30% of it the server is killed (SIGKILL) and started again at once on the same
 *   database and port, while requests keep their schedule: those that failed meanwhile are "refused while down", not
 *   events (one whose change committed before the kill may still be delivered: counted apart).
 *
 * A run ends once every event has arrived and the database holds no pending delivery (a delivery the killed process
 * sent but had not recorded is sent again once its job's lease ends: only then is its duplicate known). Lost: events
 * that never arrived. Duplicates: events that arrived more than once; each must carry one webhook-id only.
 *
 * Below the table, for each run: how long the requests took to answer, the delivery p99 counted from the answer, the
 * p99 of each tenth of the run (a backlog that builds shows as a rising series), and the run's delivery rows by state.
 *
 * PostgreSQL is at BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, and is
 * skipped, with a note, when it does not answer; BENCH_WEBHOOK_DATABASES=sqlite (or pg) runs one database only;
 * BENCH_NODE_FLAGS and BENCH_CPU_PROF=<folder> reach the server as in the other benchmarks. The exit code is 1 when the throughput run's p99 is 2 s or more, an
 * event is lost, a signature does not verify, an event arrives under two webhook-ids, a request fails outside the
 * kill, or a run times out.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { Webhook } from 'standardwebhooks';
import { createApp } from '../src/app.js';
import { loadConfig, type Env } from '../src/config.js';
import { newId } from '../src/db/ids.js';
import { Tenant, TenantUser, User } from '../src/db/models.js';
import { createConfirmedUser } from '../src/features/accounts/service.js';
import { jobsSchema } from '../src/jobs/pg-queue.js';
import { accessToken, localPostgresCpu } from './support.js';

const PER_SECOND = 100;
const SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 60);
const EVENTS = Math.round(PER_SECOND * SECONDS);
const P99_BUDGET_MS = 2000;
const KILL_AT = 0.3;
const LEASE_SECONDS = 5;
/** After the last request: how long the deliveries may take to arrive and settle. */
const DRAIN_TIMEOUT_MS = 180_000;
const START_TIMEOUT_MS = 60_000;
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** BENCH_WEBHOOK_DATABASES=pg (or sqlite) runs one database only. */
const DATABASES = (['sqlite', 'pg'] as const).filter(
  (kind) => !process.env.BENCH_WEBHOOK_DATABASES || process.env.BENCH_WEBHOOK_DATABASES.split(',').includes(kind),
);
const MASTER = { email: 'master@webhooks.bench', name: 'Mona Master', password: 'Bench-pass-1' };

const serverEntry = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const serverRoot = fileURLToPath(new URL('..', import.meta.url));

type Kind = 'sqlite' | 'pg';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `test` holds (checked every 50 ms); false when `deadline` (Date.now()) passes first. */
async function until(test: () => boolean | Promise<boolean>, deadline: number): Promise<boolean> {
  while (!(await test())) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

// -------------------------------------------------------------------------------------------------
// The receiver

interface Arrival {
  webhookId: string;
  at: number;
}

interface Receiver {
  url: string;
  /** The endpoint's secret, once it is created. */
  secret: string | undefined;
  /** Arrivals by the member the event names (`data.member.id`). */
  arrivals: Map<string, Arrival[]>;
  requests: number;
  signatureFailures: number;
  /** Requests without a member.suspended body naming a member. */
  unreadable: number;
  close(): Promise<void>;
}

/** The endpoint: records each delivery, verifies its signature with the official package, answers 204. */
async function startReceiver(): Promise<Receiver> {
  let verifier: Webhook | undefined;
  let secret: string | undefined;
  const receiver: Receiver = {
    url: '',
    get secret() {
      return secret;
    },
    set secret(value) {
      secret = value;
      verifier = value ? new Webhook(value) : undefined;
    },
    arrivals: new Map(),
    requests: 0,
    signatureFailures: 0,
    unreadable: 0,
    close: async () => undefined,
  };
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A request cut by the kill never ends: it is not a delivery.
    request.on('error', () => undefined);
    request.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      receiver.requests += 1;
      try {
        if (!verifier) throw new Error('no secret yet');
        verifier.verify(body, request.headers as Record<string, string>);
      } catch {
        receiver.signatureFailures += 1;
      }
      const memberId = memberOf(body);
      const webhookId = headerOf(request.headers, 'webhook-id');
      if (memberId && webhookId) {
        const list = receiver.arrivals.get(memberId) ?? [];
        list.push({ webhookId, at });
        receiver.arrivals.set(memberId, list);
      } else receiver.unreadable += 1;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return receiver;
}

function memberOf(body: string): string | undefined {
  try {
    const event = JSON.parse(body) as { type?: string; data?: { member?: { id?: string } } };
    return event.type === 'member.suspended' ? event.data?.member?.id : undefined;
  } catch {
    return undefined;
  }
}

function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

// -------------------------------------------------------------------------------------------------
// The database and the server

interface Seed {
  tenantId: string;
  /** Memberships to suspend, one an event: the throughput run's, then the kill run's. */
  memberIds: string[];
}

/** Migrates the database `env` names and writes the organization, its master and `members` members in bulk. */
async function seed(env: Env, members: number): Promise<Seed> {
  const app = await createApp(loadConfig(env));
  try {
    const master = await createConfirmedUser(app.services, MASTER);
    const now = new Date().toISOString();
    const tenantId = newId();
    const users = Array.from({ length: members }, (_, index) => ({
      id: newId(),
      name: `Member ${index}`,
      email: `member-${index}@webhooks.bench`,
      password_hash: null,
      is_owner: false,
      is_active: true,
      confirmed_at: now,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    }));
    const membership = (userId: string, role: 'user' | 'master') => ({
      id: newId(),
      user_id: userId,
      role,
      is_active: true,
      invited_at: null,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
    const memberships = users.map((user) => membership(user.id, 'user'));
    await app.db.transaction(async (tx) => {
      await tx.insertRows(Tenant, [
        { id: tenantId, name: 'Webhooks Bench', slug: 'webhooks-bench', enable_bioreq: false, deleted_at: null, created_at: now, updated_at: now },
      ]);
      await tx.insertRows(User, users);
      await tx.inTenant(tenantId).insertRows(TenantUser, [...memberships, membership(master.id, 'master')]);
    });
    return { tenantId, memberIds: memberships.map((row) => row.id) };
  } finally {
    await app.close();
  }
}

/** A port nothing listens on now, kept by the server across its restart. */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface ServerProcess {
  child: ChildProcess;
  exited: Promise<void>;
  /** When it answered ready (performance.now()). */
  readyAt: number;
}

/** Forwards a child's output, each line marked as the server's. */
function forward(stream: NodeJS.ReadableStream | null, label: string): void {
  if (!stream) return;
  createInterface({ input: stream }).on('line', (line) => console.log(`  [${label}] ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`));
}

/**
 * The production entry on `port`, with the flags the other benchmark servers take (BENCH_NODE_FLAGS,
 * BENCH_CPU_PROF=<folder>); answers once /api/health/ready says 200.
 */
async function startServer(env: Env, port: number, label: string): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=tessera-source',
      ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      serverEntry,
    ],
    { cwd: serverRoot, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  forward(child.stdout, label);
  forward(child.stderr, label);
  let gone = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      gone = true;
      resolve();
    }),
  );
  const ready = await until(async () => {
    if (gone) throw new Error(`the server (${label}) exited before it was ready`);
    try {
      return (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 200;
    } catch {
      return false;
    }
  }, Date.now() + START_TIMEOUT_MS);
  if (!ready) {
    child.kill('SIGKILL');
    throw new Error(`the server (${label}) was not ready within ${START_TIMEOUT_MS / 1000} s`);
  }
  return { child, exited, readyAt: performance.now() };
}

/** Stops a server as an operator would (SIGTERM: the requests and jobs in hand finish). */
async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

/** A process's CPU time so far (s, user + system), from /proc; 0 once it has gone. */
function processCpuSeconds(child: ChildProcess): number {
  try {
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The delivery rows by state, read beside the server. */
async function deliveryStates(probe: Knex): Promise<Record<string, number>> {
  const rows = (await probe('webhook_deliveries').groupBy('state').select('state').count({ count: '*' })) as { state: string; count: number | string }[];
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
}

// -------------------------------------------------------------------------------------------------
// The load

interface Sent {
  memberId: string;
  sentAt: number;
  answeredAt: number;
  /** The HTTP status, or the network error's code. */
  status: number | string;
}

interface Target {
  base: string;
  token: string;
  tenantId: string;
}

async function suspend(target: Target, memberId: string): Promise<Sent> {
  const sentAt = performance.now();
  try {
    const response = await fetch(`${target.base}/api/tenants/${target.tenantId}/tenant-users/${memberId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ is_active: false }),
    });
    await response.arrayBuffer();
    return { memberId, sentAt, answeredAt: performance.now(), status: response.status };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { memberId, sentAt, answeredAt: performance.now(), status: cause?.code ?? (error as Error).message };
  }
}

/** One request every 1/PER_SECOND s, whatever the answers; `at(index)` runs (not awaited) before request `index`. */
async function sendAll(target: Target, memberIds: string[], at?: (index: number) => void): Promise<Sent[]> {
  const began = performance.now();
  const pending: Promise<Sent>[] = [];
  for (let index = 0; index < memberIds.length; index += 1) {
    const wait = began + (index * 1000) / PER_SECOND - performance.now();
    if (wait > 0) await sleep(wait);
    at?.(index);
    pending.push(suspend(target, memberIds[index]));
  }
  return Promise.all(pending);
}

// -------------------------------------------------------------------------------------------------
// The runs

interface RunResult {
  database: Kind;
  run: 'throughput' | 'kill -9';
  /** Requests that answered 200. */
  events: number;
  /** Requests that failed between the kill and the restart's readiness (kill run). */
  refusedWhileDown: number;
  /** Other requests that did not answer 200. */
  failedRequests: number;
  failures: string[];
  /** Requests that did not answer 200 whose event was delivered all the same (committed before the kill). */
  deliveredWithoutAnswer: number;
  delivered: number;
  lost: number;
  duplicates: number;
  extraDeliveries: number;
  /** Duplicated events whose copies all carry the same webhook-id. */
  duplicatesSameId: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** p99 from the request's answer rather than its start. */
  p99FromAnswerMs: number;
  /** How long the events' requests took to answer. */
  requestMs: { p50: number; p99: number };
  /** The p99 of the events of each tenth of the run, by their request's start. */
  p99ByTenthMs: number[];
  seconds: number;
  serverCpuSeconds: number;
  postgresCpuSeconds?: number;
  signatureFailures: number;
  unreadable: number;
  deliveryStates: Record<string, number>;
  timedOut: boolean;
  kill?: { afterEvents: number; downSeconds: number };
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

interface RunContext {
  kind: Kind;
  env: Env;
  port: number;
  target: Target;
  receiver: Receiver;
  probe: Knex;
}

/** Waits for every event to arrive and no delivery to be pending, then tallies the run. */
async function finish(
  context: RunContext,
  run: RunResult['run'],
  requests: Sent[],
  began: number,
  measures: {
    serverCpuSeconds: () => number;
    postgresBefore: number | undefined;
    isRefusal: (request: Sent) => boolean;
    /** The delivery rows by state before the run (the database keeps the earlier run's). */
    statesBefore: Record<string, number>;
  },
): Promise<Omit<RunResult, 'kill'>> {
  const { receiver, probe } = context;
  const events = requests.filter((request) => request.status === 200);
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  const arrived = await until(() => events.every((event) => receiver.arrivals.has(event.memberId)), deadline);
  const settled = arrived && (await until(async () => ((await deliveryStates(probe)).pending ?? 0) === 0, deadline));
  const seconds = (performance.now() - began) / 1000;
  const serverCpuSeconds = measures.serverCpuSeconds();
  const postgresAfter = context.kind === 'pg' ? localPostgresCpu() : undefined;

  const latencies: number[] = [];
  const fromAnswer: number[] = [];
  let duplicates = 0;
  let extraDeliveries = 0;
  let duplicatesSameId = 0;
  for (const event of events) {
    const arrivals = receiver.arrivals.get(event.memberId);
    if (!arrivals) continue;
    const first = Math.min(...arrivals.map((arrival) => arrival.at));
    latencies.push(first - event.sentAt);
    fromAnswer.push(first - event.answeredAt);
    if (arrivals.length > 1) {
      duplicates += 1;
      extraDeliveries += arrivals.length - 1;
      if (new Set(arrivals.map((arrival) => arrival.webhookId)).size === 1) duplicatesSameId += 1;
    }
  }
  const tenths = Array.from({ length: 10 }, () => [] as number[]);
  const span = Math.max(1, (requests.at(-1)?.sentAt ?? began) - began);
  for (const event of events) {
    const arrivals = receiver.arrivals.get(event.memberId);
    if (arrivals) tenths[Math.min(9, Math.floor(((event.sentAt - began) / span) * 10))].push(Math.min(...arrivals.map((arrival) => arrival.at)) - event.sentAt);
  }
  latencies.sort((a, b) => a - b);
  fromAnswer.sort((a, b) => a - b);
  const answers = events.map((event) => event.answeredAt - event.sentAt).sort((a, b) => a - b);
  const failed = requests.filter((request) => request.status !== 200);
  const refused = failed.filter((request) => measures.isRefusal(request));
  const others = failed.filter((request) => !measures.isRefusal(request));
  const failures = [...new Set(others.map((request) => String(request.status)))];
  return {
    database: context.kind,
    run,
    events: events.length,
    refusedWhileDown: refused.length,
    failedRequests: others.length,
    failures,
    deliveredWithoutAnswer: failed.filter((request) => receiver.arrivals.has(request.memberId)).length,
    delivered: latencies.length,
    lost: events.length - latencies.length,
    duplicates,
    extraDeliveries,
    duplicatesSameId,
    latencyMs: { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), p99: percentile(latencies, 0.99), max: latencies.at(-1) ?? Number.NaN },
    p99FromAnswerMs: percentile(fromAnswer, 0.99),
    p99ByTenthMs: tenths.map((tenth) =>
      percentile(
        tenth.sort((a, b) => a - b),
        0.99,
      ),
    ),
    seconds,
    serverCpuSeconds,
    postgresCpuSeconds: measures.postgresBefore !== undefined && postgresAfter !== undefined ? (postgresAfter - measures.postgresBefore) / 1e6 : undefined,
    signatureFailures: receiver.signatureFailures,
    unreadable: receiver.unreadable,
    deliveryStates: Object.fromEntries(
      Object.entries(await deliveryStates(probe))
        .map(([state, count]) => [state, count - (measures.statesBefore[state] ?? 0)])
        .filter(([, count]) => count !== 0),
    ),
    requestMs: { p50: percentile(answers, 0.5), p99: percentile(answers, 0.99) },
    timedOut: !settled,
  };
}

async function throughputRun(context: RunContext, memberIds: string[]): Promise<RunResult> {
  console.log(`\n${context.kind}, throughput: ${memberIds.length} events at ${PER_SECOND}/s`);
  const server = await startServer(context.env, context.port, `${context.kind} server`);
  try {
    const statesBefore = await deliveryStates(context.probe);
    const cpuBefore = processCpuSeconds(server.child);
    const postgresBefore = context.kind === 'pg' ? localPostgresCpu() : undefined;
    const began = performance.now();
    const requests = await sendAll(context.target, memberIds);
    console.log(`  sent ${requests.length} requests in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    return await finish(context, 'throughput', requests, began, {
      serverCpuSeconds: () => processCpuSeconds(server.child) - cpuBefore,
      postgresBefore,
      isRefusal: () => false,
      statesBefore,
    });
  } finally {
    await stopServer(server);
  }
}

async function killRun(context: RunContext, memberIds: string[]): Promise<RunResult> {
  const killIndex = Math.floor(memberIds.length * KILL_AT);
  console.log(
    `\n${context.kind}, kill -9 at ${KILL_AT * 100}%: ${memberIds.length} requests at ${PER_SECOND}/s, the server killed before request ${killIndex}`,
  );
  const first = await startServer(context.env, context.port, `${context.kind} server`);
  let second: ServerProcess | undefined;
  let restarting: Promise<void> | undefined;
  let killedAt = Number.POSITIVE_INFINITY;
  let upAgainAt = Number.POSITIVE_INFINITY;
  let firstCpu = 0;
  let secondCpuBefore = 0;
  try {
    const statesBefore = await deliveryStates(context.probe);
    const cpuBefore = processCpuSeconds(first.child);
    const postgresBefore = context.kind === 'pg' ? localPostgresCpu() : undefined;
    const began = performance.now();
    const requests = await sendAll(context.target, memberIds, (index) => {
      if (index !== killIndex) return;
      restarting = (async () => {
        firstCpu = processCpuSeconds(first.child) - cpuBefore;
        killedAt = performance.now();
        first.child.kill('SIGKILL');
        await first.exited;
        second = await startServer(context.env, context.port, `${context.kind} server, restarted`);
        secondCpuBefore = processCpuSeconds(second.child);
        upAgainAt = second.readyAt;
        console.log(`  killed the server after ${killIndex} requests; ready again ${((upAgainAt - killedAt) / 1000).toFixed(1)} s later`);
      })();
    });
    await restarting;
    console.log(`  sent ${requests.length} requests in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    const result = await finish(context, 'kill -9', requests, began, {
      serverCpuSeconds: () => firstCpu + (second ? processCpuSeconds(second.child) - secondCpuBefore : 0),
      postgresBefore,
      // Failed after the kill, and sent before the restart was ready: refused (or cut) while the server was down.
      isRefusal: (request) => request.answeredAt >= killedAt && request.sentAt <= upAgainAt,
      statesBefore,
    });
    return { ...result, kill: { afterEvents: killIndex, downSeconds: (upAgainAt - killedAt) / 1000 } };
  } finally {
    if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
    await restarting?.catch(() => undefined);
    if (second) await stopServer(second);
  }
}

/** Both runs on one database, created for them and dropped after; undefined when PostgreSQL does not answer. */
async function benchDatabase(kind: Kind): Promise<RunResult[] | undefined> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-webhooks-'));
  const env: Env = {
    NODE_ENV: 'production',
    TESSERA_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DATABASE_SCHEMA: '',
    LOG_LEVEL: 'warn',
    SHUTDOWN_DELAY_MS: '0',
    ALLOWED_WEBHOOK_HOSTS: '127.0.0.1',
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
  };
  const admin = kind === 'pg' ? knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } }) : undefined;
  let probe: Knex | undefined;
  let receiver: Receiver | undefined;
  try {
    if (admin) {
      try {
        await admin.raw('select 1');
      } catch (error) {
        console.log(`\nPostgreSQL: skipped (${PG_URL.replace(/\/\/[^@/]*@/, '//…@')} does not answer: ${(error as Error).message})`);
        return undefined;
      }
      const schema = `bench_webhooks_${randomBytes(4).toString('hex')}`;
      await admin.raw('CREATE SCHEMA ??', [schema]);
      Object.assign(env, { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });
    }
    const seeding = performance.now();
    const { tenantId, memberIds } = await seed(env, 2 * EVENTS);
    console.log(`\n${kind}: seeded an organization with ${memberIds.length} members in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    probe =
      kind === 'pg'
        ? knexFactory({ client: 'pg', connection: PG_URL, searchPath: [env.DATABASE_SCHEMA!], pool: { min: 0, max: 1 } })
        : knexFactory({ client: 'better-sqlite3', connection: { filename: join(dataDir, 'tessera.sqlite') }, useNullAsDefault: true });
    receiver = await startReceiver();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;

    // The endpoint, through the API as the master, on a server started for it.
    const setup = await startServer(env, port, `${kind} server`);
    let token: string;
    try {
      token = await accessToken(base, MASTER.email, MASTER.password);
      const created = await fetch(`${base}/api/tenants/${tenantId}/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, events: ['member.suspended'], description: 'Webhooks benchmark' }),
      });
      if (created.status !== 201) throw new Error(`creating the endpoint answered ${created.status}: ${await created.text()}`);
      receiver.secret = ((await created.json()) as { data: { secret: string } }).data.secret;
    } finally {
      await stopServer(setup);
    }

    const context: RunContext = { kind, env, port, target: { base, token, tenantId }, receiver, probe };
    return [await throughputRun(context, memberIds.slice(0, EVENTS)), await killRun(context, memberIds.slice(EVENTS))];
  } finally {
    await receiver?.close();
    await probe?.destroy();
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

// -------------------------------------------------------------------------------------------------
// The report

function printTable(results: RunResult[]): void {
  const ms = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(0));
  const header = [
    'database',
    'run',
    'requests',
    'refused while down',
    'events',
    'delivered',
    'lost',
    'duplicates (extra)',
    'same webhook-id',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    `p99 < ${P99_BUDGET_MS / 1000} s`,
    'seconds',
    'server CPU s',
    'PG CPU s',
    'bad signatures',
  ];
  const rows = results.map((result) => [
    result.database,
    result.run,
    String(result.events + result.refusedWhileDown + result.failedRequests),
    result.run === 'kill -9' ? String(result.refusedWhileDown) : '—',
    String(result.events),
    String(result.delivered),
    String(result.lost),
    `${result.duplicates} (${result.extraDeliveries})`,
    `${result.duplicatesSameId}/${result.duplicates}`,
    ms(result.latencyMs.p50),
    ms(result.latencyMs.p95),
    ms(result.latencyMs.p99),
    ms(result.latencyMs.max),
    result.run === 'throughput' ? (result.latencyMs.p99 < P99_BUDGET_MS ? 'met' : 'missed') : '—',
    result.timedOut ? `> ${DRAIN_TIMEOUT_MS / 1000} after load (timed out)` : result.seconds.toFixed(1),
    result.serverCpuSeconds.toFixed(1),
    result.postgresCpuSeconds?.toFixed(1) ?? '—',
    String(result.signatureFailures),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(
    `\nWebhooks: ${PER_SECOND} events/s for ${SECONDS} s to a local receiver (budget: p99 < ${P99_BUDGET_MS / 1000} s, 0 lost, also after kill -9; JOB_LEASE_SECONDS=${LEASE_SECONDS})`,
  );
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
  console.log(
    '  latency: from the request\'s start to the first arrival of its delivery; "seconds": from the first request until every event arrived and settled',
  );
  for (const result of results) {
    const notes = [
      `requests answered in p50 ${ms(result.requestMs.p50)} / p99 ${ms(result.requestMs.p99)} ms`,
      `delivery p99 from the answer ${ms(result.p99FromAnswerMs)} ms`,
      `p99 by tenth of the run ${result.p99ByTenthMs.map(ms).join('/')} ms`,
      `delivery rows ${Object.entries(result.deliveryStates)
        .map(([state, count]) => `${count} ${state}`)
        .join(', ')}`,
    ];
    if (result.kill) notes.push(`killed after ${result.kill.afterEvents} requests, ready again after ${result.kill.downSeconds.toFixed(1)} s`);
    if (result.deliveredWithoutAnswer > 0)
      notes.push(`${result.deliveredWithoutAnswer} requests cut by the kill were delivered all the same (committed first)`);
    if (result.failedRequests > 0) notes.push(`${result.failedRequests} requests failed (${result.failures.join(', ')})`);
    if (result.unreadable > 0) notes.push(`${result.unreadable} requests to the receiver named no member`);
    if (result.run === 'throughput' && result.duplicates > 0) notes.push(`${result.duplicates} duplicates without a kill`);
    console.log(`  ${result.database} ${result.run}: ${notes.join('; ')}`);
  }
}

export async function runWebhooksBench(): Promise<boolean> {
  const results: RunResult[] = [];
  for (const kind of DATABASES) results.push(...((await benchDatabase(kind)) ?? []));
  printTable(results);
  let ok = true;
  for (const result of results) {
    const problems = [
      result.timedOut ? 'timed out' : '',
      result.run === 'throughput' && !(result.latencyMs.p99 < P99_BUDGET_MS) ? `p99 ${result.latencyMs.p99.toFixed(0)} ms` : '',
      result.lost > 0 ? `${result.lost} lost` : '',
      result.signatureFailures > 0 ? `${result.signatureFailures} signatures did not verify` : '',
      result.duplicatesSameId < result.duplicates ? `${result.duplicates - result.duplicatesSameId} events arrived under two webhook-ids` : '',
      result.failedRequests > 0 ? `${result.failedRequests} requests failed outside the kill` : '',
    ].filter(Boolean);
    if (problems.length === 0) continue;
    ok = false;
    console.log(`FAIL  ${result.database} ${result.run}: ${problems.join(', ')}`);
  }
  return ok;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const ok = await runWebhooksBench();
  process.exit(ok ? 0 : 1);
}
