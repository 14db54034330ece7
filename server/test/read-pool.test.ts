/** Costly SQLite reads on worker threads (db/read-pool.ts): same answers, commits seen, errors kept, closed with the app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../src/db/database.js';
import { sqliteFilename } from '../src/db/knex.js';
import { OFFLOAD_ABOVE_US, ReadPool } from '../src/db/read-pool.js';
import { startTestServer, type TestContext } from './support/server.js';

describe('read pool on sqlite', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await startTestServer('sqlite');
    // One thread even where the machine has one core (the default is none there).
    context.server = await context.server.restart({ database: { client: 'sqlite', filename: sqliteFilename(context.server.app.knex), readThreads: 1 } });
  });
  afterAll(() => context.cleanup());

  const db = () => context.server.app.db;
  const knex = () => db().knex;
  const tenantNames = () => knex()('tenants').where('name', 'like', 'Pool %').orderBy('name').select('name');
  const insertTenant = (name: string) =>
    knex()('tenants').insert({
      id: crypto.randomUUID(),
      name,
      slug: name.toLowerCase().replace(/ /g, '-'),
      enable_bioreq: false,
      created_at: new Date(),
      updated_at: new Date(),
    });

  it('runs a read on the main thread until it proves costly, then on a worker, with the same answer', async () => {
    const pool = db().readPool as ReadPool;
    expect(pool).toBeInstanceOf(ReadPool);
    await insertTenant('Pool One');
    const { sql } = tenantNames().toSQL().toNative();
    expect(await db().rows(tenantNames())).toEqual([{ name: 'Pool One' }]);

    // Two dear runs in a row (one alone is taken for the system's preemption: the next test).
    pool.measured(sql, OFFLOAD_ABOVE_US * 50);
    pool.measured(sql, OFFLOAD_ABOVE_US * 50);
    expect(pool.prefers(sql)).toBe(true);
    // A commit made before the read is seen by the worker's connection.
    await insertTenant('Pool Two');
    expect(await db().rows(tenantNames())).toEqual([{ name: 'Pool One' }, { name: 'Pool Two' }]);
    // The worker measured the read as cheap: it comes back to the main thread after some runs.
    for (let run = 0; run < 40 && pool.prefers(sql); run += 1) await db().rows(tenantNames());
    expect(pool.prefers(sql)).toBe(false);
  });

  it('keeps a cheap read on the main thread through one run the system preempted, and sends it once two runs agree it got dear', () => {
    const pool = db().readPool as ReadPool;
    const sql = 'SELECT id FROM tenants WHERE slug = ? /* preempted */';
    for (let run = 0; run < 5; run += 1) pool.measured(sql, 20);
    // A 20 µs lookup that lasted 5 ms because the thread was preempted: nothing changes.
    pool.measured(sql, 5_000);
    expect(pool.prefers(sql)).toBe(false);
    pool.measured(sql, 20);
    expect(pool.prefers(sql)).toBe(false);
    // Dear twice in a row: the read itself got dear, and goes to a worker.
    pool.measured(sql, 5_000);
    pool.measured(sql, 5_000);
    expect(pool.prefers(sql)).toBe(true);
  });

  it('announces offloaded reads on knex query events, as the query counts of tests and benchmarks need', async () => {
    const pool = db().readPool as ReadPool;
    const query = knex()('tenants').where('name', 'Pool Counted').select('id');
    const { sql } = query.toSQL().toNative();
    pool.measured(sql, OFFLOAD_ABOVE_US * 50);
    pool.measured(sql, OFFLOAD_ABOVE_US * 50);
    const seen: string[] = [];
    const listen = (event: { sql: string }) => seen.push(event.sql);
    knex().on('query', listen);
    try {
      await db().rows(query);
    } finally {
      knex().off('query', listen);
    }
    expect(seen).toHaveLength(1);
  });

  it('rejects with the database error of a failing read on a worker', async () => {
    const pool = db().readPool as ReadPool;
    await expect(pool.all('SELECT * FROM no_such_table', [])).rejects.toThrow(/no such table/);
    // The pool still answers afterwards.
    expect(await pool.all('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
  });

  it('answers each of many reads in flight on a worker with its own rows or its own error', async () => {
    const pool = db().readPool as ReadPool;
    const reads = Array.from({ length: 40 }, (_, index) =>
      index % 7 === 3 ? pool.all(`SELECT * FROM no_such_table_${index}`, []) : pool.all('SELECT ? AS n, ? AS label', [index, `read ${index}`]),
    );
    const answers = await Promise.allSettled(reads);
    answers.forEach((answer, index) => {
      if (index % 7 === 3) expect(answer).toMatchObject({ status: 'rejected', reason: { message: expect.stringContaining(`no_such_table_${index}`) } });
      else expect(answer).toEqual({ status: 'fulfilled', value: [{ n: index, label: `read ${index}` }] });
    });
  });

  it('answers every run of a statement with its columns, also after a schema change adds one', async () => {
    const pool = db().readPool as ReadPool;
    await knex().schema.createTable('pool_shapes', (table) => {
      table.integer('id');
      table.string('name');
    });
    try {
      await knex()('pool_shapes').insert([
        { id: 1, name: 'one' },
        { id: 2, name: 'two' },
      ]);
      const sql = 'SELECT * FROM pool_shapes ORDER BY id';
      // The worker sends the column names with its first answer only; the later ones come back as the same rows.
      for (let run = 0; run < 3; run += 1) {
        expect(await pool.all(sql, [])).toEqual([
          { id: 1, name: 'one' },
          { id: 2, name: 'two' },
        ]);
      }
      expect(await pool.all('SELECT * FROM pool_shapes WHERE id > ?', [5])).toEqual([]);
      await knex().schema.alterTable('pool_shapes', (table) => table.string('note').defaultTo('new'));
      expect(await pool.all(sql, [])).toEqual([
        { id: 1, name: 'one', note: 'new' },
        { id: 2, name: 'two', note: 'new' },
      ]);
    } finally {
      await knex().schema.dropTable('pool_shapes');
    }
  });

  it('answers nothing more once closed, and the app closes it', async () => {
    const pool = new ReadPool(sqliteFilename(knex()), 1);
    expect(await pool.all('SELECT 2 AS two', [])).toEqual([{ two: 2 }]);
    await pool.close();
    expect(pool.prefers('SELECT 2 AS two')).toBe(false);
  });

  it('sends a read to an idle worker, not by turn to one busy with a long read', async () => {
    const pool = new ReadPool(sqliteFilename(knex()), 2);
    try {
      const long = pool.all('WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) SELECT count(*) AS c FROM n', []);
      // The first worker runs the long read: the second answers this one.
      expect(await pool.all('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
      const answered: string[] = [];
      await Promise.all([long.then(() => answered.push('long')), pool.all('SELECT 2 AS two', []).then(() => answered.push('short'))]);
      expect(answered).toEqual(['short', 'long']);
    } finally {
      await pool.close();
    }
  });
});

describe('read pool switched off', () => {
  it('runs every read on the main thread when SQLITE_READ_THREADS is 0', async () => {
    const context = await startTestServer('sqlite');
    try {
      const { knex } = context.server.app;
      const off = Database.open({ client: 'sqlite', filename: sqliteFilename(knex), readThreads: 0 });
      try {
        expect(off.readPool).toBeUndefined();
        await off.readSchema();
        expect(await off.rows(off.from('tenants').count({ total: '*' }))).toHaveLength(1);
      } finally {
        await off.close();
      }
      // Closed, a late read (a search's trigram counts) fails instead of opening the file again.
      await expect(off.trigramFrequencies?.settled()).resolves.toBeUndefined();
      expect(off.trigramFrequencies?.rarest('user_search_vocab', ['abc', 'bcd', 'cde'], 2)).toBeUndefined();
      await off.trigramFrequencies?.settled();
      expect(off.trigramFrequencies?.rarest('user_search_vocab', ['abc', 'bcd', 'cde'], 2)).toBeUndefined();
    } finally {
      await context.cleanup();
    }
  });
});
