/**
 * Deep copies (spec 2.9: "copy this component and all of its topics and items"): new topic and item rows
 * with new ids, in the same order; media files are shared (items point at the same media); completions,
 * favourites and hidden flags belong to members and are not copied. Runs inside the caller's transaction,
 * with bulk inserts.
 */
import { newId } from '../../db/ids.js';
import type { Knex } from '../../db/knex.js';
import { nextPosition } from '../../db/ordering.js';
import { chunks } from '../../db/relations.js';

/** Rows per INSERT: 12 columns each stays far below SQLite's bound-parameter limit. */
const INSERT_BATCH = 200;

async function insertAll(trx: Knex, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (const part of chunks(rows, INSERT_BATCH)) await trx(table).insert(part);
}

/** Copies the items of each source topic into its copy; rows first, then their children pointing at the new rows. */
async function copyItems(trx: Knex, topicCopies: Map<string, string>, now: Date): Promise<void> {
  const items: Record<string, unknown>[] = [];
  for (const part of chunks([...topicCopies.keys()])) {
    items.push(...(await trx('items').whereIn('topic_id', part).select('*')));
  }
  const itemCopies = new Map(items.map((item) => [item.id as string, newId()]));
  const copy = (item: Record<string, unknown>) => ({
    ...item,
    id: itemCopies.get(item.id as string),
    topic_id: topicCopies.get(item.topic_id as string),
    row_id: item.row_id ? itemCopies.get(item.row_id as string) : null,
    created_at: now,
    updated_at: now,
  });
  await insertAll(trx, 'items', items.filter((item) => !item.row_id).map(copy));
  await insertAll(trx, 'items', items.filter((item) => item.row_id).map(copy));
}

/**
 * Copies the topics (ids, in order) into `componentId`, after its last topic. Answers the map of
 * source topic id to copy id.
 */
export async function copyTopics(trx: Knex, topicIds: string[], componentId: string, now = new Date()): Promise<Map<string, string>> {
  const topicCopies = new Map(topicIds.map((id) => [id, newId()]));
  if (topicIds.length === 0) return topicCopies;
  const first = await nextPosition(trx, 'topics', 'component_id', componentId);
  const sources = new Map<string, Record<string, unknown>>();
  for (const part of chunks(topicIds)) {
    for (const topic of await trx('topics').whereIn('id', part).select('*')) sources.set(topic.id, topic);
  }
  const copies = topicIds.map((id, index) => ({
    ...sources.get(id),
    id: topicCopies.get(id),
    component_id: componentId,
    position: first + index,
    created_at: now,
    updated_at: now,
  }));
  await insertAll(trx, 'topics', copies);
  await copyItems(trx, topicCopies, now);
  return topicCopies;
}
