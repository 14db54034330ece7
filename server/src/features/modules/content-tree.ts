/**
 * The caller's content tree (spec 2.8, "Select modules and components you would like to see"): the modules
 * they may see with their components and topics, in three queries whatever the tree's size — one per level,
 * each limited by the same visibility conditions as the lists, joined into the tree in memory. The encoded answer
 * is kept (hot.ts).
 */
import type { ContentTreeModule } from '@tessera/sdk';
import type { Database, TenantDatabase } from '../../db/database.js';
import { Component, Module, Topic } from '../../db/content-models.js';
import { withColumns, type ColumnKinds } from '../../db/model.js';
import type { Query } from '../../db/query.js';
import { memberFlag, whereComponentVisible, whereLive as whereActiveLive, whereModuleVisible, whereTopicVisible, type Viewer } from '../content/visibility.js';

interface NodeRow {
  id: string;
  parent_id: string;
  name: string;
  position: number;
  is_hidden?: boolean;
  is_active: boolean;
}

/** Each level's rows as its model reads them (modules and components with the caller's hidden flag). */
const NODE_ROWS = {
  modules: withColumns(Module, { booleanColumns: ['is_hidden'] }),
  components: withColumns(Component, { booleanColumns: ['is_hidden'] }),
  topics: Topic,
};

function nodes(org: TenantDatabase, kinds: ColumnKinds, query: Query): Promise<NodeRow[]> {
  return org.rows<NodeRow>(query, kinds);
}

/** The viewer's content tree (`withInactive`: authors' pickers also reach inactive live rows). */
export async function contentTree(db: Database, viewer: Viewer, withInactive: boolean): Promise<ContentTreeModule[]> {
  const org = db.inTenant(viewer.tenantId);
  // Authors' pickers (include-inactive) also reach inactive live rows; everyone else only active ones.
  const whereLive = withInactive ? (query: Query, alias: string) => query.whereNull(`${alias}.deleted_at`) : whereActiveLive;
  const modules = await nodes(
    org,
    NODE_ROWS.modules,
    whereLive(whereModuleVisible(org, org.from('modules as m'), viewer), 'm')
      .orderBy('m.position')
      .orderBy('m.id')
      .select(
        'm.id',
        'm.tenant_id as parent_id',
        'm.name',
        'm.position',
        'm.is_active',
        memberFlag(org, 'module_hidden', 'module_id', 'm.id', viewer.memberId, 'is_hidden'),
      ),
  );
  const components = await nodes(
    org,
    NODE_ROWS.components,
    whereLive(whereLive(whereComponentVisible(org, org.from('components as c').join('modules as m', 'm.id', 'c.module_id'), viewer), 'c'), 'm')
      .orderBy('c.position')
      .orderBy('c.id')
      .select(
        'c.id',
        'c.module_id as parent_id',
        'c.name',
        'c.position',
        'c.is_active',
        memberFlag(org, 'component_hidden', 'component_id', 'c.id', viewer.memberId, 'is_hidden'),
      ),
  );
  const topicsQuery = org.from('topics as t').join('components as c', 'c.id', 't.component_id').join('modules as m', 'm.id', 'c.module_id');
  const topics = await nodes(
    org,
    NODE_ROWS.topics,
    whereLive(whereLive(whereLive(whereTopicVisible(org, topicsQuery, viewer), 't'), 'c'), 'm')
      .orderBy('t.position')
      .orderBy('t.id')
      .select('t.id', 't.component_id as parent_id', 't.name', 't.position', 't.is_active'),
  );

  const topicsOf = groupBy(topics);
  const componentsOf = groupBy(components);
  const activeFlag = (row: NodeRow) => (withInactive ? { is_active: row.is_active } : {});
  return modules.map((module) => ({
    id: module.id,
    name: module.name,
    order: module.position,
    is_hidden: module.is_hidden ?? false,
    ...activeFlag(module),
    components: (componentsOf.get(module.id) ?? []).map((component) => ({
      id: component.id,
      name: component.name,
      order: component.position,
      is_hidden: component.is_hidden ?? false,
      ...activeFlag(component),
      topics: (topicsOf.get(component.id) ?? []).map((topic) => ({ id: topic.id, name: topic.name, order: topic.position, ...activeFlag(topic) })),
    })),
  }));
}

function groupBy(rows: NodeRow[]): Map<string, NodeRow[]> {
  const groups = new Map<string, NodeRow[]>();
  for (const row of rows) {
    const list = groups.get(row.parent_id);
    if (list) list.push(row);
    else groups.set(row.parent_id, [row]);
  }
  return groups;
}
