/**
 * A topic's items: the list as the viewer may see it (rows with their children, media, the caller's
 * completions), saving the editor's whole list in one transaction, deleting one item, and completing
 * procedure rows. The topic's visibility (topics/service.ts) decides who reaches its items.
 */
import { messages } from '@tessera/sdk/rules';
import { compiledRead, type Bound } from '../../db/compiled-read.js';
import type { Database } from '../../db/database.js';
import { Item } from '../../db/content-models.js';
import { normaliseRow, withColumns } from '../../db/model.js';
import { newId } from '../../db/ids.js';
import type { Knex } from '../../db/knex.js';
import { chunks } from '../../db/relations.js';
import { notFound, validationFailed } from '../../http/errors.js';
import { mediaSummaryColumns } from '../media/summary.js';
import { contentMessages } from '../content/policy.js';
import { memberFlag, placeholderViewer, viewerValues, visibilityCheck, type Viewer, type ViewerParams } from '../content/visibility.js';
import { topicsOf } from '../topics/service.js';
import type { ItemEntry } from './input.js';
import { itemMessages } from './policy.js';
import { ITEM_MEDIA_PREFIX, type ItemRow } from './presenter.js';

/** 404 unless the viewer may see the topic (a learner: active, live, related content only). */
const requireVisibleTopic = visibilityCheck(
  'topic',
  (knex, viewer, id: Bound<string>) => topicsOf(knex, viewer, 'one').where('t.id', id).select('t.id'),
  () => notFound(contentMessages.topicNotFound),
);

/** The topic's items sorted by position, in one query (media joined, completion as a column). */
const itemRowsRead = compiledRead<object, ViewerParams & { topicId: string }>((db, param) => {
  const viewer = placeholderViewer(false, param);
  return db('items as i')
    .leftJoin('media as md', (join) => join.on('md.id', 'i.media_id').andOn('md.tenant_id', 'i.tenant_id'))
    .where('i.topic_id', param('topicId'))
    .where('i.tenant_id', viewer.tenantId)
    .select(
      'i.id',
      'i.topic_id',
      'i.row_id',
      'i.type',
      'i.position',
      'i.text',
      'i.is_procedure',
      ...mediaSummaryColumns('md', ITEM_MEDIA_PREFIX),
      memberFlag(db, 'item_completions', 'item_id', 'i.id', viewer.memberId, 'is_complete'),
    )
    .orderBy('i.position')
    .orderBy('i.id');
});

/** An item row as read: the model's columns and the caller's completion (its media summary normalises on its own, media/summary.ts). */
const ITEM_ROW = withColumns(Item, { booleanColumns: ['is_complete'] });

export async function itemRows(db: Database, viewer: Viewer, topicId: string): Promise<ItemRow[]> {
  const rows = await db.read(itemRowsRead, { ...viewerValues(viewer), topicId });
  return rows.map((row) => normaliseRow<ItemRow>(ITEM_ROW, row));
}

export async function listItems(db: Database, viewer: Viewer, topicId: string): Promise<ItemRow[]> {
  await requireVisibleTopic(db, viewer, topicId);
  return itemRows(db, viewer, topicId);
}

/** Sorts siblings by their requested order (ties keep the order sent) and numbers them from 0. */
function numbered(entries: ItemEntry[]): Map<ItemEntry, number> {
  const sorted = [...entries].sort((a, b) => a.order - b.order || a.index - b.index);
  return new Map(sorted.map((entry, position) => [entry, position]));
}

/** Existing items keep their id; every other entry gets a new one (its sent id is a temporary id). */
function assignIds(entries: ItemEntry[], existing: Set<string>): { serverIds: Map<ItemEntry, string>; temporary: Record<string, string> } {
  const serverIds = new Map<ItemEntry, string>();
  const temporary: Record<string, string> = {};
  for (const entry of entries) {
    if (entry.clientId !== null && existing.has(entry.clientId)) {
      serverIds.set(entry, entry.clientId);
      continue;
    }
    const id = newId();
    serverIds.set(entry, id);
    if (entry.clientId !== null) temporary[entry.clientId] = id;
  }
  return { serverIds, temporary };
}

