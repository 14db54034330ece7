/**
 * Answers derived from the database, kept until the database changes: a learner's content tree (20,000 topics
 * are 1.7 MB of JSON: building and serializing it costs far more than sending it), the session behind an access
 * token (read on every authenticated request), the answer of GET /users/me.
 *
 * SQLite: `PRAGMA data_version` on the read-only connection (sqlite-reader.ts) changes whenever another
 * connection commits — this process's writer or any other process's — so a kept answer is served only while
 * nothing at all has been committed since it was computed. It is never stale; any write simply empties its use.
 * The counter is read once per turn of the event loop (see `SqliteReader.dataVersion`).
 * PostgreSQL has no such counter: the answer is computed every time (correct, and the pooled server scales out).
 *
 * A feature declares what it keeps with `keptAnswers(maxEntries)` (a description, no state) and reads through
 * `db.kept(answers, key, compute)`: the entries belong to the app's `Database`.
 */
import { RecentlyUsed } from './recently-used.js';

/** A kind of kept answer: at most `maxEntries` of them per database, one not used lately dropped first (recently-used.ts). */
export interface KeptAnswers<T> {
  readonly maxEntries: number;
  /** Type-only: the answer kept. */
  readonly answer?: T;
}

export function keptAnswers<T>(maxEntries: number): KeptAnswers<T> {
  return { maxEntries };
}

/**
 * A JSON answer kept as the bytes sent: a kept string is measured and encoded again by every response that sends it
 * (Koa's `Buffer.byteLength`, the socket's UTF-8 write), and JSON.stringify's long results are strings V8 keeps in
 * pieces, which made that several times dearer (server/bench/people.ts, "GET /api/users/me (50 memberships)"). The
 * bytes get a buffer of their own: a small one from Node's shared pool would keep its 8 KB slab as long as it is kept.
 */
export function keptJson(value: unknown): Buffer {
  const json = JSON.stringify(value);
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  bytes.write(json);
  return bytes;
}

interface Entry<T> {
  version: number;
  /** The answer, or its computation while it runs: requests arriving meanwhile share it. */
  value: Promise<T>;
}

/** The entries of one kind of kept answer in one database. */
export class ChangeCache<T> {
  private readonly entries: RecentlyUsed<Entry<T>>;

  constructor(maxEntries: number) {
    this.entries = new RecentlyUsed(maxEntries);
  }

  /** The kept answer for `key` if the database is still at `version` (read before computing); else computes it. */
  get(version: number, key: string, compute: () => Promise<T>): Promise<T> {
    const { entries } = this;
    const kept = entries.get(key);
    if (kept && kept.version === version) return kept.value;
    const value = compute();
    entries.set(key, { version, value });
    // A failed computation is not kept: the next request tries again.
    value.catch(() => {
      if (entries.peek(key)?.value === value) entries.delete(key);
    });
    return value;
  }
}
