/**
 * A topic's items: the list as the viewer may see it (rows with their children, media, the caller's
 * completions), saving the editor's whole list in one transaction, deleting one item, and completing
 * procedure rows. The topic's visibility (topics/service.ts) decides who reaches its items.
 */
import { messages } from '@tessera/sdk/rules';
import type { Database, TenantDatabase } from '../../db/database.js';
import { Item, ItemCompletion, Media } from '../../db/content-models.js';
import { newId } from '../../db/ids.js';
import { chunks } from '../../db/relations.js';
import { notFound, validationFailed } from '../../http/errors.js';
import { webhookMember } from '../../events/members.js';
import { publishEvent, type EventData } from '../../events/publish.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Viewer } from '../content/visibility.js';
import { itemRows, requireVisibleTopic } from './hot.js';
import type { ItemEntry } from './input.js';
import { itemMessages } from './policy.js';
import type { ItemRow } from './presenter.js';

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
async function checkMedia(org: TenantDatabase, children: ItemEntry[]): Promise<void> {
  const wanted = [...new Set(children.flatMap((entry) => (entry.mediaId ? [entry.mediaId] : [])))];
  const types = new Map<string, string>();
  for (const part of chunks(wanted)) {
    for (const media of await org.rows<Pick<Media, 'id' | 'type'>>(org.from('media').whereIn('id', part).select('id', 'type'))) types.set(media.id, media.type);
  }
  const errors: Record<string, string[]> = {};
  for (const entry of children) {
    if (entry.mediaId && types.get(entry.mediaId) !== entry.type) errors[`items.${entry.index}.media_id`] = [messages.selected('media_id')];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

interface SaveContext {
  org: TenantDatabase;
  topicId: string;
  serverIds: Map<ItemEntry, string>;
  now: Date;
}

/** Columns an entry may change on an existing item (its tenant, topic and creation stay). */
const EDITABLE_COLUMNS = ['row_id', 'type', 'position', 'text', 'is_procedure', 'media_id', 'updated_at'];

/**
 * Writes existing and new entries alike as one upsert per 500 rows (`insertRows` with a merge). An id either is an
 * item of this topic (read inside this transaction) or was just made, so the upsert can only ever touch this topic's
 * items.
 */
async function writeEntries(context: SaveContext, positions: Map<ItemEntry, number>, rowIdOf: (entry: ItemEntry) => string | null): Promise<void> {
  const { org, now } = context;
  const rows = [...positions].map(([entry, position]) => ({
    id: context.serverIds.get(entry) as string,
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
  await org.insertRows(Item, rows, { onConflict: ['id'], merge: EDITABLE_COLUMNS });
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
  return db.inTenant(viewer.tenantId).transaction(async (org) => {
    await requireVisibleTopic(org.db, viewer, topicId);
    const existing = new Set((await org.rows<{ id: string }>(org.from('items').where('topic_id', topicId).select('id'))).map((row) => row.id));
    const { serverIds, temporary } = assignIds(entries, existing);
    const context: SaveContext = { org, topicId, serverIds, now: new Date() };
    const rows = entries.filter((entry) => entry.type === 'row');
    const children = entries.filter((entry) => entry.type !== 'row');
    const rowByRef = new Map(rows.map((row) => [row.clientId, serverIds.get(row) as string]));
    const rowIdOf = (entry: ItemEntry) => (entry.rowRef === null ? null : (rowByRef.get(entry.rowRef) ?? null));

    await writeEntries(context, numbered(rows), rowIdOf);
    await checkMedia(org, children);
    await writeEntries(context, childPositions(children, rowIdOf), rowIdOf);

    const kept = new Set(serverIds.values());
    const removed = [...existing].filter((id) => !kept.has(id));
    for (const part of chunks(removed)) await org.write(Item).whereIn('id', part).delete();
    return temporary;
  });
}

/** Deletes one item of the topic; a row takes its children with it. */
export async function deleteItem(db: Database, viewer: Viewer, topicId: string, itemId: string): Promise<void> {
  await db.inTenant(viewer.tenantId).transaction(async (org) => {
    await requireVisibleTopic(org.db, viewer, topicId);
    const item = await org.row(org.from('items').where({ id: itemId, topic_id: topicId }).select('id'));
    if (!item) throw notFound(itemMessages.notFound);
    await org.write(Item).delete().where('row_id', itemId);
    await org.write(Item).deleteById(itemId);
  });
}

/**
 * Marks a procedure row of a visible topic complete or incomplete for the member; other items are 404. The tick that
 * completes the topic's procedure (every procedure row ticked) publishes `procedure.completed`, in its transaction.
 */
export async function setComplete(
  db: Database,
  jobs: JobQueue,
  viewer: Viewer,
  topicId: string,
  itemId: string,
  memberId: string,
  complete: boolean,
): Promise<void> {
  await requireVisibleTopic(db, viewer, topicId);
  await db.inTenant(viewer.tenantId).transaction(async (org) => {
    const row = await org.row(org.from('items').where({ id: itemId, topic_id: topicId, type: 'row', is_procedure: true }).select('id'));
    if (!row) throw notFound(itemMessages.notFound);
    const ticks = () => org.from('item_completions').where({ item_id: itemId, tenant_user_id: memberId });
    if (!complete) {
      await org.write(ItemCompletion).where({ item_id: itemId, tenant_user_id: memberId }).delete();
      return;
    }
    if (await org.row(ticks().select('item_id'))) return;
    await org.insertRows(ItemCompletion, [{ item_id: itemId, tenant_user_id: memberId, created_at: new Date() }], {
      onConflict: ['item_id', 'tenant_user_id'],
      ignore: true,
    });
    if (await everyProcedureRowTicked(org, topicId, memberId))
      await publishEvent(jobs, org, 'procedure.completed', () => procedureCompleted(org, topicId, memberId));
  });
}

async function everyProcedureRowTicked(org: TenantDatabase, topicId: string, memberId: string): Promise<boolean> {
  const counts = await org.row<{ rows: number; ticked: number }>(
    org
      .from('items as i')
      .leftJoin('item_completions as ic', (join) => join.on('ic.item_id', 'i.id').andOnVal('ic.tenant_user_id', memberId))
      .where({ 'i.topic_id': topicId, 'i.type': 'row', 'i.is_procedure': true })
      .select(org.raw('count(*) as rows'), org.raw('count(ic.item_id) as ticked')),
    { booleanColumns: [], dateColumns: [], numberColumns: ['rows', 'ticked'] },
  );
  return counts !== undefined && counts.rows > 0 && counts.rows === counts.ticked;
}

async function procedureCompleted(org: TenantDatabase, topicId: string, memberId: string): Promise<EventData<'procedure.completed'>> {
  const topic = await org.row<{ id: string; name: string; component_id: string; module_id: string }>(
    org.from('topics as t').join('components as c', 'c.id', 't.component_id').where('t.id', topicId).select('t.id', 't.name', 't.component_id', 'c.module_id'),
  );
  return {
    topic: { id: topicId, name: topic?.name ?? '' },
    module_id: topic?.module_id ?? '',
    component_id: topic?.component_id ?? '',
    member: await webhookMember(org, memberId),
    completed_at: new Date().toISOString(),
  };
}
