/** Kept statements: the writer connection prepares each SQL text once, and stays right across schema changes. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from './knex.js';
import { StatementCache, type Statement } from './statement-cache.js';

describe('StatementCache', () => {
  it('prepares a text once and drops one not used lately beyond its bound', () => {
    const connection = new BetterSqlite3(':memory:');
    const prepared: string[] = [];
    const cache = new StatementCache((sql) => {
      prepared.push(sql);
      return connection.prepare(sql) as Statement;
    }, 2);
    const one = cache.get('select 1');
    expect(cache.get('select 1')).toBe(one);
    cache.get('select 2');
    cache.get('select 1'); // now the most recent
    cache.get('select 3'); // drops `select 2`
    cache.get('select 1');
    cache.get('select 2');
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
    connection.close();
  });
});

describe("the SQLite writer's kept statements", () => {
  let folder: string | undefined;
  let knex: Knex | undefined;
  afterEach(async () => {
    await knex?.destroy();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('runs a repeated query from one statement, and sees a column added since', async () => {
    folder = mkdtempSync(join(tmpdir(), 'tessera-statements-'));
    knex = createKnex({ client: 'sqlite', filename: join(folder, 'test.sqlite') });
    await knex.schema.createTable('notes', (table) => {
      table.string('id').primary();
      table.string('text');
    });
    await knex('notes').insert({ id: 'a', text: 'first' });
    const connection = (await knex.client.acquireConnection()) as BetterSqlite3.Database;
    const sql = 'select * from `notes` where `id` = ?';
    expect(connection.prepare(sql)).toBe(connection.prepare(sql));
    await knex.client.releaseConnection(connection);

    expect(await knex('notes').where('id', 'a').select('*')).toEqual([{ id: 'a', text: 'first' }]);
    await knex.schema.alterTable('notes', (table) => table.integer('stars').defaultTo(3));
    expect(await knex('notes').where('id', 'a').select('*')).toEqual([{ id: 'a', text: 'first', stars: 3 }]);
  });
});
