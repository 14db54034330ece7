/**
 * Prepared statements for the hottest read queries (the session lookup runs on every authenticated
 * request). Compiling a join is most of its cost, and knex prepares every query anew.
 * - SQLite: the statement runs on its own read-only better-sqlite3 connection. It answers
 *   synchronously in microseconds, where the app's sqlite3 driver (async, through libuv's thread
 *   pool) spends about 50 µs of CPU per query on the hop alone; WAL lets it read while the app's
 *   single writer connection writes, and each run sees every commit made before it.
 * - PostgreSQL: a named prepared statement on the knex pool, parsed once per connection by the server.
 *
 * The query is written with the knex builder (readable and dialect-correct) using placeholder
 * values, compiled once, and run with the real values. Close the readers with `closePreparedReaders`.
 */
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { isSqlite } from './knex.js';
import { ReadPool } from './read-pool.js';

/** Stands for a value supplied at run time: `placeholder('token')` in the builder, `{ token }` when running. */
export class Placeholder {
  constructor(readonly name: string) {}
}
export const placeholder = (name: string) => new Placeholder(name);

export type PreparedSelect<Row> = (values: Record<string, unknown>) => Promise<Row[]>;

interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface PooledClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
}

const READER_BUSY_TIMEOUT_MS = 5000;
const readers = new WeakMap<Knex, Database>();

/** The read-only connection of this knex's SQLite database (also used by cached-select.ts). */
export function sqliteReader(knex: Knex): Database {
  let reader = readers.get(knex);
  if (!reader) {
    const { filename } = knex.client.config.connection as { filename: string };
    reader = new Database(filename, { readonly: true, fileMustExist: true, timeout: READER_BUSY_TIMEOUT_MS });
    readers.set(knex, reader);
  }
  return reader;
}

const readThreads = new WeakMap<Knex, number>();
const pools = new WeakMap<Knex, ReadPool>();

/** How many worker threads may run this database's costly reads (createKnex sets it; 0: none). */
export function setReadThreads(knex: Knex, threads: number): void {
  readThreads.set(knex, threads);
}

/** The worker threads for this database's costly reads (read-pool.ts), started on first use; none when set to 0. */
export function readPoolOf(knex: Knex): ReadPool | undefined {
  let pool = pools.get(knex);
  const threads = readThreads.get(knex) ?? 0;
  if (!pool && threads > 0) {
    pool = new ReadPool((knex.client.config.connection as { filename: string }).filename, threads);
    pools.set(knex, pool);
  }
  return pool;
}

/** Closes the SQLite read connection and read threads opened for this knex (the app calls it before destroying knex). */
export async function closePreparedReaders(knex: Knex): Promise<void> {
  readers.get(knex)?.close();
  readers.delete(knex);
  await pools.get(knex)?.close();
  pools.delete(knex);
}

/** The app's sqlite3 driver stores Dates as epoch milliseconds and booleans as 0/1; bind the same way. */
export function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

export function preparedSelect<Row>(knex: Knex, name: string, build: (knex: Knex) => Knex.QueryBuilder): PreparedSelect<Row> {
  const native = build(knex).toSQL().toNative();
  const bind = (values: Record<string, unknown>) =>
    native.bindings.map((binding) => (binding instanceof Placeholder ? values[binding.name] : binding));

  if (isSqlite(knex)) {
    let statement: ReturnType<Database['prepare']> | undefined;
    return async (values) => {
      statement ??= sqliteReader(knex).prepare(native.sql);
      return statement.all(...bind(values).map(sqliteValue)) as Row[];
    };
  }

  const pool = knex.client as PooledClient;
  return async (values) => {
    const connection = await pool.acquireConnection();
    try {
      return (await (connection as PgConnection).query({ name: `tessera_${name}`, text: native.sql, values: bind(values) })).rows as Row[];
    } finally {
      await pool.releaseConnection(connection);
    }
  };
}
