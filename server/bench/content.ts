/**
 * The content scenario of `npm run bench` (issue 4): an organization of 50 modules x 20 components x
 * 20 topics x 15 items (300,000 items) and 2,000 media files, loaded at 32 connections on SQLite with
 *   - the learner's content tree,
 *   - a learner's topic list page (one component's topics with counts, favourites and completions),
 *   - a topic's items (rows, children, media as signed URLs, completions),
 *   - a media list page with a search term (as an admin).
 * Budgets: content tree p99 under 150 ms, the others under 30 ms, and SQL queries per request the same in the
 * big organization as in a small one of the same make (counted on knex's 'query' event).
 * Answers over 256 KB (the content tree) are loaded with wrk where it is installed (wrk.ts); the rest with autocannon.
 * run.ts calls `runContentBench`; `tsx bench/content.ts` runs it alone.
 */
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { serverTimes, startBenchServer } from './support.js';
import { wrk, wrkAvailable, type WrkResult } from './wrk.js';

const CONNECTIONS = 32;
const P99_BUDGET_MS: Record<string, number> = { 'content tree (learner)': 150 };
const DEFAULT_P99_BUDGET_MS = 30;

interface Measure {
  queries: number;
  ms: number;
  bytes: number;
  status: number;
}

interface ContentServer {
  url: string;
  seedSeconds: number;
  counts: Record<string, number>;
  scenarios: { name: string; path: string; token: string }[];
  queryCounts: { request: string; big: Measure; small: Measure }[];
}

const budgetOf = (name: string) => P99_BUDGET_MS[name] ?? DEFAULT_P99_BUDGET_MS;

/** Answers above this size are loaded with wrk when it is installed (wrk.ts says why). */
const LARGE_ANSWER_BYTES = 256 * 1024;

interface Load extends WrkResult {
  tool: string;
}

/** One scenario's load, after a second of warm-up: wrk for large answers when installed, autocannon otherwise. */
async function loadScenario(url: string, token: string, duration: number, answerBytes: number): Promise<Load> {
  // As a browser asks: the content tree answers gzip then.
  const headers = { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip' };
  if (answerBytes > LARGE_ANSWER_BYTES && wrkAvailable()) {
    wrk(url, { connections: CONNECTIONS, duration: 1, headers });
    return { ...wrk(url, { connections: CONNECTIONS, duration, headers }), tool: 'wrk' };
  }
  const options = { url, connections: CONNECTIONS, headers };
  await autocannon({ ...options, duration: 1 });
  const result: Result = await autocannon({ ...options, duration });
  const tool = answerBytes > LARGE_ANSWER_BYTES ? 'autocannon (install wrk: it bounds this one)' : 'autocannon';
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    tool,
  };
}

function printQueryCounts(server: ContentServer): void {
  console.log('SQL queries per request (knex query events; the session lookup is one more prepared statement each):');
  console.log(`  ${'request'.padEnd(30)} ${'big org'.padStart(8)} ${'small org'.padStart(10)} ${'big answer'.padStart(12)} ${'first ms'.padStart(9)}`);
  for (const { request, big, small } of server.queryCounts) {
    const cells = [
      `${big.queries} (${big.status})`.padStart(8),
      `${small.queries} (${small.status})`.padStart(10),
      `${(big.bytes / 1024).toFixed(0)} KB`.padStart(12),
      big.ms.toFixed(0).padStart(9),
    ];
    console.log(`  ${request.padEnd(30)} ${cells.join(' ')}`);
  }
}

/** Runs the scenarios and prints their figures; answers whether every budget held. */
export async function runContentBench(duration: number): Promise<boolean> {
  const { child, message: server } = await startBenchServer<ContentServer>('./servers/content.ts');
  try {
    const { modules, components, topics, items, media } = server.counts;
    console.log(
      `\nContent: ${modules} modules, ${components} components, ${topics} topics, ${items} items, ${media} media files (seeded in ${server.seedSeconds.toFixed(1)} s), ${CONNECTIONS} connections, SQLite.\n`,
    );
    printQueryCounts(server);
    console.log('');
    // CPU µs/req: all the server's threads; main µs/req: its event loop's busy time (the rest ran on read threads).
    const header = `${'scenario'.padEnd(30)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'CPU µs/req'.padStart(11)} ${'main µs/req'.padStart(12)} ${'non-2xx'.padStart(8)}  load from`;
    console.log(header);
    console.log('-'.repeat(header.length));
    const results: { name: string; result: Load }[] = [];
    for (const scenario of server.scenarios) {
      const answerBytes = server.queryCounts.find((count) => count.request === scenario.name)?.big.bytes ?? 0;
      const before = await serverTimes(child);
      const result = await loadScenario(`${server.url}${scenario.path}`, scenario.token, duration, answerBytes);
      const after = await serverTimes(child);
      const perRequest = (time: number) => (time / Math.max(1, result.total)).toFixed(0);
      results.push({ name: scenario.name, result });
      const cells = [
        result.requestsPerSecond.toFixed(0).padStart(8),
        result.p50.toFixed(0).padStart(7),
        result.p99.toFixed(0).padStart(7),
        result.max.toFixed(0).padStart(7),
        perRequest(after.cpu - before.cpu).padStart(11),
        perRequest(after.mainThread - before.mainThread).padStart(12),
        String(result.non2xx).padStart(8),
      ];
      console.log(`${scenario.name.padEnd(30)} ${cells.join(' ')}  ${result.tool}`);
    }
    const checks = [
      ...results.map(({ name, result }) => ({
        description: `${name} p99 < ${budgetOf(name)} ms`,
        ok: result.total > 0 && result.p99 < budgetOf(name) && result.non2xx === 0 && result.errors === 0,
        actual: `${result.p99.toFixed(0)} ms`,
      })),
      {
        description: 'queries per request the same in the big and the small organization, every answer 200',
        ok: server.queryCounts.every(({ big, small }) => big.queries === small.queries && big.status === 200 && small.status === 200),
        actual: server.queryCounts.map(({ big, small }) => `${big.queries}/${small.queries}`).join(', '),
      },
    ];
    console.log('\nBudgets (content):');
    for (const check of checks) console.log(`  ${check.ok ? 'PASS' : 'FAIL'}  ${check.description} (measured ${check.actual})`);
    return checks.every((check) => check.ok);
  } finally {
    child.disconnect();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const ok = await runContentBench(Number(process.env.BENCH_DURATION ?? 10));
  process.exitCode = ok ? 0 : 1;
}
