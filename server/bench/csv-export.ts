/**
 * The CSV export benchmark (`npm run bench`, or `tsx --conditions=tessera-source bench/csv-export.ts` alone): the
 * completed knowledge check report of 100,000 responses downloaded as CSV (`format=csv`, ARCHITECTURE.md#csv-downloads)
 * from a server seeded with them (servers/csv-export.ts), on SQLite and then on PostgreSQL (skipped with a note when
 * `BENCH_DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test, does not answer; `CSV_BENCH_DATABASES=sqlite`
 * runs one). Each download is read as fast as the client can (node:http, counting the lines), and measured:
 *   - first byte: from the request to the first byte of the body (the byte-order mark, the header row and the first
 *     batch of rows come together), and to the first whole data row;
 *   - the whole file: rows a second over the download;
 *   - the server's memory: the growth of its resident set (sampled every 10 ms) over the download, from a baseline
 *     taken after a garbage collection.
 * The default sort (newest first) with every response is held to the budgets; a module filter and the score sort
 * are printed beside it. Budgets (the issue): first byte < 500 ms, ≥ 50,000 rows/s, memory growth < 50 MB.
 * Prints the figures and PASS/FAIL; the exit code is 1 when a budget or a download fails.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { accessToken, localPostgresCpu, median, postgresAnswers } from './support.js';

const FIRST_BYTE_MS = 500;
const ROWS_PER_SECOND = 50_000;
const MEMORY_MB = 50;

interface Started {
  kind: 'sqlite' | 'pg';
  url: string;
  tenantSlug: string;
  moduleId: string;
  responses: number;
  seedSeconds: number;
  email: string;
  password: string;
}

interface Memory {
  baseline: number;
  peak: number;
  now: number;
}

/** What the client sees of a download. */
interface Transfer {
  status: number;
  firstByteMs: number;
  firstRowMs: number;
  totalMs: number;
  rows: number;
  bytes: number;
}

interface Download extends Transfer {
  memoryMb: number;
  /** CPU time per row (µs): the server's (all its threads), and the local PostgreSQL processes' when they run here. */
  serverCpuPerRow: number;
  databaseCpuPerRow?: number;
}

function start(kind: 'sqlite' | 'pg'): Promise<{ child: ChildProcess; started: Started }> {
  const child = fork(fileURLToPath(new URL('./servers/csv-export.ts', import.meta.url)), [], {
    // BENCH_CPU_PROF=<folder> writes a V8 CPU profile of the server there (open it in Chrome's DevTools).
    execArgv: [
      '--import',
      'tsx',
      '--conditions=tessera-source',
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, CSV_BENCH_DATABASE: kind },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, started: message as Started }));
    child.once('exit', (code) => reject(new Error(`servers/csv-export.ts exited with ${code}`)));
  });
}

function memory(child: ChildProcess, ask: 'memory' | 'reset'): Promise<Memory> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message as Memory));
    child.send(ask);
  });
}

/** Downloads `path`, counting CRLF-ended lines as they arrive (the header row is not a row). */
function download(url: string, path: string, token: string): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = Number.NaN;
    let firstRowMs = Number.NaN;
    let lines = 0;
    let bytes = 0;
    /** The last byte of the previous chunk (a CRLF may span two). */
    let previous = 0;
    const req = request(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } }, (response) => {
      response.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        // Lines end with CRLF; a line break inside a quoted cell is a bare LF.
        for (let index = chunk.indexOf(0x0a); index !== -1; index = chunk.indexOf(0x0a, index + 1)) {
          if ((index > 0 ? chunk[index - 1] : previous) === 0x0d) lines += 1;
        }
        previous = chunk[chunk.length - 1];
        if (lines >= 2 && Number.isNaN(firstRowMs)) firstRowMs = performance.now() - started;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, firstByteMs, firstRowMs, totalMs: performance.now() - started, rows: Math.max(0, lines - 1), bytes }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The server's CPU time so far (µs, all its threads). */
function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (message) => {
      const { cpu } = message as { cpu: NodeJS.CpuUsage };
      resolve(cpu.user + cpu.system);
    });
    child.send('cpu');
  });
}

async function measured(child: ChildProcess, started: Started, token: string, path: string): Promise<Download> {
  await memory(child, 'reset');
  const cpuBefore = await serverCpu(child);
  const databaseBefore = started.kind === 'pg' ? localPostgresCpu() : undefined;
  const result = await download(started.url, path, token);
  const serverCpuPerRow = ((await serverCpu(child)) - cpuBefore) / Math.max(1, result.rows);
  const databaseAfter = databaseBefore === undefined ? undefined : localPostgresCpu();
  const databaseCpuPerRow =
    databaseBefore === undefined || databaseAfter === undefined ? undefined : (databaseAfter - databaseBefore) / Math.max(1, result.rows);
  const { baseline, peak } = await memory(child, 'memory');
  return { ...result, memoryMb: (peak - baseline) / 1024 / 1024, serverCpuPerRow, databaseCpuPerRow };
}

