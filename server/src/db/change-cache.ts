/**
 * Answers derived from the database, kept until the database changes. Meant for large, often-read answers
 * (a learner's content tree of 20,000 topics is 1.7 MB of JSON: building and serializing it costs far more
 * than sending it).
 *
 * SQLite: `PRAGMA data_version` on the read-only connection (prepared.ts) changes whenever another connection
 * commits — this process's writer or any other process's — so a kept answer is served only while nothing at
 * all has been committed since it was computed. It is never stale; any write simply empties its use.
 * PostgreSQL has no such counter: the answer is computed every time (correct, and the pooled server scales out).
 */
import { isSqlite, type Knex } from './knex.js';
import { sqliteReader } from './prepared.js';

interface Entry<T> {
  version: number;
  /** The answer, or its computation while it runs: requests arriving meanwhile share it. */
  value: Promise<T>;
}

export interface ChangeCache<T> {
  /** The kept answer for `key` if the database has not changed since it was computed; else computes it. */
  get(knex: Knex, key: string, compute: () => Promise<T>): Promise<T>;
}

function dataVersion(knex: Knex): number {
  return sqliteReader(knex).pragma('data_version', { simple: true }) as number;
}

/** At most `maxEntries` answers, the least recently used dropped first. */
export function createChangeCache<T>(maxEntries: number): ChangeCache<T> {
  // Per database: tests run several apps in one process.
  const caches = new WeakMap<Knex, Map<string, Entry<T>>>();
  return {
    async get(knex, key, compute) {
      if (!isSqlite(knex)) return compute();
      let entries = caches.get(knex);
      if (!entries) {
        entries = new Map();
        caches.set(knex, entries);
      }
      // Read before computing: a commit during the computation makes the next request recompute.
      const version = dataVersion(knex);
      const kept = entries.get(key);
      entries.delete(key);
      if (kept && kept.version === version) {
        entries.set(key, kept);
        return kept.value;
      }
      const value = compute();
      entries.set(key, { version, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      // A failed computation is not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}
