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
import { memberFlag, whereComponentVisible, whereLive, whereModuleVisible, whereTopicVisible, type Viewer } from '../content/visibility.js';

interface NodeRow {
  id: string;
  parent_id: string;
  name: string;
  position: number;
  is_hidden?: unknown;
}

async function contentTree(db: Database, viewer: Viewer): Promise<ContentTreeModule[]> {
  const { knex } = db;
  const modules = await db.select<NodeRow>(
    whereLive(whereModuleVisible(knex, knex('modules as m'), viewer), 'm')
      .orderBy('m.position')
      .orderBy('m.id')
      .select('m.id', 'm.tenant_id as parent_id', 'm.name', 'm.position', memberFlag(knex, 'module_hidden', 'module_id', 'm.id', viewer.memberId, 'is_hidden')),
  );
  const components = await db.select<NodeRow>(
    whereLive(whereLive(whereComponentVisible(knex, knex('components as c').join('modules as m', 'm.id', 'c.module_id'), viewer), 'c'), 'm')
      .orderBy('c.position')
      .orderBy('c.id')
      .select(
        'c.id',
        'c.module_id as parent_id',
        'c.name',
        'c.position',
        memberFlag(knex, 'component_hidden', 'component_id', 'c.id', viewer.memberId, 'is_hidden'),
      ),
  );
  const topicsQuery = knex('topics as t').join('components as c', 'c.id', 't.component_id').join('modules as m', 'm.id', 'c.module_id');
  const topics = await db.select<NodeRow>(
    whereLive(whereLive(whereLive(whereTopicVisible(knex, topicsQuery, viewer), 't'), 'c'), 'm')
      .orderBy('t.position')
      .orderBy('t.id')
      .select('t.id', 't.component_id as parent_id', 't.name', 't.position'),
  );

  const topicsOf = groupBy(topics);
  const componentsOf = groupBy(components);
  return modules.map((module) => ({
    id: module.id,
    name: module.name,
    order: Number(module.position),
    is_hidden: Boolean(module.is_hidden),
    components: (componentsOf.get(module.id) ?? []).map((component) => ({
      id: component.id,
      name: component.name,
      order: Number(component.position),
      is_hidden: Boolean(component.is_hidden),
      topics: (topicsOf.get(component.id) ?? []).map((topic) => ({ id: topic.id, name: topic.name, order: Number(topic.position) })),
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
export function contentTreeBody(db: Database, viewer: Viewer): Promise<ContentTreeBody> {
  const key = `${viewer.tenantId}/${viewer.memberId}/${viewer.seesAll ? 'all' : 'related'}`;
  return db.kept(keptTrees, key, async () => {
    const json = Buffer.from(JSON.stringify({ data: await contentTree(db, viewer) }));
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
