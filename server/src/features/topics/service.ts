/**
 * Topics of a component: lists per viewer with item and procedure counts, create, edit (with a move to a
 * place), archive and restore, bulk reorder, favourites, and deep copy and move.
 */
import { messages } from '@tessera/sdk/rules';
import { planArchive } from '../../http/archiving.js';
import { newId } from '../../db/ids.js';
import { compiledRead, whereInJsonList } from '../../db/compiled-read.js';
import type { Database } from '../../db/database.js';
import type { Knex } from '../../db/knex.js';
import { liveSiblings, moveTo, moveToParent, nextPosition, planOrder, writePositions } from '../../db/ordering.js';
import { fieldError, notFound } from '../../http/errors.js';
import { applyArchived, normalisedPage, paginate, type ListParams, type Page, type RowsById } from '../../db/paginate.js';
import { Topic } from '../../db/content-models.js';
import { normaliseRow, withColumns } from '../../db/model.js';
import { requireVisibleComponent } from '../components/service.js';
import { contentMessages } from '../content/policy.js';
import { contentList, type ContentSortKey } from '../content/list.js';
import {
  memberFlag,
  placeholderViewer,
  viewerValues,
  whereLive,
  whereTopicVisible,
  type Reach,
  type Viewer,
  type ViewerParams,
  type ViewerScope,
} from '../content/visibility.js';
import { copyTopics } from './copy.js';
import { copyName } from '../content/copy-name.js';
import type { TopicRow } from './presenter.js';

export const TOPIC_LIST = contentList('t');

/** A topic row as the lists and single reads select it: the model's columns, the caller's star and the counts. */
const TOPIC_ROW = withColumns(Topic, { booleanColumns: ['is_favorite'], numberColumns: ['items_count', 'total_procedures', 'completed_procedures'] });

export function topicsOf(db: Knex, viewer: ViewerScope, reach: Reach = 'many'): Knex.QueryBuilder {
  return whereTopicVisible(db, topicsWithParents(db), viewer, reach);
}

/**
 * The counts are correlated subqueries of the page's own query (constant queries per page); `short` lists
 * (pickers, the ids a move up or down renumbers) leave them out, as modules and components do.
 */
function selectTopic(db: Knex, viewer: ViewerScope, short = false) {
  return (query: Knex.QueryBuilder) =>
    query.select(
      't.id',
      't.component_id',
      'c.name as component_name',
      'm.id as module_id',
      'm.name as module_name',
      't.name',
      't.description',
      't.is_active',
      't.position',
      't.deleted_at',
      't.created_at',
      't.updated_at',
      memberFlag(db, 'topic_favorites', 'topic_id', 't.id', viewer.memberId, 'is_favorite'),
      db('knowledge_checks as tkc').select('tkc.id').whereRaw('tkc.topic_id = t.id').as('knowledgecheck_id'),
      ...(short ? [] : topicCounts(db, viewer)),
    );
}

function topicCounts(db: Knex, viewer: ViewerScope) {
  return [
    db('items as ti').count('*').whereRaw('ti.topic_id = t.id').as('items_count'),
    db('items as tp').count('*').whereRaw('tp.topic_id = t.id').where('tp.is_procedure', true).as('total_procedures'),
    // From the topic's few items to the member's completion of each (not from all of the member's completions).
    db('items as ci')
      .count('*')
      .whereRaw('ci.topic_id = t.id')
      .where('ci.is_procedure', true)
      .whereExists(db('item_completions as ic').whereRaw('ic.item_id = ci.id').where('ic.tenant_user_id', viewer.memberId).select(db.raw('1')))
      .as('completed_procedures'),
  ];
}

function applyListFilters(query: Knex.QueryBuilder, viewer: Viewer, params: ListParams): Knex.QueryBuilder {
  if (viewer.seesAll) applyArchived(query, 't.deleted_at', params.archived);
  if (params.active !== undefined) query.where('t.is_active', params.active);
  return query;
}

/**
 * The topics of a component the viewer was found to see (`requireVisibleComponent`): the component's and its
 * module's visibility is settled, so only the topics' own conditions remain (the joins give their names).
 */
function topicsOfVisibleComponent(db: Knex, viewer: Viewer, componentId: string): Knex.QueryBuilder {
  const query = topicsWithParents(db).where('t.tenant_id', viewer.tenantId).where('t.component_id', componentId);
  return viewer.seesAll ? query : whereLive(query, 't');
}

