/**
 * Components of a module: lists per viewer, create, edit, archive and restore, bulk reorder, each member's
 * hidden components, and deep copy and move (features/topics/copy.ts copies the topics and items).
 */
import { messages } from '@tessera/sdk/rules';
import { newId } from '../../db/ids.js';
import { compiledRead, type Bound } from '../../db/compiled-read.js';
import type { Database } from '../../db/database.js';
import type { Knex } from '../../db/knex.js';
import { liveSiblings, moveToParent, nextPosition, planOrder, writePositions } from '../../db/ordering.js';
import { fieldError, notFound } from '../../http/errors.js';
import { applyArchived, paginate, type ListParams, type Page } from '../../db/paginate.js';
import { mediaSummaryColumns } from '../media/summary.js';
import { contentMessages } from '../content/policy.js';
import { contentList, excludesHidden, type ContentListOptions, type ContentSortKey } from '../content/list.js';
import type { ContentChanges, ContentInput } from '../content/input.js';
import { planContentEdits, requireModule, resolveImageId } from '../modules/service.js';
import {
  memberFlag,
  placeholderViewer,
  viewerValues,
  visibilityCheck,
  whereComponentVisible,
  type Reach,
  type Viewer,
  type ViewerParams,
  type ViewerScope,
} from '../content/visibility.js';
import { copyTopics } from '../topics/copy.js';
import { copyName } from '../content/copy-name.js';
import type { ComponentRow } from './presenter.js';

export const COMPONENT_LIST = contentList('c');

function componentsOf(db: Knex, viewer: ViewerScope, reach: Reach = 'many'): Knex.QueryBuilder {
  const query = db('components as c').join('modules as m', 'm.id', 'c.module_id').leftJoin('media as mi', 'mi.id', 'c.image_id');
  return whereComponentVisible(db, query, viewer, reach);
}

function selectComponent(db: Knex, viewer: ViewerScope, short = false) {
  return (query: Knex.QueryBuilder) =>
    query.select(
      'c.id',
      'c.module_id',
      'c.name',
      'c.description',
      'c.is_active',
      'c.position',
      'c.deleted_at',
      'c.created_at',
      'c.updated_at',
      ...mediaSummaryColumns('mi', 'image'),
      memberFlag(db, 'component_hidden', 'component_id', 'c.id', viewer.memberId, 'is_hidden'),
      db('knowledge_checks as ckc').select('ckc.id').whereRaw('ckc.component_id = c.id').as('knowledgecheck_id'),
      ...(short ? [] : [db('topics as ct').count('*').whereRaw('ct.component_id = c.id').whereNull('ct.deleted_at').as('topics_count')]),
    );
}

export async function listComponents(
  db: Database,
  viewer: Viewer,
  moduleId: string,
  params: ListParams<ContentSortKey>,
  options: ContentListOptions,
): Promise<Page<ComponentRow>> {
  const { knex } = db;
  await requireModule(db, viewer, moduleId);
  const filtered = componentsOf(knex, viewer).where('c.module_id', moduleId);
  if (viewer.seesAll) applyArchived(filtered, 'c.deleted_at', params.archived);
  if (params.active !== undefined) filtered.where('c.is_active', params.active);
  if (excludesHidden(viewer, params, options)) {
    filtered.whereNotExists(knex('component_hidden as h').whereRaw('h.component_id = c.id').where('h.tenant_user_id', viewer.memberId).select(knex.raw('1')));
  }
  return paginate<ComponentRow, ContentSortKey>(db, filtered, params, COMPONENT_LIST, selectComponent(knex, viewer, options.short));
}

/** One component by id, compiled once per kind of viewer and path (with or without its module). */
function componentRead(seesAll: boolean, inModule: boolean) {
  return compiledRead<ComponentRow, ViewerParams & { id: string; moduleId: string | null }>((knex, param) => {
    const viewer = placeholderViewer(seesAll, param);
    const query = componentsOf(knex, viewer, 'one').where('c.id', param('id'));
    if (inModule) query.where('c.module_id', param('moduleId'));
    return selectComponent(knex, viewer)(query).limit(1);
  });
}

/** A component of the module in the path (or of any module when `moduleId` is null), as the viewer may see it. */
const componentReads = {
  all: componentRead(true, false),
  allInModule: componentRead(true, true),
  related: componentRead(false, false),
  relatedInModule: componentRead(false, true),
};

