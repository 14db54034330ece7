/**
 * The people scenario of `npm run bench` (issue 3): an organization with 10,000 members in 200 groups,
 * loaded at 32 connections on SQLite with
 *   - GET /api/tenants/{tenant}/tenant-users page 1, with a search term, sorted by joined (as its master);
 *   - GET /api/users/me for a person with 50 memberships.
 * Budgets: p99 under 50 ms for both, and SQL queries per request that do not grow with the page size or
 * the number of memberships (counted on knex's 'query' event; the session lookup is one more). run.ts calls `runPeopleBench`; `tsx bench/people.ts` runs it alone.
 */
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { cpuTime, startBenchServer } from './support.js';

const CONNECTIONS = 32;
const P99_BUDGET_MS = 50;

interface QueryCount {
  request: string;
  queries: number;
  rows: number;
}

interface PeopleServer {
  url: string;
  tokens: { master: string; one: string; fifty: string };
  membersPath: string;
  seedSeconds: number;
  queryCounts: QueryCount[];
}

interface Scenario {
  name: string;
  path: (server: PeopleServer) => string;
  token: (server: PeopleServer) => string;
}

const SCENARIOS: Scenario[] = [
  { name: 'GET tenant-users (10k, search, joined)', path: (s) => s.membersPath, token: (s) => s.tokens.master },
  { name: 'GET /api/users/me (50 memberships)', path: () => '/api/users/me', token: (s) => s.tokens.fifty },
];

async function load(server: PeopleServer, scenario: Scenario, duration: number): Promise<Result> {
  return autocannon({
    url: `${server.url}${scenario.path(server)}`,
    connections: CONNECTIONS,
    duration,
    headers: { Authorization: `Bearer ${scenario.token(server)}` },
  });
}

function printQueryCounts(counts: QueryCount[]): void {
  console.log('SQL queries per request (knex query events; the session lookup is one more prepared statement each):');
  for (const count of counts) console.log(`  ${count.request.padEnd(40)} ${String(count.queries).padStart(3)} queries  (${count.rows} rows)`);
}

interface Measured {
  name: string;
  result: Result;
  /** Server CPU time per completed request (µs): the cost of a request, whatever else loads the machine. */
  cpuPerRequest: number;
}

function printLoad(rows: Measured[]): void {
  const header = `${'scenario'.padEnd(42)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'CPU µs/req'.padStart(11)} ${'non-2xx'.padStart(8)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const { name, result, cpuPerRequest } of rows) {
    const cells = [
      result.requests.average.toFixed(0).padStart(8),
      String(result.latency.p50).padStart(7),
      String(result.latency.p99).padStart(7),
      String(result.latency.max).padStart(7),
      cpuPerRequest.toFixed(0).padStart(11),
      String(result.non2xx).padStart(8),
    ];
    console.log(`${name.padEnd(42)} ${cells.join(' ')}`);
  }
}

/**
 * A list costs the page plus, when rows follow it, a count (so at most 2); /users/me one grouped count
 * whatever the number of memberships.
 */
function queriesAreBounded(counts: QueryCount[]): boolean {
  const lists = counts.filter((count) => count.request.startsWith('tenant-users'));
  const me = counts.filter((count) => count.request.startsWith('/users/me'));
  return lists.every((count) => count.queries <= 2) && me.every((count) => count.queries === me[0].queries);
}

/** Runs the scenario and prints its figures; answers whether every budget held. */
export async function runPeopleBench(duration: number): Promise<boolean> {
  const { child, message: server } = await startBenchServer<PeopleServer>('./servers/people.ts');
  try {
    console.log(
      `\nPeople: 10,000 members in 200 groups, a person with 50 memberships (seeded in ${server.seedSeconds.toFixed(1)} s), ${CONNECTIONS} connections, SQLite.\n`,
    );
    printQueryCounts(server.queryCounts);
    console.log('');
    const rows: Measured[] = [];
    for (const scenario of SCENARIOS) {
      await load(server, scenario, 1);
      const before = await cpuTime(child);
      const result = await load(server, scenario, duration);
      rows.push({ name: scenario.name, result, cpuPerRequest: ((await cpuTime(child)) - before) / Math.max(1, result.requests.total) });
    }
    printLoad(rows);

    const checks = [
      ...rows.map(({ name, result }) => ({
        description: `${name} p99 < ${P99_BUDGET_MS} ms`,
        ok: result.latency.p99 < P99_BUDGET_MS && result.non2xx === 0,
        actual: `${result.latency.p99} ms`,
      })),
      {
        description: 'queries per request: lists at most 2 at any page size, /users/me the same for 1 and 50 memberships',
        ok: queriesAreBounded(server.queryCounts),
        actual: server.queryCounts.map((count) => count.queries).join('/'),
      },
    ];
    console.log('\nBudgets (people):');
    for (const check of checks) console.log(`  ${check.ok ? 'PASS' : 'FAIL'}  ${check.description} (measured ${check.actual})`);
    return checks.every((check) => check.ok);
  } finally {
    child.disconnect();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const ok = await runPeopleBench(Number(process.env.BENCH_DURATION ?? 10));
  process.exitCode = ok ? 0 : 1;
}
