/**
 * Topics of a component: lists per viewer with item and procedure counts, create, edit (with a move to a
 * place), archive and restore, bulk reorder, favourites, and deep copy and move.
 */
import { messages } from '@tessera/sdk/rules';
import { planArchive } from '../../http/archiving.js';
import { newId } from '../../db/ids.js';
import type { Database, TenantDatabase } from '../../db/database.js';
import { liveSiblings, moveTo, moveToParent, nextPosition, planOrder, writePositions } from '../../db/ordering.js';
import { fieldError, notFound } from '../../http/errors.js';
import { applyArchived, paginate, type ListParams, type Page } from '../../db/paginate.js';
import type { Query, TenantSql } from '../../db/query.js';
import { Topic, TopicFavorite } from '../../db/content-models.js';
import { requireVisibleComponent } from '../components/hot.js';
import { contentMessages } from '../content/policy.js';
import { contentList, type ContentSortKey } from '../content/list.js';
import { whereLive, whereTopicVisible, type Reach, type Viewer, type ViewerScope } from '../content/visibility.js';
import { copyTopics } from './copy.js';
import { copyName } from '../content/copy-name.js';
import { selectTopic, TOPIC_ROW, topicRowsById, topicsWithParents } from './hot.js';
import type { TopicRow } from './presenter.js';

export const TOPIC_LIST = contentList('t');

export function topicsOf(org: TenantSql, viewer: ViewerScope, reach: Reach = 'many'): Query {
  return whereTopicVisible(org, topicsWithParents(org), viewer, reach);
}

function applyListFilters(query: Query, viewer: Viewer, params: ListParams): Query {
  if (viewer.seesAll) applyArchived(query, 't.deleted_at', params.archived);
  if (params.active !== undefined) query.where('t.is_active', params.active);
  return query;
}

/**
 * The topics of a component the viewer was found to see (`requireVisibleComponent`): the component's and its
 * module's visibility is settled, so only the topics' own conditions remain (the joins give their names).
 */
function topicsOfVisibleComponent(org: TenantSql, viewer: Viewer, componentId: string): Query {
  const query = topicsWithParents(org).where('t.component_id', componentId);
  return viewer.seesAll ? query : whereLive(query, 't');
}

export async function listTopics(
  db: Database,
  viewer: Viewer,
  componentId: string,
  params: ListParams<ContentSortKey>,
  options: { short: boolean } = { short: false },
): Promise<Page<TopicRow>> {
  const org = db.inTenant(viewer.tenantId);
  await requireVisibleComponent(db, viewer, componentId);
  const filtered = applyListFilters(topicsOfVisibleComponent(org, viewer, componentId), viewer, params);
  const { short } = options;
  return paginate<TopicRow, ContentSortKey>(db, filtered, params, TOPIC_LIST, selectTopic(org, viewer, short), {
    columns: TOPIC_ROW,
    rowsById: topicRowsById(db, viewer, short),
  });
}

/**
 * The caller's starred topics that they can still reach, in the client view: never under a module or component
 * the member hid (hidden means hidden in every client view, issue 14), and with `active=true` (how the client
 * views of admins ask) never under an inactive component or module either.
 */
export async function listFavoriteTopics(db: Database, viewer: Viewer, params: ListParams<ContentSortKey>): Promise<Page<TopicRow>> {
  const org = db.inTenant(viewer.tenantId);
  const hiddenBy = (table: string, column: string, ref: string) =>
    org.from(`${table} as h`).whereRaw(`h.${column} = ${ref}`).where('h.tenant_user_id', viewer.memberId).select(org.raw('1'));
  const filtered = applyListFilters(topicsOf(org, viewer), viewer, params)
    .whereExists(org.from('topic_favorites as f').whereRaw('f.topic_id = t.id').where('f.tenant_user_id', viewer.memberId).select(org.raw('1')))
    .whereNotExists(hiddenBy('module_hidden', 'module_id', 'm.id'))
    .whereNotExists(hiddenBy('component_hidden', 'component_id', 'c.id'));
  if (params.active === true) filtered.where('c.is_active', true).where('m.is_active', true);
  return paginate<TopicRow, ContentSortKey>(db, filtered, params, TOPIC_LIST, selectTopic(org, viewer), {
    columns: TOPIC_ROW,
    rowsById: topicRowsById(db, viewer),
  });
}

/** A topic of the component in the path (or of any component when null), as the viewer may see it. */
export async function requireTopic(db: Database, viewer: Viewer, componentId: string | null, id: string): Promise<TopicRow> {
  const org = db.inTenant(viewer.tenantId);
  const query = topicsOf(org, viewer, 'one').where('t.id', id);
  if (componentId !== null) query.where('t.component_id', componentId);
  const topic = await org.row<TopicRow>(selectTopic(org, viewer)(query), TOPIC_ROW);
  if (!topic) throw notFound(contentMessages.topicNotFound);
  return topic;
}

