/**
 * Long searches through a SQLite trigram index by their rarest trigrams (db/contains-search.ts,
 * db/trigram-frequencies.ts): the same rows as the phrase, once the trigrams are counted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TrigramFrequencies } from '../src/db/trigram-frequencies.js';
import { insertMediaRow } from './support/content.js';
import { insertTenant, person, type Person } from './support/people.js';
import { startTestServer, type TestContext } from './support/server.js';

describe('searches by their rarest trigrams on sqlite', () => {
  let context: TestContext;
  let tenantId: string;
  let admin: Person;
  beforeAll(async () => {
    context = await startTestServer('sqlite');
    tenantId = (await insertTenant(context.server)).id;
    admin = await person(context.server, { tenantId, role: 'admin' });
    const names = [
      'Zebrafish care 1',
      'Zebrafish care 2',
      'Feeding the ZEBRAFISH',
      // Holds the term's two rarest trigrams (zeb, ebr) but not the term: the index finds it, LIKE leaves it out.
      'Ebro zebu notes',
      'Zebra_fish tank',
      // Make the term's other trigrams common (bra, raf, afi, fis, ish).
      ...Array.from({ length: 20 }, (_, index) => `Brafish guide ${index}`),
      'Ölander report',
    ];
    for (const name of names) await insertMediaRow(context.server, tenantId, { name });
  });
  afterAll(() => context.cleanup());

  const db = () => context.server.app.db;

  /** The names a search lists, and the trigram queries it sent (knex's query events). */
  async function search(term: string): Promise<{ names: string[]; matches: unknown[] }> {
    const matches: unknown[] = [];
    const onQuery = (query: { sql: string; bindings: unknown[] }) => {
      if (query.sql.includes('MATCH')) matches.push(...query.bindings.filter((value) => typeof value === 'string' && value.startsWith('"')));
    };
    context.server.app.knex.on('query', onQuery);
    try {
      const response = await context.server.api.get(`/tenants/${tenantId}/media?order=name&per_page=100&search=${encodeURIComponent(term)}`, {
        token: admin.token,
      });
      expect(response.status).toBe(200);
      return { names: (response.body.data as { name: string }[]).map((row) => row.name), matches };
    } finally {
      context.server.app.knex.off('query', onQuery);
    }
  }

  it('finds what the phrase finds, by the two rarest trigrams once they are counted', async () => {
    const expected = ['Feeding the ZEBRAFISH', 'Zebrafish care 1', 'Zebrafish care 2'];
    const first = await search('zebrafish');
    // Uncounted: the phrase, while the trigrams are counted beside it.
    expect(first).toEqual({ names: expected, matches: ['"zebrafish"'] });
    await db().trigramFrequencies?.settled();

    const counted = await search('zebrafish');
    expect(counted).toEqual({ names: expected, matches: ['"zeb" AND "ebr"'] });
    // Any letter case; the counts are the index's folded trigrams.
    expect((await search('ZebraFish')).names).toEqual(expected);
    expect((await search('ebro zebu')).names).toEqual(['Ebro zebu notes']);
  });

  it('keeps LIKE wildcards typed in a long term literal', async () => {
    await search('zebra_fis');
    await db().trigramFrequencies?.settled();
    // Held by one row each, ra_ and a_f are the rarest (ties in the term's order).
    expect(await search('zebra_fis')).toEqual({ names: ['Zebra_fish tank'], matches: ['"ra_" AND "a_f"'] });
    expect((await search('zebra%fish')).names).toEqual([]);
  });

  it('searches a term beyond ASCII as a phrase, folded by the index', async () => {
    expect(await search('ölander')).toEqual({ names: ['Ölander report'], matches: ['"ölander"'] });
    await db().trigramFrequencies?.settled();
    expect((await search('ölander')).matches).toEqual(['"ölander"']);
  });

  it('counts no trigram held by no row as rare, and finds nothing by it', async () => {
    await search('zebraquux');
    await db().trigramFrequencies?.settled();
    const answer = await search('zebraquux');
    expect(answer.names).toEqual([]);
    expect(answer.matches).toHaveLength(1);
    expect(answer.matches[0]).toMatch(/"(quu|uux|aqu|raq)" AND "(quu|uux|aqu|raq)"/);
  });
});

describe('trigram counts', () => {
  const vocabulary = 'media_search_vocab';

  function counting(counts: Record<string, number>) {
    const reads: string[][] = [];
    let failing = false;
    const frequencies = new TrigramFrequencies(async (_vocabulary, trigrams) => {
      reads.push(trigrams);
      if (failing) throw new Error('closed');
      return trigrams.filter((trigram) => trigram in counts).map((term) => ({ term, doc: counts[term] }));
    });
    return { frequencies, reads, fail: (value: boolean) => (failing = value) };
  }

  afterEach(() => vi.useRealTimers());

  it('answers the rarest once every trigram is counted, reading each trigram once', async () => {
    const { frequencies, reads } = counting({ abc: 9, bcd: 2, cde: 5 });
    expect(frequencies.rarest(vocabulary, ['abc', 'bcd', 'cde'], 2)).toBeUndefined();
    // Asked again before the counts arrive: no second read.
    expect(frequencies.rarest(vocabulary, ['abc', 'bcd', 'cde'], 2)).toBeUndefined();
    await frequencies.settled();
    expect(frequencies.rarest(vocabulary, ['abc', 'bcd', 'cde'], 2)).toEqual(['bcd', 'cde']);
    // A trigram in no row counts 0 and comes first; only it is read.
    expect(frequencies.rarest(vocabulary, ['abc', 'zzz'], 2)).toBeUndefined();
    await frequencies.settled();
    expect(frequencies.rarest(vocabulary, ['abc', 'zzz'], 1)).toEqual(['zzz']);
    expect(reads).toEqual([['abc', 'bcd', 'cde'], ['zzz']]);
  });

  it('leaves trigrams uncounted when their read fails, and reads them at the next search', async () => {
    const { frequencies, reads, fail } = counting({ abc: 1, bcd: 2, cde: 3 });
    fail(true);
    frequencies.rarest(vocabulary, ['abc', 'bcd', 'cde'], 2);
    await frequencies.settled();
    fail(false);
    expect(frequencies.rarest(vocabulary, ['abc', 'bcd', 'cde'], 2)).toBeUndefined();
    await frequencies.settled();
    expect(frequencies.rarest(vocabulary, ['abc', 'bcd', 'cde'], 2)).toEqual(['abc', 'bcd']);
    expect(reads).toHaveLength(2);
  });

  it('uses counts older than ten minutes while reading them again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { frequencies, reads } = counting({ abc: 1, bcd: 2, cde: 3 });
    frequencies.rarest(vocabulary, ['abc', 'bcd', 'cde'], 2);
    await frequencies.settled();
    vi.advanceTimersByTime(11 * 60_000);
    expect(frequencies.rarest(vocabulary, ['abc', 'bcd', 'cde'], 2)).toEqual(['abc', 'bcd']);
    await frequencies.settled();
    expect(reads).toEqual([
      ['abc', 'bcd', 'cde'],
      ['abc', 'bcd', 'cde'],
    ]);
  });
});
