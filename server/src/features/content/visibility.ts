/**
 * Who sees which content (ARCHITECTURE.md). Admins, masters and the owner see every module; a learner
 * (role user) sees the active, live modules related to their membership directly (module_tenant_users) or
 * through one of their live groups (module_groups), and below them only active, live components and topics.
 * The conditions are added to the row's own query (built with the organization's `org.from`, which scopes it), so
 * what a learner may not see is simply not found (404). The same rule answers who sees a piece of content
 * (`membersWhoSee`, for assignments).
 */
import { keptAnswers } from '../../db/change-cache.js';
import { compiledRead, type Bound, type ParameterOf } from '../../db/compiled-read.js';
import type { Database, TenantDatabase } from '../../db/database.js';
import type { Query, Reference, Sql, TenantSql } from '../../db/query.js';
import { chunks } from '../../db/relations.js';
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

/** A value, or another column of the query (`org.ref('tu.id')`): one side of the member–module relation. */
type Side = Bound<string> | Reference;

/**
 * The rule's relation, written once: the module is related to the member directly (module_tenant_users) or through
 * one of their live groups (module_groups). Either side is a value or a column of the outer query, so the rule is read
 * from the content's side (which modules a member sees) and from the members' side (who sees a module) alike.
 */
function relations(org: Sql | TenantSql, member: Side, module?: Side) {
  const direct = org.from('module_tenant_users as vmtu').where('vmtu.tenant_user_id', member);
  const throughGroups = org
    .from('module_groups as vmg')
    .join('group_tenant_users as vgtu', 'vgtu.group_id', 'vmg.group_id')
    .join('groups as vg', 'vg.id', 'vmg.group_id')
    .where('vgtu.tenant_user_id', member)
    .whereNull('vg.deleted_at');
  if (module !== undefined) {
    direct.where('vmtu.module_id', module);
    throughGroups.where('vmg.module_id', module);
  }
  return { direct, throughGroups };
}

/**
 * EXISTS one of the relations between the member and the module: the rule's relation as a condition, for a query
 * over either side (a membership's count of the modules it sees reads it across organizations, hence `Sql`).
 */
export function whereRelated(org: Sql | TenantSql, query: Query, member: Side, module: Side): Query {
  const { direct, throughGroups } = relations(org, member, module);
  return query.where((related) => related.whereExists(direct.select(org.raw('1'))).orWhereExists(throughGroups.select(org.raw('1'))));
}

/**
 * The module (alias `m`) is related to the member directly or through a live group.
 * - many: `m.id IN (...)` with a subquery that names no outer column, so the database works out the member's
 *   modules once per statement, not once per row (a content tree of 20,000 topics would otherwise ask 20,000 times);
 * - one: two correlated EXISTS on that one module (index lookups: about 6 µs where the whole list of the
 *   member's modules costs about 50 µs).
 */
function whereRelatedTo(org: TenantSql, query: Query, memberId: Bound<string>, alias = 'm', reach: Reach = 'many'): Query {
  if (reach === 'one') return whereRelated(org, query, memberId, org.ref(`${alias}.id`));
  const { direct, throughGroups } = relations(org, memberId);
  return query.whereIn(`${alias}.id`, direct.select('vmtu.module_id').union(throughGroups.select('vmg.module_id')));
}

/** Live and active (what a learner may reach). */
export function whereLive(query: Query, alias: string): Query {
  return query.whereNull(`${alias}.deleted_at`).where(`${alias}.is_active`, true);
}

/** Limits a query over the organization's modules (alias `m`) to what the viewer may see. */
export function whereModuleVisible(org: TenantSql, query: Query, viewer: ViewerScope, reach: Reach = 'many'): Query {
  if (viewer.seesAll) return query;
  return whereRelatedTo(org, whereLive(query, 'm'), viewer.memberId, 'm', reach);
}

/** Limits a query over the organization's components (alias `c`, joined to its module as `m`) to what the viewer may see. */
export function whereComponentVisible(org: TenantSql, query: Query, viewer: ViewerScope, reach: Reach = 'many'): Query {
  if (viewer.seesAll) return query;
  return whereModuleVisible(org, whereLive(query, 'c'), viewer, reach);
}

/** Limits a query over the organization's topics (alias `t`, joined to `c` and `m`) to what the viewer may see. */
export function whereTopicVisible(org: TenantSql, query: Query, viewer: ViewerScope, reach: Reach = 'many'): Query {
  if (viewer.seesAll) return query;
  return whereComponentVisible(org, whereLive(query, 't'), viewer, reach);
}

/** A component, or a topic of it: content a knowledge check belongs to. */
export interface ContentPlace {
  moduleId: string;
  componentId: string;
  topicId: string | null;
}

/**
 * The members among `ids` who can see this content: the rule read from the members' side. Admins, masters and the
 * owner see everything; a learner needs the content live and active and its module related to them. One query per
 * 500 members.
 */
export async function membersWhoSee(org: TenantDatabase, place: ContentPlace, ids: string[]): Promise<Set<string>> {
  const content = org.from('components as c').join('modules as m', 'm.id', 'c.module_id').where('c.id', place.componentId).select(org.raw('1'));
  whereLive(whereLive(content, 'c'), 'm');
  if (place.topicId !== null) whereLive(content.join('topics as t', 't.component_id', 'c.id').where('t.id', place.topicId), 't');
  const seeing = new Set<string>();
  for (const part of chunks(ids)) {
    const members = org
      .from('tenant_users as tu')
      .whereIn('tu.id', part)
      .where((scope) =>
        scope.whereNot('tu.role', 'user').orWhere((learner) => whereRelated(org, learner.whereExists(content), org.ref('tu.id'), place.moduleId)),
      )
      .select('tu.id');
    for (const row of await org.rows<{ id: string }>(members)) seeing.add(row.id);
  }
  return seeing;
}

const keptDecisions = keptAnswers<boolean>(50_000);

/**
 * A check that the viewer may see one row by id, for calls that need to know only that (a component's topics,
 * a topic's items). `rowOf` selects the row's id with the `id` parameter under the visibility conditions of
 * `placeholderViewer(seesAll)`: compiled once per kind of viewer. Each decision is kept until the database
 * changes, as sessions are (db/change-cache.ts): the same learners open the same components and topics again
 * and again.
 */
export function visibilityCheck(kind: string, rowOf: (org: TenantSql, viewer: ViewerScope, id: Bound<string>) => Query, notFoundError: () => HttpError) {
  const read = (seesAll: boolean) =>
    compiledRead<{ id: string }, ViewerParams & { id: string }>((sql, param) =>
      rowOf(sql.inTenant(param('tenantId')), placeholderViewer(seesAll, param), param('id')).limit(1),
    );
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
export function memberFlag(org: TenantSql, table: string, column: string, ref: string, memberId: Bound<string>, as: string) {
  return org.raw(`exists (select 1 from ${table} where ${table}.${column} = ${ref} and ${table}.tenant_user_id = ?) as ${as}`, [memberId]);
}
