import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig } from '../config.js';
import { StatementCache } from './statement-cache.js';

export type { Knex };

export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** WAL lets readers work while one writer writes; foreign keys are off by default in SQLite. */
const SQLITE_PRAGMAS = ['journal_mode = WAL', 'foreign_keys = ON', `busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`, 'synchronous = NORMAL'];

/**
 * Statements the writer connection keeps (its texts: the app's writes, the reads inside transactions, and the reads it
 * runs while idle: sqlite-reader.ts).
 */
const MAX_WRITER_STATEMENTS = 1024;

/**
 * knex's better-sqlite3 client prepares every query anew (`connection.prepare(sql)` per run): a quarter of a
 * small write's time. Its connection answers `prepare` from a cache of the statements it has prepared instead.
 */
function keepStatements(connection: BetterSqlite3.Database): void {
  const prepare = connection.prepare.bind(connection);
  const statements = new StatementCache((sql) => prepare(sql), MAX_WRITER_STATEMENTS);
  connection.prepare = ((sql: string) => statements.get(sql)) as typeof connection.prepare;
}

type SqliteConnectionCreated = (connection: BetterSqlite3.Database) => void;

function prepareSqliteConnection(created: SqliteConnectionCreated | undefined) {
  return (connection: BetterSqlite3.Database, done: (error: Error | null, connection: BetterSqlite3.Database) => void) => {
    try {
      for (const pragma of SQLITE_PRAGMAS) connection.pragma(pragma);
      keepStatements(connection);
      created?.(connection);
      done(null, connection);
    } catch (error) {
      done(error as Error, connection);
    }
  };
}

/**
 * The app's knex: knex's `better-sqlite3` client on SQLite (it binds Dates as epoch milliseconds and booleans as
 * 0/1), `pg` on PostgreSQL. Use it through the app's `Database` (database.ts), which owns it; it is told of SQLite's
 * writer connection once it is open (`sqliteConnectionCreated`).
 */
export function createKnex(database: DatabaseConfig, sqliteConnectionCreated?: SqliteConnectionCreated): Knex {
  if (database.client === 'sqlite') {
    mkdirSync(dirname(database.filename), { recursive: true });
    return knexFactory({
      client: 'better-sqlite3',
      connection: { filename: database.filename },
      useNullAsDefault: true,
      // One connection: SQLite has one writer anyway, and one connection avoids SQLITE_BUSY between our own queries.
      pool: { min: 1, max: 1, afterCreate: prepareSqliteConnection(sqliteConnectionCreated) },
    });
  }
  return knexFactory({
    client: 'pg',
    connection: database.url,
    searchPath: database.schema ? [database.schema] : undefined,
    pool: { min: 0, max: 10 },
  });
}

/** The SQLite file of a knex made by `createKnex`. */
export function sqliteFilename(knex: Knex): string {
  return (knex.client.config.connection as { filename: string }).filename;
}

export function isSqlite(knex: Knex): boolean {
  return knex.client.config.client === 'better-sqlite3';
}
