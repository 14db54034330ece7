/**
 * How many rows of a SQLite trigram index hold each trigram, so that a long search term asks the index for its rarest
 * trigrams only (contains-search.ts). A phrase query reads the whole row list of every trigram of the term: "holwick"
 * among 100,000 bioreq titles read 17,500 entries (hol, wic and ick are in 5,000 titles each) in 310 µs, where its two
 * rarest trigrams (olw, lwi: 1,250 each) found the same 250 titles in 87 µs (server/bench/bioreq.ts).
 *
 * The counts come from the index's fts5vocab table (migration 20250121000000), which counts by reading those same
 * lists: a lookup costs what the phrase query does, so counts are kept, and a search whose trigrams are not all known
 * yet runs as a phrase while they are looked up beside it. They only choose which trigrams to ask for: any of the
 * term's trigrams find every row containing the term, so a count gone stale costs time, never a row.
 */

/** Trigrams counted, over all indexes (a few hundred bytes each). */
const MAX_KNOWN = 20_000;
/** A count older than this is looked up again (it is used meanwhile). */
const FRESH_MS = 10 * 60_000;

interface Known {
  rows: number;
  at: number;
}

/** Reads the counts of these trigrams from a vocabulary table; a trigram in no row is left out. */
export type ReadTrigramCounts = (vocabulary: string, trigrams: string[]) => Promise<{ term: string; doc: number | string }[]>;

export class TrigramFrequencies {
  private readonly known = new Map<string, Known>();
  private readonly loading = new Set<string>();
  private lookups: Promise<void> = Promise.resolve();

  constructor(private readonly read: ReadTrigramCounts) {}

  /**
   * The `count` rarest of the trigrams, fewest rows first, when every one has been counted; undefined otherwise, and
   * the uncounted ones are looked up for the next search. Stale counts are used and looked up again.
   */
  rarest(vocabulary: string, trigrams: string[], count: number): string[] | undefined {
    const now = Date.now();
    const rows = new Map<string, number>();
    const lookUp: string[] = [];
    for (const trigram of trigrams) {
      const known = this.known.get(keyOf(vocabulary, trigram));
      if (known) rows.set(trigram, known.rows);
      if (!known || now - known.at > FRESH_MS) lookUp.push(trigram);
    }
    if (lookUp.length > 0) this.lookUp(vocabulary, lookUp);
    if (rows.size < trigrams.length) return undefined;
    return [...trigrams].sort((a, b) => (rows.get(a) as number) - (rows.get(b) as number)).slice(0, count);
  }

  /** Settles once the lookups started so far have (tests wait for it). */
  settled(): Promise<void> {
    return this.lookups;
  }

  private lookUp(vocabulary: string, trigrams: string[]): void {
    const wanted = trigrams.filter((trigram) => !this.loading.has(keyOf(vocabulary, trigram)));
    if (wanted.length === 0) return;
    for (const trigram of wanted) this.loading.add(keyOf(vocabulary, trigram));
    const lookup = this.read(vocabulary, wanted).then(
      (found) => {
        const rows = new Map(found.map((row) => [row.term, Number(row.doc)]));
        const at = Date.now();
        for (const trigram of wanted) this.remember(keyOf(vocabulary, trigram), { rows: rows.get(trigram) ?? 0, at });
      },
      // Uncounted, the search stays a phrase query (the database may be closing): the next search tries again.
      () => undefined,
    );
    const settled = lookup.finally(() => {
      for (const trigram of wanted) this.loading.delete(keyOf(vocabulary, trigram));
    });
    this.lookups = Promise.all([this.lookups, settled]).then(() => undefined);
  }

  private remember(key: string, known: Known): void {
    this.known.delete(key);
    if (this.known.size >= MAX_KNOWN) this.known.delete(this.known.keys().next().value as string);
    this.known.set(key, known);
  }
}

function keyOf(vocabulary: string, trigram: string): string {
  return `${vocabulary}\u0000${trigram}`;
}