function topicsWithParents(db: Knex): Knex.QueryBuilder {
  return db('topics as t').join('components as c', 'c.id', 't.component_id').join('modules as m', 'm.id', 'c.module_id');
}

/** A page's topics by id, with their counts for the viewer (none when short): compiled once per kind of viewer (db/paginate.ts). */
function topicRowsRead(seesAll: boolean, short: boolean) {
  return compiledRead<object, ViewerParams & { ids: string }>((db, param) => {
    const viewer = placeholderViewer(seesAll, param);
    return whereInJsonList(db, selectTopic(db, viewer, short)(topicsWithParents(db).where('t.tenant_id', viewer.tenantId)), 't.id', param('ids'));
  });
}

const topicRowsReads = {
  all: topicRowsRead(true, false),
  related: topicRowsRead(false, false),
  allShort: topicRowsRead(true, true),
  relatedShort: topicRowsRead(false, true),
};

function topicRowsById(db: Database, viewer: Viewer, short = false): RowsById<object> {
  const read = topicRowsReads[`${viewer.seesAll ? 'all' : 'related'}${short ? 'Short' : ''}` as const];
  return (ids) => db.read(read, { ...viewerValues(viewer), ids: JSON.stringify(ids) });
}

export async function listTopics(
  db: Database,
  viewer: Viewer,
  componentId: string,
  params: ListParams<ContentSortKey>,
  options: { short: boolean } = { short: false },
): Promise<Page<TopicRow>> {
  const { knex } = db;
  await requireVisibleComponent(db, viewer, componentId);
  const filtered = applyListFilters(topicsOfVisibleComponent(knex, viewer, componentId), viewer, params);
  const { short } = options;
  const page = await paginate<object, ContentSortKey>(db, filtered, params, TOPIC_LIST, selectTopic(knex, viewer, short), {
    rowsById: topicRowsById(db, viewer, short),
  });
  return normalisedPage<TopicRow>(page, TOPIC_ROW);
}

/**
 * The caller's starred topics that they can still reach, in the client view: never under a module or component
 * the member hid (hidden means hidden in every client view, issue 14), and with `active=true` (how the client
 * views of admins ask) never under an inactive component or module either.
 */
export async function listFavoriteTopics(db: Database, viewer: Viewer, params: ListParams<ContentSortKey>): Promise<Page<TopicRow>> {
  const { knex } = db;
  const hiddenBy = (table: string, column: string, ref: string) =>
    knex(`${table} as h`).whereRaw(`h.${column} = ${ref}`).where('h.tenant_user_id', viewer.memberId).select(knex.raw('1'));
  const filtered = applyListFilters(topicsOf(knex, viewer), viewer, params)
    .whereExists(knex('topic_favorites as f').whereRaw('f.topic_id = t.id').where('f.tenant_user_id', viewer.memberId).select(knex.raw('1')))
    .whereNotExists(hiddenBy('module_hidden', 'module_id', 'm.id'))
    .whereNotExists(hiddenBy('component_hidden', 'component_id', 'c.id'));
  if (params.active === true) filtered.where('c.is_active', true).where('m.is_active', true);
  const page = await paginate<object, ContentSortKey>(db, filtered, params, TOPIC_LIST, selectTopic(knex, viewer), { rowsById: topicRowsById(db, viewer) });
  return normalisedPage<TopicRow>(page, TOPIC_ROW);
}

/** A topic of the component in the path (or of any component when null), as the viewer may see it. */
export async function requireTopic(db: Database, viewer: Viewer, componentId: string | null, id: string): Promise<TopicRow> {
  const { knex } = db;
  const query = topicsOf(knex, viewer, 'one').where('t.id', id);
  if (componentId !== null) query.where('t.component_id', componentId);
  const topic = await db.first<object>(selectTopic(knex, viewer)(query));
  if (!topic) throw notFound(contentMessages.topicNotFound);
  return normaliseRow<TopicRow>(TOPIC_ROW, topic);
}

