/** Rows read with knex come out as the models read them, from either database's shapes (ARCHITECTURE.md#data-access). */
import { describe, expect, it } from 'vitest';
import { Topic } from './content-models.js';
import { normaliseRow, withColumns } from './model.js';

const TOPIC_ROW = withColumns(Topic, { booleanColumns: ['is_favorite'], numberColumns: ['items_count'] });

describe('normaliseRow', () => {
  it("reads SQLite's 0/1 and epoch milliseconds and PostgreSQL's Dates and bigint strings as the same row", () => {
    const created = new Date('2026-11-24T10:11:12.134Z');
    const sqlite = { id: 't', is_active: 1, is_favorite: 0, position: 3, deleted_at: null, created_at: created.getTime(), items_count: 7 };
    const pg = { id: 't', is_active: true, is_favorite: false, position: 3, deleted_at: null, created_at: created, items_count: '7' };
    const expected = { id: 't', is_active: true, is_favorite: false, position: 3, deleted_at: null, created_at: created.toISOString(), items_count: 7 };
    expect(normaliseRow(TOPIC_ROW, sqlite)).toEqual(expected);
    expect(normaliseRow(TOPIC_ROW, pg)).toEqual(expected);
  });

  it('leaves the row it was given unchanged and adds no column the read did not select', () => {
    const row = { id: 't', is_active: 0 };
    expect(normaliseRow(TOPIC_ROW, row)).toEqual({ id: 't', is_active: false });
    expect(row).toEqual({ id: 't', is_active: 0 });
  });

  it('reads rows through the model the same way (its own column lists, without the added ones)', () => {
    const topic = Topic.fromDatabaseJson({ id: 't', is_active: 1, position: 2, deleted_at: 0, created_at: 0, updated_at: 0, items_count: '7' });
    expect(topic).toMatchObject({ is_active: true, position: 2, deleted_at: '1970-01-01T00:00:00.000Z', items_count: '7' });
  });
});
