/**
 * Prepared statements for the hottest read queries (the session lookup runs on every authenticated
 * request). Compiling a join is most of its cost in SQLite, and knex prepares every query anew; a
 * statement prepared once answers several times faster.
 * - SQLite: the statements run on their own read-only connections (WAL lets them read while the
 *   app's single writer connection writes), so lookups never queue behind a transaction.
 * - PostgreSQL: a named prepared statement on the knex pool, parsed once per connection by the server.
 *
 * The query is written with the knex builder (readable and dialect-correct) using placeholder
 * values, compiled once, and run with the real values. Close the readers with `closePreparedReaders`.
 */
import sqlite3 from 'sqlite3';
import type { Knex } from 'knex';
import { isSqlite } from './knex.js';

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

/** Two readers: lookups use both cores' worth of SQLite's thread pool work. */
const SQLITE_READERS = 2;
const READER_BUSY_TIMEOUT_MS = 5000;

interface SqliteReaders {
  next(): sqlite3.Database;
  close(): Promise<void>;
}

const readersByKnex = new WeakMap<Knex, SqliteReaders>();

function openReaders(filename: string): SqliteReaders {
  const databases = Array.from({ length: SQLITE_READERS }, () => {
    const database = new sqlite3.Database(filename, sqlite3.OPEN_READONLY);
    database.configure('busyTimeout', READER_BUSY_TIMEOUT_MS);
    return database;
  });
  let turn = 0;
  return {
    next: () => databases[(turn = (turn + 1) % databases.length)],
    close: () => Promise.all(databases.map((database) => new Promise<void>((resolve) => database.close(() => resolve())))).then(() => {}),
  };
}

function sqliteReaders(knex: Knex): SqliteReaders {
  let readers = readersByKnex.get(knex);
  if (!readers) {
    readers = openReaders((knex.client.config.connection as { filename: string }).filename);
    readersByKnex.set(knex, readers);
  }
  return readers;
}

/** Closes the SQLite read connections opened for this knex (the app calls it before destroying knex). */
export async function closePreparedReaders(knex: Knex): Promise<void> {
  const readers = readersByKnex.get(knex);
  readersByKnex.delete(knex);
  await readers?.close();
}

function prepare(database: sqlite3.Database, sql: string): Promise<sqlite3.Statement> {
  return new Promise((resolve, reject) => {
    const statement = database.prepare(sql, (error) => (error ? reject(error) : resolve(statement)));
  });
}

export function preparedSelect<Row>(knex: Knex, name: string, build: (knex: Knex) => Knex.QueryBuilder): PreparedSelect<Row> {
  const native = build(knex).toSQL().toNative();
  const bind = (values: Record<string, unknown>) =>
    native.bindings.map((binding) => (binding instanceof Placeholder ? values[binding.name] : binding));

  if (isSqlite(knex)) {
    const statements = new WeakMap<sqlite3.Database, Promise<sqlite3.Statement>>();
    return async (values) => {
      const database = sqliteReaders(knex).next();
      let statement = statements.get(database);
      if (!statement) {
        statement = prepare(database, native.sql);
        statements.set(database, statement);
      }
      const ready = await statement;
      // Running to completion ends SQLite's implicit read transaction, so the next run sees new commits.
      return new Promise<Row[]>((resolve, reject) => ready.all(bind(values), (error, rows) => (error ? reject(error) : resolve(rows as Row[]))));
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