export async function createTopic(db: Database, viewer: Viewer, componentId: string, input: { name: string; description: string }): Promise<TopicRow> {
  const id = newId();
  await db.transaction(async (tx) => {
    const trx = tx.knex;
    await requireVisibleComponent(tx, viewer, componentId);
    const now = new Date().toISOString();
    const position = await nextPosition(trx, 'topics', 'component_id', componentId);
    await Topic.query(trx).insert({
      id,
      tenant_id: viewer.tenantId,
      component_id: componentId,
      ...input,
      is_active: true,
      position,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
  });
  return requireTopic(db, viewer, componentId, id);
}

export interface TopicChanges {
  name?: string;
  description?: string;
  isActive?: boolean;
  isDeleted?: boolean;
  order?: number;
}

/** The component's live topics in their order. */
function liveTopics(trx: Knex, componentId: string) {
  return liveSiblings(trx, 'topics', 'component_id', componentId);
}

export async function updateTopic(db: Database, viewer: Viewer, componentId: string, id: string, changes: TopicChanges): Promise<TopicRow> {
  return db.transaction(async (tx) => {
    const trx = tx.knex;
    const topic = await requireTopic(tx, viewer, componentId, id);
    const edits: Partial<Topic> = {};
    if (changes.name !== undefined && changes.name !== topic.name) edits.name = changes.name;
    if (changes.description !== undefined && changes.description !== topic.description) edits.description = changes.description;
    if (changes.isActive !== undefined && changes.isActive !== topic.is_active) edits.is_active = changes.isActive;
    const moves = changes.order !== undefined && changes.order !== topic.position;
    const plan = planArchive(topic, changes.isDeleted, Object.keys(edits).length > 0 || moves, 'topic');
    if (plan.deleted_at !== undefined) edits.deleted_at = plan.deleted_at?.toISOString() ?? null;
    if (plan.restored) edits.is_active = changes.isActive ?? true;
    if (Object.keys(edits).length > 0)
      await Topic.query(trx)
        .findById(id)
        .patch({ ...edits, updated_at: new Date().toISOString() });
    if (moves && !plan.archived) await moveTo(trx, 'topics', await liveTopics(trx, componentId), id, changes.order as number);
    return requireTopic(tx, viewer, componentId, id);
  });
}

export async function reorderTopics(db: Database, viewer: Viewer, componentId: string, requested: { id: string; order: number }[]): Promise<Page<TopicRow>> {
  await db.transaction(async (tx) => {
    const trx = tx.knex;
    await requireVisibleComponent(tx, viewer, componentId);
    const siblings = await liveTopics(trx, componentId);
    const known = new Set(siblings.map((sibling) => sibling.id));
    if (!requested.every((entry) => known.has(entry.id))) throw fieldError('topics', messages.selected('topics'));
    await writePositions(trx, 'topics', planOrder(siblings, new Map(requested.map((entry) => [entry.id, entry.order]))));
  });
  const all = { paginate: false, page: 1, perPage: 100, order: 'order' as const, desc: false, search: null, archived: false, active: undefined };
  return listTopics(db, viewer, componentId, all);
}

export async function setFavorite(db: Database, viewer: Viewer, componentId: string, id: string, memberId: string, favorite: boolean): Promise<TopicRow> {
  await requireTopic(db, viewer, componentId, id);
  const { knex } = db;
  if (favorite)
    await knex('topic_favorites')
      .insert({ topic_id: id, tenant_user_id: memberId, created_at: new Date() })
      .onConflict(['topic_id', 'tenant_user_id'])
      .ignore();
  else await knex('topic_favorites').where({ topic_id: id, tenant_user_id: memberId }).delete();
  return requireTopic(db, viewer, componentId, id);
}

export async function copyTopic(db: Database, viewer: Viewer, componentId: string, id: string): Promise<TopicRow> {
  const copies = await db.transaction(async (tx) => {
    const source = await requireTopic(tx, viewer, componentId, id);
    const copied = await copyTopics(tx.knex, [id], componentId);
    await Topic.query(tx.knex)
      .findById(copied.get(id) as string)
      .patch({ name: copyName(source.name) });
    return copied;
  });
  return requireTopic(db, viewer, componentId, copies.get(id) as string);
}

export async function moveTopic(db: Database, viewer: Viewer, componentId: string, id: string, targetComponentId: string): Promise<TopicRow> {
  return db.transaction(async (tx) => {
    const trx = tx.knex;
    await requireTopic(tx, viewer, componentId, id);
    const target = await trx('components').where({ id: targetComponentId, tenant_id: viewer.tenantId }).whereNull('deleted_at').first('id');
    if (!target) throw fieldError('component_id', messages.selected('component_id'));
    if (targetComponentId !== componentId) await moveToParent(trx, 'topics', 'component_id', id, componentId, targetComponentId);
    return requireTopic(tx, viewer, targetComponentId, id);
  });
}
