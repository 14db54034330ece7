/**
 * SQLite reads on other cores. Node runs the API's JavaScript on one thread, and better-sqlite3 runs a query
 * on the thread that asks: a list page that costs 300 µs of SQLite holds up every other request meanwhile.
 * Here worker threads, each with its own read-only connection and statement cache, run the costly reads
 * while the main thread goes on with HTTP, JSON and the cheap reads.
 *
 * Which reads go: each statement's cost is measured where it runs (a moving average per SQL text); one that
 * costs more than OFFLOAD_ABOVE_US on the main thread is sent to a worker from then on, and comes back when it
 * gets cheap (a round trip costs the two threads about 40 µs of CPU together, so cheap reads stay). The times are
 * wall times (Node.js 20 and 22 have no clock of one thread's CPU), and a run the system preempted lasts
 * milliseconds: a run counts as dear only as the dearer of it and the run before it agree, so one preempted run of a
 * 20 µs lookup does not send the lookup to a worker (on a loaded machine such flapping put most cheap reads on a
 * round trip), while a read that really got dear is sent after its second run. A worker's read starts its
 * own read transaction when it runs, after the request's earlier commits, like a read on the main thread.
 *
 * PostgreSQL needs none of this (the database server works in its own processes).
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** A statement costing more than this on average (µs) runs on a worker. */
export const OFFLOAD_ABOVE_US = 60;
/** Weight of the newest run in a statement's moving average. */
const SMOOTHING = 0.2;
/** Statements a worker keeps prepared (a server runs a few hundred distinct reads). */
const MAX_STATEMENTS = 1024;

/**
 * One per core, at most four; none on one core (a thread there would only take turns with the main thread). Not one
 * fewer than the cores: a request waits for the costly reads it sends, so they are on its path, and on two cores a
 * single thread ran them one after another (an item analysis' independent reads; 32 learners' saves' reads queued
 * behind each other). Two threads there: cold analysis 823 → 696 ms, saves 1,968 → 2,574/s (server/bench/kc.ts).
 */
export function defaultReadThreads(): number {
  const cores = availableParallelism();
  return cores <= 1 ? 0 : Math.min(4, cores);
}

/**
 * The worker: a read-only connection and its statements by number (the main thread sends a statement's SQL once
 * per worker). It answers rows as arrays: structured cloning repeats every key of every row, and arrays cost the
 * two threads about a third less. The column names go with a statement's first answer only, and again if a row's
 * length shows they changed (SQLite prepares a statement again after a schema change; migrations alter tables
 * before the app serves): better-sqlite3's `columns()` builds an object per column, 40 µs for a bioreq row's 33.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.betterSqlite3);
const db = new Database(workerData.filename, { readonly: true, fileMustExist: true, timeout: 5000 });
const statements = new Map();
const columnNames = (statement) => statement.columns().map((column) => column.name);
parentPort.on('message', ({ id, statement: number, sql, bindings }) => {
  try {
    let entry = statements.get(number);
    if (!entry) {
      const statement = db.prepare(sql).raw(true);
      entry = { statement, columns: columnNames(statement), sent: false };
      statements.set(number, entry);
    }
    const started = process.hrtime.bigint();
    const rows = entry.statement.all(...bindings);
    const micros = Number(process.hrtime.bigint() - started) / 1000;
    if (rows.length > 0 && rows[0].length !== entry.columns.length) Object.assign(entry, { columns: columnNames(entry.statement), sent: false });
    const columns = entry.sent ? undefined : entry.columns;
    entry.sent = true;
    parentPort.postMessage({ id, columns, rows, micros });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

interface Reply {
  id: number;
  columns?: string[];
  rows?: unknown[][];
  micros?: number;
  error?: { message: string; code?: string };
}

/**
 * Rows as objects again, from the worker's arrays. Each row starts as a copy of one template holding every column,
 * made by JSON.parse: V8 turns an object built key by key with computed names into a hash map past a dozen
 * properties, and a list row of 30 columns then cost every later step (normaliseRow's copy, the presenter's reads)
 * several times more: 25 bioreq rows took 311 µs from arrays to normalised objects, 109 µs from the template.
 */
function asObjects({ template, columns }: RowShape, rows: unknown[][]): Record<string, unknown>[] {
  return rows.map((values) => {
    const row = { ...template };
    for (let index = 0; index < columns.length; index += 1) row[columns[index]] = values[index];
    return row;
  });
}

interface RowShape {
  columns: string[];
  template: Record<string, unknown>;
}

function rowTemplate(columns: string[]): Record<string, unknown> {
  return JSON.parse(JSON.stringify(Object.fromEntries(columns.map((column) => [column, null])))) as Record<string, unknown>;
}

