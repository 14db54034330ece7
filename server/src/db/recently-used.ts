/**
 * A bounded map of what was used lately, for the kept statements (statement-cache.ts) and kept answers
 * (change-cache.ts). When it is full, the oldest entry that was not used since it was last passed over is dropped
 * (the CLOCK policy, or "second chance", close to least-recently-used). A used entry that is passed over loses its
 * mark and moves to the end.
 *
 * Hot path: every SQLite read finds its statement here, and every authenticated request finds its session here
 * (server/bench/run.ts, "GET /api/users/me"). A hit only marks its entry. Keeping exact recency would move the
 * entry to the end of the Map on every hit (a delete, then a set), and V8 rebuilds a Map's table once its deleted
 * slots fill it. A small table is rebuilt on nearly every delete. That cost 0.16–0.74 µs a hit in a loop, against
 * 0.01–0.05 µs for a mark.
 */
interface Entry<V> {
  value: V;
  /** Used since the last pass of `dropOne`. */
  used: boolean;
}

export class RecentlyUsed<V> {
  /** Map order is the order in which `dropOne` passes over the entries. */
  private readonly entries = new Map<string, Entry<V>>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** `key`'s value, marked as used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
  }

  /** `key`'s value, leaving its mark as it is. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /**
   * Keeps `value` under `key`. A new key goes to the end, unmarked; a replaced value keeps its place and is marked
   * as used, since it was just asked for. A new key that would be one too many drops another entry first.
   */
  set(key: string, value: V): void {
    const entry = this.entries.get(key);
    if (entry) {
      entry.value = value;
      entry.used = true;
      return;
    }
    // Dropped before adding: the new entry, unmarked, would otherwise be the one dropped when all the others are marked.
    if (this.entries.size >= this.max) this.dropOne();
    this.entries.set(key, { value, used: false });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /**
   * Drops the first entry that is not marked, clearing the marks it passes over and moving those entries to the
   * end. Each mark it clears was set by a hit: at most one move per hit, and only once the map is full.
   */
  private dropOne(): void {
    for (const [key, entry] of this.entries) {
      this.entries.delete(key);
      if (!entry.used) return;
      entry.used = false;
      this.entries.set(key, entry);
    }
  }
}
