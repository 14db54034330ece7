/** Costly SQLite reads on worker threads (db/read-pool.ts): same answers, commits seen, errors kept, closed with the app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/cached-select.js';
import { closePreparedReaders, readPoolOf, setReadThreads } from '../src/db/prepared.js';
import { createKnex } from '../src/db/knex.js';
import { OFFLOAD_ABOVE_US, ReadPool } from '../src/db/read-pool.js';
import { startTestServer, type TestContext } from './support/server.js';

describe('read pool on sqlite', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await startTestServer('sqlite');
    // One thread even where the machine has one core (the default is none there).
    setReadThreads(context.server.app.knex, 1);
  });
  afterAll(() => context.cleanup());

  const knex = () => context.server.app.knex;
  const tenantNames = () => knex()('tenants').where('name', 'like', 'Pool %').orderBy('name').select('name');
  const insertTenant = (name: string) =>
    knex()('tenants').insert({ id: crypto.randomUUID(), name, slug: name.toLowerCase().replace(/ /g, '-'), enable_bioreq: false, created_at: new Date(), updated_at: new Date() });

  it('runs a read on the main thread until it proves costly, then on a worker, with the same answer', async () => {
    const pool = readPoolOf(knex()) as ReadPool;
    expect(pool).toBeInstanceOf(ReadPool);
    await insertTenant('Pool One');
    const { sql } = tenantNames().toSQL().toNative();
    expect(await selectRows(knex(), tenantNames())).toEqual([{ name: 'Pool One' }]);

    pool.measured(sql, OFFLOAD_ABOVE_US * 50);
    expect(pool.prefers(sql)).toBe(true);
    // A commit made before the read is seen by the worker's connection.
    await insertTenant('Pool Two');
    expect(await selectRows(knex(), tenantNames())).toEqual([{ name: 'Pool One' }, { name: 'Pool Two' }]);
    // The worker measured the read as cheap: it comes back to the main thread after some runs.
    for (let run = 0; run < 40 && pool.prefers(sql); run += 1) await selectRows(knex(), tenantNames());
    expect(pool.prefers(sql)).toBe(false);
  });

  it('announces offloaded reads on knex query events, as the query counts of tests and benchmarks need', async () => {
    const pool = readPoolOf(knex()) as ReadPool;
    const query = knex()('tenants').where('name', 'Pool Counted').select('id');
    pool.measured(query.toSQL().toNative().sql, OFFLOAD_ABOVE_US * 50);
    const seen: string[] = [];
    const listen = (event: { sql: string }) => seen.push(event.sql);
    knex().on('query', listen);
    try {
      await selectRows(knex(), query);
    } finally {
      knex().off('query', listen);
    }
    expect(seen).toHaveLength(1);
  });

  it('rejects with the database error of a failing read on a worker', async () => {
    const pool = readPoolOf(knex()) as ReadPool;
    await expect(pool.all('SELECT * FROM no_such_table', [])).rejects.toThrow(/no such table/);
    // The pool still answers afterwards.
    expect(await pool.all('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
  });

  it('answers nothing more once closed, and the app closes it', async () => {
    const pool = new ReadPool((knex().client.config.connection as { filename: string }).filename, 1);
    expect(await pool.all('SELECT 2 AS two', [])).toEqual([{ two: 2 }]);
    await pool.close();
    expect(pool.prefers('SELECT 2 AS two')).toBe(false);
  });
});

describe('read pool switched off', () => {
  it('runs every read on the main thread when SQLITE_READ_THREADS is 0', async () => {
    const context = await startTestServer('sqlite');
    try {
      const { knex } = context.server.app;
      const off = createKnex({ client: 'sqlite', filename: (knex.client.config.connection as { filename: string }).filename, readThreads: 0 });
      try {
        expect(readPoolOf(off)).toBeUndefined();
        expect(await selectRows(off, off('tenants').count({ total: '*' }))).toHaveLength(1);
      } finally {
        await closePreparedReaders(off);
        await off.destroy();
      }
    } finally {
      await context.cleanup();
    }
  });
});