interface Pending {
  id: number;
  sql: string;
  statement: number;
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

export class ReadPool {
  private readonly workers: Worker[] = [];
  /**
   * Per worker: the reads sent and not yet answered, in the order sent (a worker answers in that order). Not a Map by
   * id: V8 allocates a Map's next table in the generation of the one it replaces, so once a table had lived long
   * enough to be old, every read's entry was written into old space, and the tables the Map left behind as it was
   * rehashed kept the entries they held — each read's promise and, once answered, its rows — alive through young
   * collections until the next full one. Under load every answer's rows were promoted, and scavenges took twice as
   * long (server/bench/bioreq.ts: 433 MB of objects outlived young collections in one run, 17 MB with this queue).
   */
  private readonly waiting: Pending[][] = [];
  /** Per SQL text: the moving average cost (µs), wherever it last ran, and its latest run's cost. */
  private readonly costs = new Map<string, { average: number; latest: number }>();
  /** A number per SQL text, and the numbers each worker has prepared. */
  private readonly statementNumbers = new Map<string, number>();
  /** Per worker: the statements it has answered, with their rows' columns and template (see `asObjects`). */
  private readonly rowShapes: Map<number, RowShape>[] = [];
  private nextId = 0;
  /** Set when a worker died: every read runs on the main thread from then on. */
  private broken = false;

  constructor(filename: string, threads: number) {
    const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3');
    for (let index = 0; index < threads; index += 1) {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { filename, betterSqlite3 } });
      worker.on('message', (reply: Reply) => this.settle(index, reply));
      worker.on('error', (error) => this.fail(error));
      // Idle workers must not keep the process alive (the app closes them; a test may not).
      worker.unref();
      this.workers.push(worker);
      this.rowShapes.push(new Map());
      this.waiting.push([]);
    }
  }

  /** True when this statement is costly enough to run on a worker (`costly`: its caller knows it is, before any run). */
  prefers(sql: string, costly = false): boolean {
    if (this.broken || (!costly && (this.costs.get(sql)?.average ?? 0) <= OFFLOAD_ABOVE_US)) return false;
    // Workers keep every statement they were sent: past the bound, new ones stay on the main thread.
    return this.statementNumbers.has(sql) || this.statementNumbers.size < MAX_STATEMENTS;
  }

  /** Records a run's cost (µs), on the main thread or a worker: the cheaper of it and the run before goes into the average. */
  measured(sql: string, micros: number): void {
    const cost = this.costs.get(sql);
    if (cost === undefined) {
      if (this.costs.size >= MAX_STATEMENTS * 4) this.costs.delete(this.costs.keys().next().value as string);
      this.costs.set(sql, { average: micros, latest: micros });
      return;
    }
    cost.average += SMOOTHING * (Math.min(micros, cost.latest) - cost.average);
    cost.latest = micros;
  }

  /** Runs the read on the least busy worker (bindings already in SQLite's types). */
  all(sql: string, bindings: unknown[]): Promise<unknown[]> {
    const id = this.nextId++;
    const index = this.leastBusyWorker();
    let statement = this.statementNumbers.get(sql);
    if (statement === undefined) {
      statement = this.statementNumbers.size;
      this.statementNumbers.set(sql, statement);
    }
    // Its SQL travels until the worker has answered it once; the worker keeps the statement by number from then on.
    const known = this.rowShapes[index].has(statement);
    return new Promise((resolve, reject) => {
      this.waiting[index].push({ id, sql, statement: statement as number, resolve, reject });
      this.workers[index].postMessage({ id, statement, sql: known ? undefined : sql, bindings });
    });
  }

  /**
   * The worker with the fewest reads in flight: a long read (an item analysis' scan of 2,000,000 rows) keeps its
   * worker busy, and a read sent there by turn would wait behind it while another worker is idle.
   */
  private leastBusyWorker(): number {
    let best = 0;
    for (let index = 1; index < this.workers.length; index += 1) if (this.waiting[index].length < this.waiting[best].length) best = index;
    return best;
  }

  private settle(worker: number, reply: Reply): void {
    const pending = this.waiting[worker][0];
    if (pending?.id !== reply.id) return;
    this.waiting[worker].shift();
    if (reply.error) {
      pending.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      return;
    }
    const shapes = this.rowShapes[worker];
    if (reply.columns) shapes.set(pending.statement, { columns: reply.columns, template: rowTemplate(reply.columns) });
    const shape = shapes.get(pending.statement);
    if (!shape) {
      pending.reject(new Error('The read thread answered rows without their columns.'));
      return;
    }
    this.measured(pending.sql, reply.micros ?? 0);
    pending.resolve(asObjects(shape, reply.rows ?? []));
  }

  private fail(error: Error): void {
    this.broken = true;
    for (const queue of this.waiting) for (const pending of queue.splice(0)) pending.reject(error);
  }

  async close(): Promise<void> {
    this.broken = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
    this.fail(new Error('The read pool is closed.'));
  }
}
