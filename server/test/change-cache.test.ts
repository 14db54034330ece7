/** Answers kept until the database changes (change-cache.ts): never stale, whoever commits. */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptAnswers } from '../src/db/change-cache.js';
import { databaseKinds, startTestServer, type TestContext } from './support/server.js';

describe.each(databaseKinds)('change cache on %s', (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    context = await startTestServer(kind);
  });
  afterAll(() => context.cleanup());

  /** A cache whose computation counts its runs and answers the number of tenants. */
  function countingCache() {
    const cache = keptAnswers<number>(2);
    let runs = 0;
    const { db } = context.server.app;
    const { knex } = db;
    const read = (key = 'tenants') =>
      db.kept(cache, key, async () => {
        runs += 1;
        return Number(((await knex('tenants').count('* as count').first()) as { count: number | string }).count);
      });
    return { read, runs: () => runs };
  }

  const insertTenant = (name: string) =>
    context.server.app
      .knex('tenants')
      .insert({ id: crypto.randomUUID(), name, slug: name.toLowerCase(), enable_bioreq: false, created_at: new Date(), updated_at: new Date() });

  it('computes again after every commit, and only then on SQLite (every time on PostgreSQL)', async () => {
    const { read, runs } = countingCache();
    const before = await read();
    expect(await read()).toBe(before);
    expect(runs()).toBe(kind === 'sqlite' ? 1 : 2);

    await insertTenant('Kept Corp');
    expect(await read()).toBe(before + 1);
    expect(runs()).toBe(kind === 'sqlite' ? 2 : 3);
  });

  it.runIf(kind === 'sqlite')('sees commits of another connection (another server process) from the next turn of the event loop', async () => {
    // Computed without I/O, so that every read below before the wait happens in one turn of the event loop.
    const cache = keptAnswers<number>(2);
    const { db } = context.server.app;
    let runs = 0;
    const read = () => db.kept(cache, 'runs', async () => (runs += 1));
    await read();
    const kept = await read();
    const other = new Database((context.server.app.knex.client.config.connection as { filename: string }).filename);
    try {
      other
        .prepare("INSERT INTO tenants (id, name, slug, enable_bioreq, created_at, updated_at) VALUES (?, 'Elsewhere', 'elsewhere', 0, 0, 0)")
        .run(crypto.randomUUID());
    } finally {
      other.close();
    }
    // The change counter is read once per turn: a request handled in this turn was received before it began.
    expect(await read()).toBe(kept);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await read()).toBe(kept + 1);
  });

  it.runIf(kind === 'sqlite')('computes once for requests that arrive while it computes, and again after a failure', async () => {
    const cache = keptAnswers<number>(4);
    const { db } = context.server.app;
    let runs = 0;
    const slow = () =>
      db.kept(cache, 'slow', async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return runs;
      });
    expect(await Promise.all([slow(), slow(), slow()])).toEqual([1, 1, 1]);
    expect(runs).toBe(1);

    const failing = () =>
      db.kept(cache, 'failing', async () => {
        runs += 1;
        throw new Error('no database');
      });
    await expect(failing()).rejects.toThrow('no database');
    await expect(failing()).rejects.toThrow('no database');
    expect(runs).toBe(3);
  });

  it.runIf(kind === 'sqlite')('keeps at most its bound of answers, dropping the least recently used', async () => {
    const { read, runs } = countingCache();
    await read('a');
    await read('b');
    await read('a');
    await read('c'); // drops b
    expect(runs()).toBe(3);
    await read('a');
    expect(runs()).toBe(3);
    await read('b');
    expect(runs()).toBe(4);
  });
});