interface Check {
  description: string;
  ok: boolean;
  actual: string;
}

async function runOn(kind: 'sqlite' | 'pg'): Promise<Check[]> {
  const { child, started } = await start(kind);
  try {
    const token = await accessToken(started.url, started.email, started.password);
    const base = `/api/tenants/${started.tenantSlug}/reports/knowledgechecks/responses/completed`;
    console.log(
      `\nCSV export of the knowledge check report on ${kind}: ${started.responses.toLocaleString('en')} responses (seeded in ${started.seedSeconds.toFixed(0)} s)`,
    );
    // A first download warms what a running server has warm (statements prepared, read threads booted).
    await download(started.url, `${base}?format=csv`, token);
    // The budgets' download three times (the median's speed, the largest memory growth), the others once.
    const scenarios = [
      ...[1, 2, 3].map((run) => ({ name: `every response, newest first #${run}`, path: `${base}?format=csv`, budget: true })),
      { name: 'module filter, newest first', path: `${base}?format=csv&module=${started.moduleId}`, budget: false },
      { name: 'every response, by score', path: `${base}?format=csv&order=score&desc=true`, budget: false },
    ];
    console.log(
      '  download                             status  first byte  first row     total      rows    rows/s    MB  memory growth  server µs/row  DB µs/row',
    );
    const budgeted: Download[] = [];
    for (const scenario of scenarios) {
      const result = await measured(child, started, token, scenario.path);
      const rowsPerSecond = result.rows / (result.totalMs / 1000);
      const cells = [
        scenario.name.padEnd(35),
        String(result.status).padStart(6),
        `${result.firstByteMs.toFixed(0)} ms`.padStart(10),
        `${result.firstRowMs.toFixed(0)} ms`.padStart(9),
        `${result.totalMs.toFixed(0)} ms`.padStart(9),
        result.rows.toLocaleString('en').padStart(9),
        rowsPerSecond.toFixed(0).padStart(9),
        (result.bytes / 1024 / 1024).toFixed(1).padStart(5),
        `${result.memoryMb.toFixed(1)} MB`.padStart(13),
        result.serverCpuPerRow.toFixed(1).padStart(13),
        (result.databaseCpuPerRow === undefined ? '' : result.databaseCpuPerRow.toFixed(1)).padStart(9),
      ];
      console.log(`  ${cells.join('  ')}`);
      if (scenario.budget) budgeted.push(result);
    }
    const firstByteMs = median(budgeted.map((result) => result.firstByteMs));
    const rowsPerSecond = median(budgeted.map((result) => result.rows / (result.totalMs / 1000)));
    const memoryMb = Math.max(...budgeted.map((result) => result.memoryMb));
    const complete = budgeted.every((result) => result.status === 200 && result.rows === started.responses);
    return [
      { description: `${kind}: every row downloaded`, ok: complete, actual: budgeted.map((result) => `${result.status}, ${result.rows} rows`).join('; ') },
      { description: `${kind}: first byte < ${FIRST_BYTE_MS} ms (median)`, ok: firstByteMs < FIRST_BYTE_MS, actual: `${firstByteMs.toFixed(0)} ms` },
      {
        description: `${kind}: whole file ≥ ${ROWS_PER_SECOND.toLocaleString('en')} rows/s (median)`,
        ok: rowsPerSecond >= ROWS_PER_SECOND,
        actual: `${rowsPerSecond.toFixed(0)} rows/s`,
      },
      { description: `${kind}: memory growth < ${MEMORY_MB} MB (largest)`, ok: memoryMb < MEMORY_MB, actual: `${memoryMb.toFixed(1)} MB` },
    ];
  } finally {
    child.disconnect();
  }
}

/** Runs the downloads on SQLite and PostgreSQL and prints the figures; answers whether every budget held. */
export async function runCsvExportBench(): Promise<boolean> {
  const kinds = (process.env.CSV_BENCH_DATABASES ?? 'sqlite,pg').split(',');
  const checks = kinds.includes('sqlite') ? await runOn('sqlite') : [];
  if (!kinds.includes('pg')) console.log('\nCSV export on PostgreSQL: skipped (CSV_BENCH_DATABASES).');
  else if (await postgresAnswers()) checks.push(...(await runOn('pg')));
  else console.log('\nCSV export on PostgreSQL: skipped (BENCH_DATABASE_URL does not answer).');
  console.log('\nBudgets (CSV export):');
  for (const check of checks) console.log(`  ${check.ok ? 'PASS' : 'FAIL'}  ${check.description} (measured ${check.actual})`);
  return checks.length > 0 && checks.every((check) => check.ok);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const ok = await runCsvExportBench();
  process.exitCode = ok ? 0 : 1;
}
