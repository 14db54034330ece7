/**
 * Deep copies (spec 2.9: "copy this component and all of its topics and items"): new topic and item rows
 * with new ids, in the same order; media files are shared (items point at the same media); completions,
 * favourites and hidden flags belong to members and are not copied. Runs inside the caller's transaction,
 * with bulk inserts.
 */
import { Item, Topic } from '../../db/content-models.js';
import type { TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { nextPosition } from '../../db/ordering.js';
import { chunks } from '../../db/relations.js';

/** Copies the items of each source topic into its copy; rows first, then their children pointing at the new rows. */
async function copyItems(org: TenantDatabase, topicCopies: Map<string, string>, now: Date): Promise<void> {
  const items: Item[] = [];
  for (const part of chunks([...topicCopies.keys()])) {
    items.push(...(await org.rows<Item>(org.from('items').whereIn('topic_id', part).select('*'), Item)));
  }
  const itemCopies = new Map(items.map((item) => [item.id, newId()]));
  const copy = (item: Item) => ({
    ...item,
    id: itemCopies.get(item.id),
    topic_id: topicCopies.get(item.topic_id),
    row_id: item.row_id ? itemCopies.get(item.row_id) : null,
    created_at: now,
    updated_at: now,
  });
  await org.insertRows(Item, items.filter((item) => !item.row_id).map(copy));
  await org.insertRows(Item, items.filter((item) => item.row_id).map(copy));
}

/**
 * Copies the topics (ids, in order) into `componentId`, after its last topic. Answers the map of
 * source topic id to copy id.
 */
export async function copyTopics(org: TenantDatabase, topicIds: string[], componentId: string, now = new Date()): Promise<Map<string, string>> {
  const topicCopies = new Map(topicIds.map((id) => [id, newId()]));
  if (topicIds.length === 0) return topicCopies;
  const first = await nextPosition(org, 'topics', 'component_id', componentId);
  const sources = new Map<string, Topic>();
  for (const part of chunks(topicIds)) {
    for (const topic of await org.rows<Topic>(org.from('topics').whereIn('id', part).select('*'), Topic)) sources.set(topic.id, topic);
  }
  const copies = topicIds.map((id, index) => ({
    ...sources.get(id),
    id: topicCopies.get(id),
    component_id: componentId,
    position: first + index,
    created_at: now,
    updated_at: now,
  }));
  await org.insertRows(Topic, copies);
  await copyItems(org, topicCopies, now);
  return topicCopies;
}