export async function createTopic(db: Database, viewer: Viewer, componentId: string, input: { name: string; description: string }): Promise<TopicRow> {
  const id = newId();
  await db.inTenant(viewer.tenantId).transaction(async (org) => {
    await requireVisibleComponent(org.db, viewer, componentId);
    const now = new Date().toISOString();
    await org.write(Topic).insert({
      id,
      component_id: componentId,
      ...input,
      is_active: true,
      position: await nextPosition(org, 'topics', 'component_id', componentId),
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
function liveTopics(org: TenantDatabase, componentId: string) {
  return liveSiblings(org, 'topics', 'component_id', componentId);
}

export async function updateTopic(db: Database, viewer: Viewer, componentId: string, id: string, changes: TopicChanges): Promise<TopicRow> {
  return db.inTenant(viewer.tenantId).transaction(async (org) => {
    const topic = await requireTopic(org.db, viewer, componentId, id);
    const edits: Partial<Topic> = {};
    if (changes.name !== undefined && changes.name !== topic.name) edits.name = changes.name;
    if (changes.description !== undefined && changes.description !== topic.description) edits.description = changes.description;
    if (changes.isActive !== undefined && changes.isActive !== topic.is_active) edits.is_active = changes.isActive;
    const moves = changes.order !== undefined && changes.order !== topic.position;
    const plan = planArchive(topic, changes.isDeleted, Object.keys(edits).length > 0 || moves, 'topic');
    if (plan.deleted_at !== undefined) edits.deleted_at = plan.deleted_at?.toISOString() ?? null;
    if (plan.restored) edits.is_active = changes.isActive ?? true;
    if (Object.keys(edits).length > 0)
      await org
        .write(Topic)
        .findById(id)
        .patch({ ...edits, updated_at: new Date().toISOString() });
    if (moves && !plan.archived) await moveTo(org, 'topics', await liveTopics(org, componentId), id, changes.order as number);
    return requireTopic(org.db, viewer, componentId, id);
  });
}

export async function reorderTopics(db: Database, viewer: Viewer, componentId: string, requested: { id: string; order: number }[]): Promise<Page<TopicRow>> {
  await db.inTenant(viewer.tenantId).transaction(async (org) => {
    await requireVisibleComponent(org.db, viewer, componentId);
    const siblings = await liveTopics(org, componentId);
    const known = new Set(siblings.map((sibling) => sibling.id));
    if (!requested.every((entry) => known.has(entry.id))) throw fieldError('topics', messages.selected('topics'));
    await writePositions(org, 'topics', planOrder(siblings, new Map(requested.map((entry) => [entry.id, entry.order]))));
  });
  const all = { paginate: false, page: 1, perPage: 100, order: 'order' as const, desc: false, search: null, archived: false, active: undefined };
  return listTopics(db, viewer, componentId, all);
}

export async function setFavorite(db: Database, viewer: Viewer, componentId: string, id: string, memberId: string, favorite: boolean): Promise<TopicRow> {
  await requireTopic(db, viewer, componentId, id);
  const org = db.inTenant(viewer.tenantId);
  if (favorite)
    await org.insertRows(TopicFavorite, [{ topic_id: id, tenant_user_id: memberId, created_at: new Date() }], {
      onConflict: ['topic_id', 'tenant_user_id'],
      ignore: true,
    });
  else await org.write(TopicFavorite).where({ topic_id: id, tenant_user_id: memberId }).delete();
  return requireTopic(db, viewer, componentId, id);
}

export async function copyTopic(db: Database, viewer: Viewer, componentId: string, id: string): Promise<TopicRow> {
  const copies = await db.inTenant(viewer.tenantId).transaction(async (org) => {
    const source = await requireTopic(org.db, viewer, componentId, id);
    const copied = await copyTopics(org, [id], componentId);
    await org
      .write(Topic)
      .findById(copied.get(id) as string)
      .patch({ name: copyName(source.name) });
    return copied;
  });
  return requireTopic(db, viewer, componentId, copies.get(id) as string);
}

export async function moveTopic(db: Database, viewer: Viewer, componentId: string, id: string, targetComponentId: string): Promise<TopicRow> {
  return db.inTenant(viewer.tenantId).transaction(async (org) => {
    await requireTopic(org.db, viewer, componentId, id);
    const target = await org.row(org.from('components').where({ id: targetComponentId }).whereNull('deleted_at').select('id'));
    if (!target) throw fieldError('component_id', messages.selected('component_id'));
    if (targetComponentId !== componentId) await moveToParent(org, 'topics', 'component_id', id, componentId, targetComponentId);
    return requireTopic(org.db, viewer, targetComponentId, id);
  });
}
