/**
 * Who sees which content (ARCHITECTURE.md). Admins, masters and the owner see every module; a learner
 * (role user) sees the active, live modules related to their membership directly (module_tenant_users) or
 * through one of their live groups (module_groups), and below them only active, live components and topics.
 * The conditions are added to the row's own query, so what a learner may not see is simply not found (404).
 */
import { keptAnswers } from '../../db/change-cache.js';
import { compiledRead, type Bound, type ParameterOf } from '../../db/compiled-read.js';
import type { Database } from '../../db/database.js';
import type { Knex } from '../../db/knex.js';
import type { HttpError } from '../../http/errors.js';
import { atLeast, type TenantAccess } from '../../http/tenant-access.js';

export interface Viewer {
  tenantId: string;
  /** True for admin, master and owner: every row of the organization. */
  seesAll: boolean;
  /** The caller's membership, or a value matching nothing (an owner without a membership). */
  memberId: string;
  isMember: boolean;
}

/** A viewer as the query builders take it: its ids may be a compiled read's parameters (`placeholderViewer`). */
export interface ViewerScope extends Omit<Viewer, 'tenantId' | 'memberId'> {
  tenantId: Bound<string>;
  memberId: Bound<string>;
}

/** The parameters a compiled read of a viewer's rows takes (`viewerValues` gives them). */
export type ViewerParams = { tenantId: string; memberId: string };

/**
 * A viewer with the compiled read's parameters in place of its ids, for reads compiled once per kind of viewer
 * (db/compiled-read.ts) and run with `viewerValues`: no query building per request.
 */
export function placeholderViewer(seesAll: boolean, param: ParameterOf<ViewerParams>): ViewerScope {
  return { tenantId: param('tenantId'), memberId: param('memberId'), seesAll, isMember: true };
}

/** The values of `placeholderViewer`'s parameters for this viewer. */
export function viewerValues(viewer: Viewer): { tenantId: string; memberId: string } {
  return { tenantId: viewer.tenantId, memberId: viewer.memberId };
}

export function viewerOf(access: TenantAccess): Viewer {
  return {
    tenantId: access.tenant.id,
    seesAll: atLeast(access.role, 'admin'),
    memberId: access.membershipId ?? '',
    isMember: access.membershipId !== null,
  };
}

/**
 * How many rows the query reads: a list (`many`: a page, a content tree of 20,000 topics) or one row by id
 * (`one`). They need the relation test written differently (see `whereRelatedTo`).
 */
export type Reach = 'many' | 'one';

/**
 * The module (alias `m`) is related to the member directly or through a live group.
 * - many: `m.id IN (...)` with a subquery that names no outer column, so the database works out the member's
 *   modules once per statement, not once per row (a content tree of 20,000 topics would otherwise ask 20,000 times);
 * - one: two correlated EXISTS on that one module (index lookups: about 6 µs where the whole list of the
 *   member's modules costs about 50 µs).
 */
function whereRelatedTo(db: Knex, query: Knex.QueryBuilder, memberId: Bound<string>, alias = 'm', reach: Reach = 'many'): Knex.QueryBuilder {
  const direct = db('module_tenant_users as vmtu').where('vmtu.tenant_user_id', memberId);
  const throughGroups = db('module_groups as vmg')
    .join('group_tenant_users as vgtu', 'vgtu.group_id', 'vmg.group_id')
    .join('groups as vg', 'vg.id', 'vmg.group_id')
    .where('vgtu.tenant_user_id', memberId)
    .whereNull('vg.deleted_at');
  if (reach === 'one') {
    return query.where((related) =>
      related
        .whereExists(direct.whereRaw(`vmtu.module_id = ${alias}.id`).select(db.raw('1')))
        .orWhereExists(throughGroups.whereRaw(`vmg.module_id = ${alias}.id`).select(db.raw('1'))),
    );
  }
  return query.whereIn(`${alias}.id`, direct.select('vmtu.module_id').union(throughGroups.select('vmg.module_id')));
}

/** Live and active (what a learner may reach). */
export function whereLive(query: Knex.QueryBuilder, alias: string): Knex.QueryBuilder {
  return query.whereNull(`${alias}.deleted_at`).where(`${alias}.is_active`, true);
}

/** Limits a query over modules (alias `m`) to what the viewer may see. */
export function whereModuleVisible(db: Knex, query: Knex.QueryBuilder, viewer: ViewerScope, reach: Reach = 'many'): Knex.QueryBuilder {
  query.where('m.tenant_id', viewer.tenantId);
  if (viewer.seesAll) return query;
  return whereRelatedTo(db, whereLive(query, 'm'), viewer.memberId, 'm', reach);
}

/** Limits a query over components (alias `c`, joined to its module as `m`) to what the viewer may see. */
export function whereComponentVisible(db: Knex, query: Knex.QueryBuilder, viewer: ViewerScope, reach: Reach = 'many'): Knex.QueryBuilder {
  query.where('c.tenant_id', viewer.tenantId);
  if (viewer.seesAll) return query;
  return whereModuleVisible(db, whereLive(query, 'c'), viewer, reach);
}

/** Limits a query over topics (alias `t`, joined to `c` and `m`) to what the viewer may see. */
export function whereTopicVisible(db: Knex, query: Knex.QueryBuilder, viewer: ViewerScope, reach: Reach = 'many'): Knex.QueryBuilder {
  query.where('t.tenant_id', viewer.tenantId);
  if (viewer.seesAll) return query;
  return whereComponentVisible(db, whereLive(query, 't'), viewer, reach);
}

const keptDecisions = keptAnswers<boolean>(50_000);

/**
 * A check that the viewer may see one row by id, for calls that need to know only that (a component's topics,
 * a topic's items). `rowOf` selects the row's id with the `id` parameter under the visibility conditions of
 * `placeholderViewer(seesAll)`: compiled once per kind of viewer. Each decision is kept until the database
 * changes, as sessions are (db/change-cache.ts): the same learners open the same components and topics again
 * and again.
 */
export function visibilityCheck(kind: string, rowOf: (db: Knex, viewer: ViewerScope, id: Bound<string>) => Knex.QueryBuilder, notFoundError: () => HttpError) {
  const read = (seesAll: boolean) =>
    compiledRead<{ id: string }, ViewerParams & { id: string }>((knex, param) => rowOf(knex, placeholderViewer(seesAll, param), param('id')).limit(1));
  const reads = { all: read(true), related: read(false) };
  return async (db: Database, viewer: Viewer, id: string): Promise<void> => {
    const who = viewer.seesAll ? 'all' : viewer.memberId;
    const visible = await db.kept(keptDecisions, `${kind}/${viewer.tenantId}/${who}/${id}`, async () => {
      const rows = await db.read(reads[viewer.seesAll ? 'all' : 'related'], { ...viewerValues(viewer), id });
      return rows.length > 0;
    });
    if (!visible) throw notFoundError();
  };
}

/** A member flag (hidden, favourite) as a boolean column of the row's query. */
export function memberFlag(db: Knex, table: string, column: string, ref: string, memberId: Bound<string>, as: string) {
  return db.raw(`exists (select 1 from ${table} where ${table}.${column} = ${ref} and ${table}.tenant_user_id = ?) as ${as}`, [memberId]);
}
