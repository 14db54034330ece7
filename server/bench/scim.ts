/**
 * SCIM provisioning benchmark (issue 33): an identity provider's first sync, on SQLite and PostgreSQL.
 *
 * 1. Provisioning: BENCH_SCIM_USERS (default 10,000) `POST /Users` bodies as Okta sends them, at BENCH_SCIM_CONNECTIONS
 *    (default 16) connections. Budget on SQLite: at least 300 users a second.
 * 2. Lookup: `GET /Users?filter=userName eq "…"` (Okta's search before each create) of random users of those 10,000:
 *    1,000 on one connection (the call's own latency; budget: p99 under 20 ms), then 2,000 at 16 connections (how many
 *    a second).
 * 3. Deactivation: 1,000 users by Entra ID's `PATCH {"op":"Replace","path":"active","value":"False"}` at 16 connections.
 *
 * PostgreSQL is at BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, in a schema
 * made for the run and dropped after; skipped, with a note, when it does not answer. BENCH_SCIM_DATABASES=sqlite (or
 * pg) runs one. Prints the figures and PASS or "not met"; the exit code is 1 when a call fails or a budget is not met.
 *
 *   cd server && npx tsx --conditions=tessera-source bench/scim.ts
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { jobsSchema } from '../src/jobs/pg-queue.js';
import { cpuTime, localPostgresCpu, startBenchServer, percentile } from './support.js';

const USERS = Number(process.env.BENCH_SCIM_USERS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_SCIM_CONNECTIONS ?? 16);
const LOOKUPS = 2_000;
const DEACTIVATIONS = Math.min(1_000, USERS);
const CREATE_RATE_BUDGET = 300;
const LOOKUP_P99_BUDGET_MS = 20;
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DATABASES = (['sqlite', 'pg'] as const).filter((kind) => !process.env.BENCH_SCIM_DATABASES || process.env.BENCH_SCIM_DATABASES.split(',').includes(kind));

interface Ready {
  url: string;
  tenantId: string;
  token: string;
}

const ms = (value: number) => value.toFixed(1);

/** Runs `count` calls over CONNECTIONS connections; answers each call's duration (ms) and the whole run's seconds. */
interface Run {
  times: number[];
  seconds: number;
  /** The server process's CPU time per call (µs), and PostgreSQL's when it runs on this machine. */
  serverCpu?: number;
  postgresCpu?: number;
}

