/** SQLite trigram indexes merged into one segment (db/trigram-search.ts): fewer pages, the same matches. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeSearchIndexes } from '../src/db/trigram-search.js';
import { insertMediaRow } from './support/content.js';
import { insertTenant } from './support/people.js';
import { startTestServer, type TestContext } from './support/server.js';

describe('search index merging on sqlite', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await startTestServer('sqlite');
  });
  afterAll(() => context.cleanup());

  const knex = () => context.server.app.knex;
  const indexPages = async () => Number((await knex()('media_search_fts_data').count({ pages: '*' }))[0].pages);
  const matches = (term: string) =>
    knex()('media_search_fts')
      .whereRaw('media_search_fts MATCH ?', [`"${term}"`])
      .orderBy('rowid')
      .pluck('rowid');

  it('merges the segments that row-by-row writes leave, and every search finds what it found before', async () => {
    const tenant = await insertTenant(context.server);
    // One write per file, as uploads come: each adds a segment to the index.
    for (let index = 0; index < 60; index += 1) {
      await insertMediaRow(context.server, tenant.id, { name: `${index % 3 === 0 ? 'Wiring diagram' : 'Handout'} ${index}` });
    }
    const before = { pages: await indexPages(), diagrams: await matches('diagram'), handouts: await matches('andou') };
    expect(before.diagrams).toHaveLength(20);
    expect(before.handouts).toHaveLength(40);

    await mergeSearchIndexes(knex());

    expect(await indexPages()).toBeLessThan(before.pages);
    expect(await matches('diagram')).toEqual(before.diagrams);
    expect(await matches('andou')).toEqual(before.handouts);
    // A merged index stays as it is.
    const merged = await indexPages();
    await mergeSearchIndexes(knex());
    expect(await indexPages()).toBe(merged);
  });
});
