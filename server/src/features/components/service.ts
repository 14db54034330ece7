/**
 * Components of a module: lists per viewer, create, edit, archive and restore, bulk reorder, each member's
 * hidden components, and deep copy and move (features/topics/copy.ts copies the topics and items).
 */
import { messages } from '@tessera/sdk/rules';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/database.js';
import { liveSiblings, moveToParent, nextPosition, planOrder, writePositions } from '../../db/ordering.js';
import { fieldError } from '../../http/errors.js';
import { applyArchived, normalisedPage, paginate, type ListParams, type Page } from '../../db/paginate.js';
import { Component } from '../../db/content-models.js';
import { contentList, excludesHidden, type ContentListOptions, type ContentSortKey } from '../content/list.js';
import type { ContentChanges, ContentInput } from '../content/input.js';
import { planContentEdits, requireModule, resolveImageId } from '../modules/service.js';
import type { Viewer } from '../content/visibility.js';
import { copyTopics } from '../topics/copy.js';
import { copyName } from '../content/copy-name.js';
import { COMPONENT_ROW, componentsOf, requireComponent, selectComponent } from './hot.js';
import type { ComponentRow } from './presenter.js';

export const COMPONENT_LIST = contentList('c');

export async function listComponents(
  db: Database,
  viewer: Viewer,
  moduleId: string,
  params: ListParams<ContentSortKey>,
  options: ContentListOptions,
): Promise<Page<ComponentRow>> {
  const org = db.inTenant(viewer.tenantId);
  await requireModule(db, viewer, moduleId);
  const filtered = componentsOf(org, viewer).where('c.module_id', moduleId);
  if (viewer.seesAll) applyArchived(filtered, 'c.deleted_at', params.archived);
  if (params.active !== undefined) filtered.where('c.is_active', params.active);
  if (excludesHidden(viewer, params, options)) {
    filtered.whereNotExists(
      org.from('component_hidden as h').whereRaw('h.component_id = c.id').where('h.tenant_user_id', viewer.memberId).select(org.raw('1')),
    );
  }
  const page = await paginate<object, ContentSortKey>(db, filtered, params, COMPONENT_LIST, selectComponent(org, viewer, options.short));
  return normalisedPage<ComponentRow>(page, COMPONENT_ROW);
}

export async function createComponent(db: Database, viewer: Viewer, moduleId: string, input: ContentInput): Promise<ComponentRow> {
  const id = newId();
  await db.inTenant(viewer.tenantId).transaction(async (org) => {
    await requireModule(org.db, viewer, moduleId);
    const imageId = await resolveImageId(org, input);
    const now = new Date().toISOString();
    await org.write(Component).insert({
      id,
      module_id: moduleId,
      name: input.name,
      description: input.description,
      is_active: input.isActive ?? true,
      position: await nextPosition(org, 'components', 'module_id', moduleId),
      image_id: imageId ?? null,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
  });
  return requireComponent(db, viewer, moduleId, id);
}

export async function updateComponent(db: Database, viewer: Viewer, moduleId: string, id: string, changes: ContentChanges): Promise<ComponentRow> {
  return db.inTenant(viewer.tenantId).transaction(async (org) => {
    const component = await requireComponent(org.db, viewer, moduleId, id);
    const edits = await planContentEdits(org, component, changes, 'component');
    if (Object.keys(edits).length > 0)
      await org
        .write(Component)
        .findById(id)
        .patch({ ...edits, updated_at: new Date().toISOString() });
    return requireComponent(org.db, viewer, moduleId, id);
  });
}

/** Renumbers the module's live components from 0, the requested ones at their requested places. */
export async function reorderComponents(
  db: Database,
  viewer: Viewer,
  moduleId: string,
  requested: { id: string; order: number }[],
): Promise<Page<ComponentRow>> {
  await db.inTenant(viewer.tenantId).transaction(async (org) => {
    await requireModule(org.db, viewer, moduleId);
    const siblings = await liveSiblings(org, 'components', 'module_id', moduleId);
    const known = new Set(siblings.map((sibling) => sibling.id));
    if (!requested.every((entry) => known.has(entry.id))) throw fieldError('components', messages.selected('components'));
    await writePositions(org, 'components', planOrder(siblings, new Map(requested.map((entry) => [entry.id, entry.order]))));
  });
  const all = { paginate: false, page: 1, perPage: 100, order: 'order' as const, desc: false, search: null, archived: false, active: undefined };
  return listComponents(db, viewer, moduleId, all, { short: false, showHidden: true });
}

/** A deep copy placed last in the same module: the component, its live topics and their items. */
export async function copyComponent(db: Database, viewer: Viewer, moduleId: string, id: string): Promise<ComponentRow> {
  const copyId = newId();
  await db.inTenant(viewer.tenantId).transaction(async (org) => {
    const source = await requireComponent(org.db, viewer, moduleId, id);
    const now = new Date();
    const row = (await org.row<Component>(org.from('components').where('id', source.id).select('*'), Component)) as Component;
    await org.write(Component).insert({
      ...row,
      id: copyId,
      name: copyName(row.name),
      position: await nextPosition(org, 'components', 'module_id', moduleId),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    const topics = await liveSiblings(org, 'topics', 'component_id', id);
    await copyTopics(
      org,
      topics.map((topic) => topic.id),
      copyId,
      now,
    );
  });
  return requireComponent(db, viewer, moduleId, copyId);
}

/** Moves a component (with its topics) to the end of another live module of the organization. */
export async function moveComponent(db: Database, viewer: Viewer, moduleId: string, id: string, targetModuleId: string): Promise<ComponentRow> {
  return db.inTenant(viewer.tenantId).transaction(async (org) => {
    await requireComponent(org.db, viewer, moduleId, id);
    const target = await org.row(org.from('modules').where({ id: targetModuleId }).whereNull('deleted_at').select('id'));
    if (!target) throw fieldError('module_id', messages.selected('module_id'));
    if (targetModuleId !== moduleId) await moveToParent(org, 'components', 'module_id', id, moduleId, targetModuleId);
    return requireComponent(org.db, viewer, targetModuleId, id);
  });
}