/** 404 unless the viewer may see the component (and its module): for calls that need to know only that. */
export const requireVisibleComponent = visibilityCheck(
  'component',
  (knex, viewer, id: Bound<string>) => componentsOf(knex, viewer, 'one').where('c.id', id).select('c.id'),
  () => notFound(contentMessages.componentNotFound),
);

export async function requireComponent(db: Database, viewer: Viewer, moduleId: string | null, id: string): Promise<ComponentRow> {
  const read = componentReads[`${viewer.seesAll ? 'all' : 'related'}${moduleId !== null ? 'InModule' : ''}` as const];
  const [component] = await db.read(read, { ...viewerValues(viewer), id, moduleId });
  if (!component) throw notFound(contentMessages.componentNotFound);
  return component;
}

export async function createComponent(db: Database, viewer: Viewer, moduleId: string, input: ContentInput): Promise<ComponentRow> {
  const id = newId();
  await db.transaction(async (tx) => {
    const trx = tx.knex;
    await requireModule(tx, viewer, moduleId);
    const imageId = await resolveImageId(trx, viewer.tenantId, input);
    const now = new Date();
    await trx('components').insert({
      id,
      tenant_id: viewer.tenantId,
      module_id: moduleId,
      name: input.name,
      description: input.description,
      is_active: input.isActive ?? true,
      position: await nextPosition(trx, 'components', 'module_id', moduleId),
      image_id: imageId ?? null,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
  });
  return requireComponent(db, viewer, moduleId, id);
}

export async function updateComponent(db: Database, viewer: Viewer, moduleId: string, id: string, changes: ContentChanges): Promise<ComponentRow> {
  return db.transaction(async (tx) => {
    const trx = tx.knex;
    const component = await requireComponent(tx, viewer, moduleId, id);
    const edits = await planContentEdits(trx, viewer.tenantId, component, changes, 'component');
    if (Object.keys(edits).length > 0)
      await trx('components')
        .where('id', id)
        .update({ ...edits, updated_at: new Date() });
    return requireComponent(tx, viewer, moduleId, id);
  });
}

/** Renumbers the module's live components from 0, the requested ones at their requested places. */
export async function reorderComponents(
  db: Database,
  viewer: Viewer,
  moduleId: string,
  requested: { id: string; order: number }[],
): Promise<Page<ComponentRow>> {
  await db.transaction(async (tx) => {
    const trx = tx.knex;
    await requireModule(tx, viewer, moduleId);
    const siblings = await liveSiblings(trx, 'components', 'module_id', moduleId);
    const known = new Set(siblings.map((sibling) => sibling.id));
    if (!requested.every((entry) => known.has(entry.id))) throw fieldError('components', messages.selected('components'));
    await writePositions(trx, 'components', planOrder(siblings, new Map(requested.map((entry) => [entry.id, entry.order]))));
  });
  const all = { paginate: false, page: 1, perPage: 100, order: 'order' as const, desc: false, search: null, archived: false, active: undefined };
  return listComponents(db, viewer, moduleId, all, { short: false, showHidden: true });
}

/** A deep copy placed last in the same module: the component, its live topics and their items. */
export async function copyComponent(db: Database, viewer: Viewer, moduleId: string, id: string): Promise<ComponentRow> {
  const copyId = newId();
  await db.transaction(async (tx) => {
    const trx = tx.knex;
    const source = await requireComponent(tx, viewer, moduleId, id);
    const now = new Date();
    const row = await trx('components').where('id', source.id).first();
    await trx('components').insert({
      ...row,
      id: copyId,
      name: copyName(row.name as string),
      position: await nextPosition(trx, 'components', 'module_id', moduleId),
      created_at: now,
      updated_at: now,
    });
    const topics = await liveSiblings(trx, 'topics', 'component_id', id);
    await copyTopics(
      trx,
      topics.map((topic) => topic.id),
      copyId,
      now,
    );
  });
  return requireComponent(db, viewer, moduleId, copyId);
}

/** Moves a component (with its topics) to the end of another live module of the organization. */
export async function moveComponent(db: Database, viewer: Viewer, moduleId: string, id: string, targetModuleId: string): Promise<ComponentRow> {
  return db.transaction(async (tx) => {
    const trx = tx.knex;
    await requireComponent(tx, viewer, moduleId, id);
    const target = await trx('modules').where({ id: targetModuleId, tenant_id: viewer.tenantId }).whereNull('deleted_at').first('id');
    if (!target) throw fieldError('module_id', messages.selected('module_id'));
    if (targetModuleId !== moduleId) await moveToParent(trx, 'components', 'module_id', id, moduleId, targetModuleId);
    return requireComponent(tx, viewer, targetModuleId, id);
  });
}
