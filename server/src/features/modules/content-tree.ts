/**
 * The caller's content tree (spec 2.8, "Select modules and components you would like to see"): the modules
 * they may see with their components and topics, in three queries whatever the tree's size — one per level,
 * each limited by the same visibility conditions as the lists, joined into the tree in memory.
 * The serialized answer is kept until the database changes (change-cache.ts): an organization of 20,000
 * topics answers 1.7 MB, and learners open this page far more often than authors change content.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ContentTreeModule } from '@tessera/sdk';
import { keptAnswers } from '../../db/change-cache.js';
import type { Database } from '../../db/database.js';
import type { Knex } from '../../db/knex.js';
import { Component, Module, Topic } from '../../db/content-models.js';
import { normaliseRow, withColumns, type ColumnKinds } from '../../db/model.js';
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

async function nodes(db: Database, kinds: ColumnKinds, query: Knex.QueryBuilder): Promise<NodeRow[]> {
  return (await db.select<object>(query)).map((row) => normaliseRow<NodeRow>(kinds, row));
}

async function contentTree(db: Database, viewer: Viewer, withInactive: boolean): Promise<ContentTreeModule[]> {
  const { knex } = db;
  // Authors' pickers (include-inactive) also reach inactive live rows; everyone else only active ones.
  const whereLive = withInactive ? (query: Knex.QueryBuilder, alias: string) => query.whereNull(`${alias}.deleted_at`) : whereActiveLive;
  const modules = await nodes(
    db,
    NODE_ROWS.modules,
    whereLive(whereModuleVisible(knex, knex('modules as m'), viewer), 'm')
      .orderBy('m.position')
      .orderBy('m.id')
      .select(
        'm.id',
        'm.tenant_id as parent_id',
        'm.name',
        'm.position',
        'm.is_active',
        memberFlag(knex, 'module_hidden', 'module_id', 'm.id', viewer.memberId, 'is_hidden'),
      ),
  );
  const components = await nodes(
    db,
    NODE_ROWS.components,
    whereLive(whereLive(whereComponentVisible(knex, knex('components as c').join('modules as m', 'm.id', 'c.module_id'), viewer), 'c'), 'm')
      .orderBy('c.position')
      .orderBy('c.id')
      .select(
        'c.id',
        'c.module_id as parent_id',
        'c.name',
        'c.position',
        'c.is_active',
        memberFlag(knex, 'component_hidden', 'component_id', 'c.id', viewer.memberId, 'is_hidden'),
      ),
  );
  const topicsQuery = knex('topics as t').join('components as c', 'c.id', 't.component_id').join('modules as m', 'm.id', 'c.module_id');
  const topics = await nodes(
    db,
    NODE_ROWS.topics,
    whereLive(whereLive(whereLive(whereTopicVisible(knex, topicsQuery, viewer), 't'), 'c'), 'm')
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

/** The answer as JSON bytes (`{ data: tree }`), and gzipped: a tree of 20,000 topics is 1.7 MB, about 100 KB gzipped. */
export interface ContentTreeBody {
  json: Buffer;
  gzip: Buffer;
}

const keptTrees = keptAnswers<ContentTreeBody>(256);

/** The answer, encoded once and kept per viewer until the database changes (each answer would otherwise encode it anew). */
export function contentTreeBody(db: Database, viewer: Viewer, options: { includeInactive?: boolean } = {}): Promise<ContentTreeBody> {
  const withInactive = Boolean(options.includeInactive) && viewer.seesAll;
  const key = `${viewer.tenantId}/${viewer.memberId}/${viewer.seesAll ? 'all' : 'related'}${withInactive ? '/inactive' : ''}`;
  return db.kept(keptTrees, key, async () => {
    const json = Buffer.from(JSON.stringify({ data: await contentTree(db, viewer, withInactive) }));
    return { json, gzip: await gzipped(json) };
  });
}

const gzipped = promisify(gzip);

function groupBy(rows: NodeRow[]): Map<string, NodeRow[]> {
  const groups = new Map<string, NodeRow[]>();
  for (const row of rows) {
    const list = groups.get(row.parent_id);
    if (list) list.push(row);
    else groups.set(row.parent_id, [row]);
  }
  return groups;
}