async function load(count: number, call: (index: number) => Promise<void>, connections = CONNECTIONS): Promise<Run> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        const index = next++;
        const begun = performance.now();
        await call(index);
        times.push(performance.now() - begun);
      }
    }),
  );
  return { times: times.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

/** The phase with the server's (and a local PostgreSQL's) CPU time per call: a figure a loaded machine does not change. */
async function measured(kind: Kind, child: ChildProcess, count: number, call: (index: number) => Promise<void>, connections = CONNECTIONS): Promise<Run> {
  const postgresCpu = () => (kind === 'pg' ? localPostgresCpu() : undefined);
  const [serverBefore, postgresBefore] = [await cpuTime(child), postgresCpu()];
  const run = await load(count, call, connections);
  const [serverAfter, postgresAfter] = [await cpuTime(child), postgresCpu()];
  return {
    ...run,
    serverCpu: (serverAfter - serverBefore) / count,
    postgresCpu: postgresBefore !== undefined && postgresAfter !== undefined ? (postgresAfter - postgresBefore) / count : undefined,
  };
}

function describe(name: string, run: Run): string {
  const rate = run.times.length / run.seconds;
  const cpu = run.serverCpu === undefined ? '' : `; server CPU ${(run.serverCpu / 1000).toFixed(2)} ms/call`;
  const postgres = run.postgresCpu === undefined ? '' : `, PostgreSQL CPU ${(run.postgresCpu / 1000).toFixed(2)} ms/call`;
  return `${name}: ${run.times.length} in ${run.seconds.toFixed(1)} s = ${rate.toFixed(0)}/s; p50 ${ms(percentile(run.times, 50))} ms, p99 ${ms(percentile(run.times, 99))} ms${cpu}${postgres}`;
}

type Kind = 'sqlite' | 'pg';

async function scenario(kind: Kind): Promise<boolean> {
  const env: Record<string, string> = {};
  const admin = kind === 'pg' ? knexFactory({ client: 'pg', connection: PG_URL, pool: { min: 0, max: 1 } }) : undefined;
  if (admin) {
    try {
      await admin.raw('select 1');
    } catch (error) {
      console.log(`PostgreSQL: skipped (${(error as Error).message})`);
      await admin.destroy();
      return true;
    }
    env.DATABASE_SCHEMA = `bench_scim_${randomBytes(4).toString('hex')}`;
    env.DATABASE_URL = PG_URL;
    await admin.raw('CREATE SCHEMA ??', [env.DATABASE_SCHEMA]);
  }
  Object.assign(process.env, env);
  const { child, message: ready } = await startBenchServer<Ready>('servers/scim.ts');
  for (const name of Object.keys(env)) delete process.env[name];
  let passed = true;
  try {
    const base = `${ready.url}/scim/v2/${ready.tenantId}`;
    const headers = { Authorization: `Bearer ${ready.token}`, 'Content-Type': 'application/scim+json', Accept: 'application/scim+json' };
    const email = (index: number) => `person.${index}@provisioned.example`;
    const ids: string[] = new Array<string>(USERS);

    const creates = await measured(kind, child, USERS, async (index) => {
      const response = await fetch(`${base}/Users`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: email(index),
          name: { givenName: 'Person', familyName: `Number ${index}` },
          emails: [{ primary: true, value: email(index), type: 'work' }],
          displayName: `Person Number ${index}`,
          locale: 'en-US',
          externalId: `00u${index}`,
          groups: [],
          active: true,
        }),
      });
      const body = (await response.json()) as { id?: string };
      if (response.status !== 201 || !body.id) throw new Error(`POST /Users answered ${response.status}: ${JSON.stringify(body)}`);
      ids[index] = body.id;
    });
    const createRate = creates.times.length / creates.seconds;

    const lookup = async () => {
      const wanted = email(Math.floor(Math.random() * USERS));
      const filter = encodeURIComponent(`userName eq "${wanted}"`);
      const response = await fetch(`${base}/Users?filter=${filter}&startIndex=1&count=100`, { headers });
      const body = (await response.json()) as { totalResults?: number };
      if (response.status !== 200 || body.totalResults !== 1) throw new Error(`GET /Users?filter answered ${response.status}: ${JSON.stringify(body)}`);
    };
    // The call's own latency (one connection, as Okta searches before each create) holds the budget; 16 connections
    // say how many lookups a second the server answers.
    const lookups = await measured(kind, child, LOOKUPS / 2, lookup, 1);
    const lookupsLoaded = await measured(kind, child, LOOKUPS, lookup);
    const lookupP99 = percentile(lookups.times, 99);

    const deactivations = await measured(kind, child, DEACTIVATIONS, async (index) => {
      const response = await fetch(`${base}/Users/${ids[index]}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] }),
      });
      const body = (await response.json()) as { active?: boolean };
      if (response.status !== 200 || body.active !== false) throw new Error(`PATCH /Users answered ${response.status}: ${JSON.stringify(body)}`);
    });

    const createsMet = kind !== 'sqlite' || createRate >= CREATE_RATE_BUDGET;
    const lookupsMet = lookupP99 < LOOKUP_P99_BUDGET_MS;
    passed = createsMet && lookupsMet;
    console.log(`\n${kind} (${CONNECTIONS} connections)`);
    console.log(`  ${describe('POST /Users', creates)}${kind === 'sqlite' ? ` (budget ≥ ${CREATE_RATE_BUDGET}/s: ${createsMet ? 'PASS' : 'not met'})` : ''}`);
    console.log(
      `  ${describe('GET /Users?filter=userName eq, 1 connection', lookups)} (budget p99 < ${LOOKUP_P99_BUDGET_MS} ms: ${lookupsMet ? 'PASS' : 'not met'})`,
    );
    console.log(`  ${describe(`GET /Users?filter=userName eq, ${CONNECTIONS} connections`, lookupsLoaded)}`);
    console.log(`  ${describe('PATCH active False', deactivations)}`);
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
    if (admin && env.DATABASE_SCHEMA) {
      await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [env.DATABASE_SCHEMA]);
      await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [jobsSchema(env.DATABASE_SCHEMA)]);
      await admin.destroy();
    }
  }
  return passed;
}

let ok = true;
for (const kind of DATABASES) {
  try {
    ok = (await scenario(kind)) && ok;
  } catch (error) {
    console.error(`${kind}: ${(error as Error).message}`);
    ok = false;
  }
}
process.exit(ok ? 0 : 1);
