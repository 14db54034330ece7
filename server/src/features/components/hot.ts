/**
 * The components' hot reads (ARCHITECTURE.md#data-access), measured by server/bench/content.ts ("topic list (learner)",
 * which opens a component first): a component row as every read selects it, one component by id compiled once per kind
 * of viewer and path, and whether the viewer sees a component (a kept decision, content/visibility.ts).
 */
import { compiledRead, type Bound } from '../../db/compiled-read.js';
import type { Database } from '../../db/database.js';
import { Component } from '../../db/content-models.js';
import { withColumns } from '../../db/model.js';
import type { Query, TenantSql } from '../../db/query.js';
import { notFound } from '../../http/errors.js';
import { mediaSummaryColumns } from '../media/summary.js';
import { contentMessages } from '../content/policy.js';
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
import type { ComponentRow } from './presenter.js';

/** A component row as the lists and single reads select it: the model's columns, the caller's hidden flag and the topic count. */
export const COMPONENT_ROW = withColumns(Component, { booleanColumns: ['is_hidden'], numberColumns: ['topics_count'] });

export function componentsOf(org: TenantSql, viewer: ViewerScope, reach: Reach = 'many'): Query {
  const query = org.from('components as c').join('modules as m', 'm.id', 'c.module_id').leftJoin('media as mi', 'mi.id', 'c.image_id');
  return whereComponentVisible(org, query, viewer, reach);
}

export function selectComponent(org: TenantSql, viewer: ViewerScope, short = false) {
  return (query: Query) =>
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
      memberFlag(org, 'component_hidden', 'component_id', 'c.id', viewer.memberId, 'is_hidden'),
      org.reached('knowledge_checks as ckc').select('ckc.id').whereRaw('ckc.component_id = c.id').as('knowledgecheck_id'),
      ...(short ? [] : [org.reached('topics as ct').count('*').whereRaw('ct.component_id = c.id').whereNull('ct.deleted_at').as('topics_count')]),
    );
}

/** One component by id, compiled once per kind of viewer and path (with or without its module). */
function componentRead(seesAll: boolean, inModule: boolean) {
  return compiledRead<object, ViewerParams & { id: string; moduleId: string | null }>((sql, param) => {
    const org = sql.inTenant(param('tenantId'));
    const viewer = placeholderViewer(seesAll, param);
    const query = componentsOf(org, viewer, 'one').where('c.id', param('id'));
    if (inModule) query.where('c.module_id', param('moduleId'));
    return selectComponent(org, viewer)(query).limit(1);
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
  (org, viewer, id: Bound<string>) => componentsOf(org, viewer, 'one').where('c.id', id).select('c.id'),
  () => notFound(contentMessages.componentNotFound),
);

export async function requireComponent(db: Database, viewer: Viewer, moduleId: string | null, id: string): Promise<ComponentRow> {
  const read = componentReads[`${viewer.seesAll ? 'all' : 'related'}${moduleId !== null ? 'InModule' : ''}` as const];
  const [component] = await db.read(read, { ...viewerValues(viewer), id, moduleId }, COMPONENT_ROW);
  if (!component) throw notFound(contentMessages.componentNotFound);
  return component as ComponentRow;
}
