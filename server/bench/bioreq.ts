/**
 * The bioreq scenario of `npm run bench` (issue 13): 100,000 documents of 10,000 members on SQLite, the reviewer's
 * lists loaded at 32 connections:
 *   - the Pending tab, page 1 (newest first);
 *   - the Pending tab searched by title (a surname: a few hundred matches);
 *   - the Processed tab sorted by title, page 3.
 * Budgets: p99 under 30 ms for the pending list with a search, and SQL queries per request that do not grow with
 * the page size or the number of documents (counted on knex's 'query' event). run.ts calls `runBioreqBench`; `tsx bench/bioreq.ts` runs it alone.
 */
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { cpuTime, startBenchServer } from './support.js';

const CONNECTIONS = 32;
const P99_BUDGET_MS = 30;

interface BioreqServer {
  url: string;
  token: string;
  paths: { pending: string; pendingSearch: string; processedByTitle: string };
  seedSeconds: number;
  queryCounts: { request: string; queries: number; rows: number }[];
}

const SCENARIOS = [
  { name: 'GET bioreq pending, page 1', path: (s: BioreqServer) => s.paths.pending, budget: false },
  { name: 'GET bioreq pending, search', path: (s: BioreqServer) => s.paths.pendingSearch, budget: true },
  { name: 'GET bioreq processed, title, page 3', path: (s: BioreqServer) => s.paths.processedByTitle, budget: false },
];

function load(server: BioreqServer, path: string, duration: number, connections = CONNECTIONS): Promise<Result> {
  return autocannon({ url: `${server.url}${path}`, connections, duration, headers: { Authorization: `Bearer ${server.token}` } });
}

/** Fewer connections than the budget's 32, to tell a request's own latency from the queue behind it. */
const FEWER_CONNECTIONS = [1, 8];

/** Runs the scenario and prints its figures; answers whether every budget held. */
export async function runBioreqBench(duration: number): Promise<boolean> {
  const { child, message: server } = await startBenchServer<BioreqServer>('./servers/bioreq.ts');
  try {
    console.log(`\nBioreq: 100,000 documents of 10,000 members (seeded in ${server.seedSeconds.toFixed(1)} s), ${CONNECTIONS} connections, SQLite.\n`);
    console.log('SQL queries per request (knex query events; the session lookup is one more prepared statement each):');
    for (const count of server.queryCounts) console.log(`  ${count.request.padEnd(34)} ${String(count.queries).padStart(3)} queries  (${count.rows} rows)`);
    const header = `\n${'scenario'.padEnd(38)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'CPU µs/req'.padStart(11)} ${'non-2xx'.padStart(8)}`;
    console.log(header);
    const checks: { description: string; ok: boolean; actual: string }[] = [];
    for (const scenario of SCENARIOS) {
      const path = scenario.path(server);
      await load(server, path, 1);
      const before = await cpuTime(child);
      const result = await load(server, path, duration);
      const cpuPerRequest = ((await cpuTime(child)) - before) / Math.max(1, result.requests.total);
      const cells = [result.requests.average.toFixed(0).padStart(8), String(result.latency.p50).padStart(7), String(result.latency.p99).padStart(7)];
      console.log(`${scenario.name.padEnd(38)} ${cells.join(' ')} ${cpuPerRequest.toFixed(0).padStart(11)} ${String(result.non2xx).padStart(8)}`);
      if (scenario.budget) {
        for (const connections of FEWER_CONNECTIONS) {
          const fewer = await load(server, path, Math.max(1, duration / 2), connections);
          const label = `  (at ${connections} connection${connections === 1 ? '' : 's'})`;
          console.log(
            `${label.padEnd(38)} ${fewer.requests.average.toFixed(0).padStart(8)} ${String(fewer.latency.p50).padStart(7)} ${String(fewer.latency.p99).padStart(7)}`,
          );
        }
        checks.push({
          description: `${scenario.name} p99 < ${P99_BUDGET_MS} ms`,
          ok: result.latency.p99 < P99_BUDGET_MS && result.non2xx === 0,
          actual: `${result.latency.p99} ms`,
        });
      }
    }
    const counts = server.queryCounts.map((count) => count.queries);
    checks.push({
      description: 'queries per request: at most 3 at any page size (page keys, rows, and the total unless kept)',
      ok: counts.every((count) => count <= 3),
      actual: counts.join('/'),
    });
    console.log('\nBudgets (bioreq):');
    for (const check of checks) console.log(`  ${check.ok ? 'PASS' : 'FAIL'}  ${check.description} (measured ${check.actual})`);
    return checks.every((check) => check.ok);
  } finally {
    child.disconnect();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const ok = await runBioreqBench(Number(process.env.BENCH_DURATION ?? 10));
  process.exitCode = ok ? 0 : 1;
}
