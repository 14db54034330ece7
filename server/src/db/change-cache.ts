/**
 * Answers derived from the database, kept until the database changes: a learner's content tree (20,000 topics
 * are 1.7 MB of JSON: building and serializing it costs far more than sending it) and the session behind an
 * access token (read on every authenticated request).
 *
 * SQLite: `PRAGMA data_version` on the read-only connection (prepared.ts) changes whenever another connection
 * commits — this process's writer or any other process's — so a kept answer is served only while nothing at
 * all has been committed since it was computed. It is never stale; any write simply empties its use.
 * PostgreSQL has no such counter: the answer is computed every time (correct, and the pooled server scales out).
 *
 * Reading the counter takes SQLite's read lock (two fcntl calls; about 20 µs of a request's CPU in a busy
 * server), so it is read once per turn of the event loop and shared by the requests handled in that turn. That
 * loses nothing: a request handled in this turn was received before the turn began, so every commit it could
 * know of (one whose answer reached its sender before the sender sent it) happened before the counter was read.
 */
import type { Statement } from 'better-sqlite3';
import { isSqlite, type Knex } from './knex.js';
import { inTransaction } from './cached-select.js';
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

const versionStatements = new WeakMap<Knex, Statement>();

/** Counters read in this turn of the event loop, by database; emptied when the turn ends. */
const versionsThisTurn = new Map<Knex, number>();
const endTurn = () => versionsThisTurn.clear();

function dataVersion(knex: Knex): number {
  let version = versionsThisTurn.get(knex);
  if (version === undefined) {
    let statement = versionStatements.get(knex);
    if (!statement) {
      // Prepared once: better-sqlite3's `pragma()` compiles its statement on every call.
      statement = sqliteReader(knex).prepare('PRAGMA data_version').pluck();
      versionStatements.set(knex, statement);
    }
    version = statement.get() as number;
    if (versionsThisTurn.size === 0) setImmediate(endTurn);
    versionsThisTurn.set(knex, version);
  }
  return version;
}

/** At most `maxEntries` answers, the least recently used dropped first. */
export function createChangeCache<T>(maxEntries: number): ChangeCache<T> {
  // Per database: tests run several apps in one process.
  const caches = new WeakMap<Knex, Map<string, Entry<T>>>();
  return {
    async get(knex, key, compute) {
      // A transaction sees its own writes, which nobody else has seen yet: nothing it reads is kept.
      if (!isSqlite(knex) || inTransaction(knex)) return compute();
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
