/** The SQLite driver (knex's better-sqlite3 client) and the app's Database: pragmas, stored forms, errors, transactions. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledRead, jsonListValues } from '../src/db/compiled-read.js';
import { compiledWrite } from '../src/db/compiled-write.js';
import { Database } from '../src/db/database.js';
import { isSqlite } from '../src/db/knex.js';
import { isUniqueViolation } from '../src/db/values.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/server.js';

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
    await db.readSchema();
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
    const byDate = compiledRead<{ id: string }, { at: Date; flag: boolean }>((sql, param) =>
      sql.from('things').where('at', param('at')).where('flag', param('flag')).select('id'),
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
        expect(await tx.rows(tx.from('things').where('id', 'b').select('id'))).toEqual([{ id: 'b' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.rows(db.from('things').where('id', 'b').select('id'))).toEqual([]);
  });
});

describe.each(databaseKinds)('compiled transactions on %s', (kind) => {
  let dir: string;
  let database: TestDatabase;
  let db: Database;
  const insertTags = compiledWrite<{ thing: string; tags: string }>((sql, param) =>
    sql
      .query()
      .into(sql.raw('?? (??, ??)', ['tags', 'thing_id', 'tag']))
      .insert(
        sql
          .query()
          .select(sql.raw('?', [param('thing')]), 'value')
          .from(jsonListValues(sql, param('tags'))),
      ),
  );
  const flagUnflagged = compiledWrite<{ id: string; at: Date }>((sql, param) =>
    sql
      .from('things')
      .where('id', param('id'))
      .where('flag', false)
      .update({ flag: true, at: param('at') }),
  );
  const tagsOf = async (thing: string) => (await db.knex('tags').where('thing_id', thing).orderBy('tag').select('tag')).map((row: { tag: string }) => row.tag);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-compiled-write-test-'));
    database = await createTestDatabase(kind, dir);
    db = Database.open(database.config.client === 'sqlite' ? { ...database.config, readThreads: 0 } : database.config);
    await db.knex.schema.createTable('things', (table) => {
      table.string('id').primary();
      table.boolean('flag');
      table.timestamp('at', { useTz: true }).nullable();
    });
    await db.knex.schema.createTable('tags', (table) => {
      table.string('thing_id').references('id').inTable('things');
      table.string('tag');
      table.primary(['thing_id', 'tag']);
    });
    await db.knex('things').insert([
      { id: 'a', flag: false, at: null },
      { id: 'b', flag: false, at: null },
    ]);
    await db.readSchema();
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('commits its writes, answers the rows each changed, and binds dates and booleans as knex does', async () => {
    const at = new Date('2026-11-28T10:00:00.000Z');
    const changed = await db.compiledTransaction(async (tx) => [
      await tx.write(flagUnflagged, { id: 'a', at }),
      await tx.write(flagUnflagged, { id: 'a', at }),
      await tx.write(insertTags, { thing: 'a', tags: JSON.stringify(['red', 'green', 'blue']) }),
    ]);
    expect(changed).toEqual([1, 0, 3]);
    const row = await db.knex('things').where('id', 'a').first();
    expect(Boolean(row.flag)).toBe(true);
    expect(new Date(row.at).toISOString()).toBe(at.toISOString());
    expect(await tagsOf('a')).toEqual(['blue', 'green', 'red']);
  });

  it('rolls every write back when its work throws, or when a statement fails', async () => {
    await expect(
      db.compiledTransaction(async (tx) => {
        await tx.write(flagUnflagged, { id: 'b', at: new Date() });
        await tx.write(insertTags, { thing: 'b', tags: JSON.stringify(['one']) });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const duplicate = await db
      .compiledTransaction(async (tx) => {
        await tx.write(flagUnflagged, { id: 'b', at: new Date() });
        await tx.write(insertTags, { thing: 'b', tags: JSON.stringify(['two', 'two']) });
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(Boolean((await db.knex('things').where('id', 'b').first()).flag)).toBe(false);
    expect(await tagsOf('b')).toEqual([]);
    // The connection is usable again: the next transaction commits.
    expect(await db.compiledTransaction((tx) => tx.write(insertTags, { thing: 'b', tags: JSON.stringify(['three']) }))).toBe(1);
    expect(await tagsOf('b')).toEqual(['three']);
  });

  it('inside a transaction runs through it, and rolls back with it', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.knex('things').insert({ id: 'c', flag: false, at: null });
        expect(await tx.compiledTransaction((inner) => inner.write(flagUnflagged, { id: 'c', at: new Date() }))).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.knex('things').where('id', 'c').select('id')).toEqual([]);
  });

  it('keeps concurrent transactions apart: the writes of each commit whole, or none of them', async () => {
    await db.knex('things').insert(Array.from({ length: 20 }, (_, index) => ({ id: `n${index}`, flag: false, at: null })));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        db
          .compiledTransaction(async (tx) => {
            const flagged = await tx.write(flagUnflagged, { id: `n${index}`, at: new Date() });
            // A plain knex query meanwhile waits for the writer (SQLite) or takes another connection (PostgreSQL).
            await Promise.resolve();
            if (index % 2 === 1) throw new Error('odd');
            return flagged + (await tx.write(insertTags, { thing: `n${index}`, tags: JSON.stringify(['x', 'y']) }));
          })
          .catch((error: Error) => error.message),
      ),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, index) => (index % 2 === 1 ? 'odd' : 3)));
    const flagged = (await db.knex('things').where('id', 'like', 'n%').where('flag', true).orderBy('id').select('id')).map((row: { id: string }) => row.id);
    expect(flagged.sort()).toEqual(Array.from({ length: 10 }, (_, index) => `n${index * 2}`).sort());
    expect(await db.knex('tags').where('thing_id', 'like', 'n%').count('* as n').first()).toEqual({ n: kind === 'pg' ? '20' : 20 });
  });

  it('commits the grouped writes of one turn in one transaction, each settling after that commit with its own count', async () => {
    await db.knex('things').insert(Array.from({ length: 5 }, (_, index) => ({ id: `g${index}`, flag: false, at: null })));
    const transactions: string[] = [];
    const onQuery = (query: { sql: string }) => {
      if (/^(BEGIN|COMMIT)/i.test(query.sql)) transactions.push(query.sql.split(' ')[0].toUpperCase());
    };
    db.knex.on('query', onQuery);
    try {
      const at = new Date();
      const written = Promise.all([
        ...Array.from({ length: 5 }, (_, index) => db.writeGrouped(flagUnflagged, { id: `g${index}`, at })),
        // Already flagged within the same group: its own count is 0.
        db.writeGrouped(flagUnflagged, { id: 'g0', at }),
      ]);
      // Nothing is written before the turn ends.
      expect(await db.knex('things').where('id', 'like', 'g%').where('flag', true).count('* as n').first()).toEqual({ n: kind === 'pg' ? '0' : 0 });
      expect(await written).toEqual([1, 1, 1, 1, 1, 0]);
    } finally {
      db.knex.off('query', onQuery);
    }
    expect(transactions).toEqual(['BEGIN', 'COMMIT']);
    expect(await db.knex('things').where('id', 'like', 'g%').where('flag', true).count('* as n').first()).toEqual({ n: kind === 'pg' ? '5' : 5 });
  });

  it('undoes a failing write of a group alone: it rejects, the others of its group commit', async () => {
    await db.knex('things').insert({ id: 'h', flag: false, at: null });
    const results = await Promise.all([
      db.writeGrouped(insertTags, { thing: 'h', tags: JSON.stringify(['one']) }).catch((error: unknown) => error),
      db.writeGrouped(insertTags, { thing: 'h', tags: JSON.stringify(['two', 'two']) }).catch((error: unknown) => error),
      db.writeGrouped(flagUnflagged, { id: 'h', at: new Date() }).catch((error: unknown) => error),
    ]);
    expect(results[0]).toBe(1);
    expect(isUniqueViolation(results[1])).toBe(true);
    expect(results[2]).toBe(1);
    // The failing write's first row is undone with it.
    expect(await tagsOf('h')).toEqual(['one']);
    expect(Boolean((await db.knex('things').where('id', 'h').first()).flag)).toBe(true);
    // The next turn's group commits.
    expect(await db.writeGrouped(insertTags, { thing: 'h', tags: JSON.stringify(['three']) })).toBe(1);
    expect(await tagsOf('h')).toEqual(['one', 'three']);
  });
});
