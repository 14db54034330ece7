import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig } from '../config.js';

export type { Knex };

const SQLITE_BUSY_TIMEOUT_MS = 5000;

type SqliteConnection = { run(sql: string, callback: (error: Error | null) => void): void };

/** WAL lets readers work while one writer writes; foreign keys are off by default in SQLite. */
function prepareSqliteConnection(connection: SqliteConnection, done: (error: Error | null, c: unknown) => void) {
  const pragmas = ['PRAGMA journal_mode = WAL', 'PRAGMA foreign_keys = ON', `PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`, 'PRAGMA synchronous = NORMAL'];
  const runNext = (index: number) => {
    if (index === pragmas.length) return done(null, connection);
    connection.run(pragmas[index], (error) => (error ? done(error, connection) : runNext(index + 1)));
  };
  runNext(0);
}

export function createKnex(database: DatabaseConfig): Knex {
  if (database.client === 'sqlite') {
    mkdirSync(dirname(database.filename), { recursive: true });
    return knexFactory({
      client: 'sqlite3',
      connection: { filename: database.filename },
      useNullAsDefault: true,
      // One connection: SQLite has one writer anyway, and one connection avoids SQLITE_BUSY between our own queries.
      pool: { min: 1, max: 1, afterCreate: prepareSqliteConnection },
    });
  }
  return knexFactory({
    client: 'pg',
    connection: database.url,
    searchPath: database.schema ? [database.schema] : undefined,
    pool: { min: 0, max: 10 },
  });
}

export function isSqlite(knex: Knex): boolean {
  return knex.client.config.client === 'sqlite3';
}

/** SQLite hands back numbers (ms) for Date values and 0/1 for booleans; PostgreSQL hands back Dates and booleans. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string') return new Date(/^\d+$/.test(value) ? Number(value) : value);
  return null;
}

export function toIso(value: unknown): string {
  return (toDate(value) ?? new Date(0)).toISOString();
}

/** Unique-constraint violations of both databases, so a lost race answers 422 rather than 500. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (e?.code === '23505') return true;
  return e?.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(e.message ?? '');
}