/** 422 `items.{n}.media_id` for media that are not this organization's or not of the item's type. */
async function checkMedia(trx: Knex, tenantId: string, children: ItemEntry[]): Promise<void> {
  const wanted = [...new Set(children.flatMap((entry) => (entry.mediaId ? [entry.mediaId] : [])))];
  const types = new Map<string, string>();
  for (const part of chunks(wanted)) {
    for (const media of await trx('media').where('tenant_id', tenantId).whereIn('id', part).select('id', 'type')) types.set(media.id, media.type);
  }
  const errors: Record<string, string[]> = {};
  for (const entry of children) {
    if (entry.mediaId && types.get(entry.mediaId) !== entry.type) errors[`items.${entry.index}.media_id`] = [messages.selected('media_id')];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

interface SaveContext {
  trx: Knex;
  tenantId: string;
  topicId: string;
  serverIds: Map<ItemEntry, string>;
  now: Date;
}

/** Columns an entry may change on an existing item (its tenant, topic and creation stay). */
const EDITABLE_COLUMNS = ['row_id', 'type', 'position', 'text', 'is_procedure', 'media_id', 'updated_at'];

/**
 * Writes existing and new entries alike as one upsert per 200 rows (plain knex: objection inserts many rows at once
 * only on PostgreSQL, and has no upsert). An id either is an item of this topic
 * (read inside this transaction) or was just made, so the upsert can only ever touch this topic's items.
 */
async function writeEntries(context: SaveContext, positions: Map<ItemEntry, number>, rowIdOf: (entry: ItemEntry) => string | null): Promise<void> {
  const { trx, now } = context;
  const rows = [...positions].map(([entry, position]) => ({
    id: context.serverIds.get(entry) as string,
    tenant_id: context.tenantId,
    topic_id: context.topicId,
    row_id: rowIdOf(entry),
    type: entry.type,
    position,
    text: entry.text,
    is_procedure: entry.isProcedure,
    media_id: entry.mediaId,
    created_at: now,
    updated_at: now,
  }));
  for (const part of chunks(rows, 200)) await trx('items').insert(part).onConflict('id').merge(EDITABLE_COLUMNS);
}

/** Children grouped by their row's server id, each group numbered from 0. */
function childPositions(children: ItemEntry[], rowIdOf: (entry: ItemEntry) => string | null): Map<ItemEntry, number> {
  const groups = new Map<string, ItemEntry[]>();
  for (const child of children) {
    const rowId = rowIdOf(child) as string;
    groups.set(rowId, [...(groups.get(rowId) ?? []), child]);
  }
  return new Map([...groups.values()].flatMap((group) => [...numbered(group)]));
}

/**
 * Saves the whole list in one transaction: rows first, then children (media checked after the rows are
 * written, so a failing child rolls the rows back too), then deletes the items missing from the list.
 * Answers the map of temporary id -> server id.
 */
export async function saveItems(db: Database, viewer: Viewer, topicId: string, entries: ItemEntry[]): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    const trx = tx.knex;
    await requireVisibleTopic(tx, viewer, topicId);
    const existing = new Set<string>((await trx('items').where('topic_id', topicId).select('id')).map((row: { id: string }) => row.id));
    const { serverIds, temporary } = assignIds(entries, existing);
    const context: SaveContext = { trx, tenantId: viewer.tenantId, topicId, serverIds, now: new Date() };
    const rows = entries.filter((entry) => entry.type === 'row');
    const children = entries.filter((entry) => entry.type !== 'row');
    const rowByRef = new Map(rows.map((row) => [row.clientId, serverIds.get(row) as string]));
    const rowIdOf = (entry: ItemEntry) => (entry.rowRef === null ? null : (rowByRef.get(entry.rowRef) ?? null));

    await writeEntries(context, numbered(rows), rowIdOf);
    await checkMedia(trx, viewer.tenantId, children);
    await writeEntries(context, childPositions(children, rowIdOf), rowIdOf);

    const kept = new Set(serverIds.values());
    const removed = [...existing].filter((id) => !kept.has(id));
    for (const part of chunks(removed)) await trx('items').whereIn('id', part).delete();
    return temporary;
  });
}

/** Deletes one item of the topic; a row takes its children with it. */
export async function deleteItem(db: Database, viewer: Viewer, topicId: string, itemId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const trx = tx.knex;
    await requireVisibleTopic(tx, viewer, topicId);
    const item = await Item.query(trx).findOne({ id: itemId, topic_id: topicId }).select('id');
    if (!item) throw notFound(itemMessages.notFound);
    await Item.query(trx).delete().where('row_id', itemId);
    await Item.query(trx).deleteById(itemId);
  });
}

/** Marks a procedure row of a visible topic complete or incomplete for the member; other items are 404. */
export async function setComplete(db: Database, viewer: Viewer, topicId: string, itemId: string, memberId: string, complete: boolean): Promise<void> {
  await requireVisibleTopic(db, viewer, topicId);
  const { knex } = db;
  const row = await knex('items').where({ id: itemId, topic_id: topicId, type: 'row', is_procedure: true }).first('id');
  if (!row) throw notFound(itemMessages.notFound);
  if (complete) {
    await knex('item_completions')
      .insert({ item_id: itemId, tenant_user_id: memberId, created_at: new Date() })
      .onConflict(['item_id', 'tenant_user_id'])
      .ignore();
  } else {
    await knex('item_completions').where({ item_id: itemId, tenant_user_id: memberId }).delete();
  }
}
