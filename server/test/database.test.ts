/** The SQLite driver (knex's better-sqlite3 client) and the app's Database: pragmas, stored forms, errors, transactions. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledRead } from '../src/db/compiled-read.js';
import { Database } from '../src/db/database.js';
import { isSqlite, isUniqueViolation } from '../src/db/knex.js';

describe('Database on SQLite', () => {
  let dir: string;
  let db: Database;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-database-test-'));
    db = Database.open({ client: 'sqlite', filename: join(dir, 'db.sqlite'), readThreads: 0 });
    await db.knex.schema.createTable('things', (table) => {
      table.string('id').primary();
      table.boolean('flag');
      table.bigInteger('at');
    });
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs on knex better-sqlite3 client with WAL, foreign keys, a busy timeout and synchronous NORMAL', async () => {
    expect(isSqlite(db.knex)).toBe(true);
    expect(db.isSqlite).toBe(true);
    const pragma = async (name: string) => Object.values((await db.knex.raw(`PRAGMA ${name}`))[0])[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
    expect(await pragma('synchronous')).toBe(1);
  });

  it('stores Dates as epoch milliseconds and booleans as 0/1, as the sqlite3 driver did', async () => {
    const at = new Date('2026-11-24T10:00:00.000Z');
    await db.knex('things').insert({ id: 'a', flag: true, at });
    expect(await db.knex.raw("SELECT flag, at, typeof(at) AS kind FROM things WHERE id = 'a'")).toEqual([{ flag: 1, at: at.getTime(), kind: 'integer' }]);
    // The read-only connection binds the same way.
    const byDate = compiledRead<{ id: string }, { at: Date; flag: boolean }>((knex, param) =>
      knex('things').where('at', param('at')).where('flag', param('flag')).select('id'),
    );
    expect(await db.read(byDate, { at, flag: true })).toEqual([{ id: 'a' }]);
  });

  it('recognises a unique violation of better-sqlite3', async () => {
    const error = await db
      .knex('things')
      .insert({ id: 'a', flag: false, at: 0 })
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('reads its own writes inside a transaction, and rolls them back with it', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.knex('things').insert({ id: 'b', flag: false, at: 0 });
        expect(tx.inTransaction).toBe(true);
        expect(await tx.select(tx.knex('things').where('id', 'b').select('id'))).toEqual([{ id: 'b' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.select(db.knex('things').where('id', 'b').select('id'))).toEqual([]);
  });
});
