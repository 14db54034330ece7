/**
 * Seeds the content benchmark (issue 4): one organization with 50 modules x 20 components x 20 topics x
 * 15 items (300,000 items: per topic 3 rows, each with 4 children — paragraphs, an image and a pdf), a
 * media library of 2,000 files, and a learner who sees every module through a group, has hidden a few
 * modules and components, starred topics and completed procedure rows. Bulk inserts in one transaction (SQLite).
 * The media rows carry storage keys only: the scenarios list and sign them, they never read the bytes.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { newId } from '../src/db/ids.js';
import { sqliteValue } from '../src/db/sqlite-reader.js';

const MODULES = 50;
const COMPONENTS_PER_MODULE = 20;
const TOPICS_PER_COMPONENT = 20;
const ROWS_PER_TOPIC = 3;
const MEDIA_FILES = 2_000;
/** Part of the names of 1 in 20 media files: the media scenario's search term. */
export const MEDIA_SEARCH_TERM = 'diagram';

export interface ContentSeed {
  tenantId: string;
  tenantSlug: string;
  /** A topic the learner can see (its items are a scenario). */
  topicId: string;
  /** A component the learner can see (its topic list is a scenario). */
  componentId: string;
  counts: { modules: number; components: number; topics: number; items: number; media: number };
}

type Row = Record<string, unknown>;

/** Collects rows per table, then writes them all at once. */
class BulkWriter {
  private readonly tables = new Map<string, Row[]>();

  add(table: string, row: Row): void {
    const rows = this.tables.get(table);
    if (rows) rows.push(row);
    else this.tables.set(table, [row]);
  }

  count(table: string): number {
    return this.tables.get(table)?.length ?? 0;
  }

  /**
   * Writes in the order the tables were first added (parents before children), in one transaction on a
   * connection of its own: one prepared INSERT per table (knex builds 300,000 rows' SQL far slower).
   * The values are stored as the app's driver stores them (epoch milliseconds, 0/1).
   */
  flush(filename: string): void {
    const db = new Database(filename);
    try {
      db.transaction(() => {
        for (const [table, rows] of this.tables) {
          const columns = Object.keys(rows[0]);
          const insert = db.prepare(
            `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
          );
          for (const row of rows) insert.run(...columns.map((column) => sqliteValue(row[column])));
        }
      })();
    } finally {
      db.close();
    }
  }
}

const MEDIA_KINDS = [
  { type: 'image', mime_type: 'image/png', word: 'photo' },
  { type: 'pdf', mime_type: 'application/pdf', word: 'handout' },
  { type: 'video', mime_type: 'video/mp4', word: 'walkthrough' },
  { type: 'audio', mime_type: 'audio/mpeg', word: 'briefing' },
] as const;

function seedMedia(writer: BulkWriter, tenantId: string, files: number, now: Date): { images: string[]; pdfs: string[] } {
  const images: string[] = [];
  const pdfs: string[] = [];
  for (let index = 0; index < files; index += 1) {
    const kind = MEDIA_KINDS[index % MEDIA_KINDS.length];
    const id = newId();
    const name = index % 20 === 0 ? `Wiring ${MEDIA_SEARCH_TERM} ${index}` : `Training ${kind.word} ${index}`;
    writer.add('media', {
      id,
      tenant_id: tenantId,
      name,
      type: kind.type,
      mime_type: kind.mime_type,
      size: 10_000 + index * 37,
      storage_key: `${tenantId}/${id}`,
      width: kind.type === 'image' ? 800 : null,
      height: kind.type === 'image' ? 450 : null,
      thumbnail_key: kind.type === 'image' || kind.type === 'video' ? `${tenantId}/${id}.thumb` : null,
      thumbnail_mime_type: kind.type === 'image' || kind.type === 'video' ? 'image/png' : null,
      thumbnail_size: kind.type === 'image' || kind.type === 'video' ? 2_000 : null,
      created_at: new Date(now.getTime() - index * 60_000),
      updated_at: now,
    });
    if (kind.type === 'image') images.push(id);
    if (kind.type === 'pdf') pdfs.push(id);
  }
  return { images, pdfs };
}

/** A topic's items: rows (the first a procedure) each holding two paragraphs, an image and a pdf. */
function seedItems(writer: BulkWriter, tenantId: string, topicId: string, media: { images: string[]; pdfs: string[] }, serial: number, now: Date): string[] {
  const procedureRows: string[] = [];
  for (let row = 0; row < ROWS_PER_TOPIC; row += 1) {
    const rowId = newId();
    const base = { tenant_id: tenantId, topic_id: topicId, created_at: now, updated_at: now };
    writer.add('items', { ...base, id: rowId, row_id: null, type: 'row', position: row, text: `Step ${row + 1}`, is_procedure: row === 0, media_id: null });
    if (row === 0) procedureRows.push(rowId);
    const children = [
      { type: 'paragraph', text: `Read **this** before step ${row + 1}. See [the guide](https://example.com/guide).`, media_id: null },
      { type: 'image', text: null, media_id: media.images[(serial + row) % media.images.length] },
      { type: 'paragraph', text: 'Check the result, then continue.', media_id: null },
      { type: 'pdf', text: null, media_id: media.pdfs[(serial + row) % media.pdfs.length] },
    ];
    children.forEach((child, position) => writer.add('items', { ...base, id: newId(), row_id: rowId, position, is_procedure: false, ...child }));
  }
  return procedureRows;
}

interface ContentShape {
  modules: number;
  componentsPerModule: number;
  topicsPerComponent: number;
  mediaFiles: number;
}

const FULL_SHAPE: ContentShape = {
  modules: MODULES,
  componentsPerModule: COMPONENTS_PER_MODULE,
  topicsPerComponent: TOPICS_PER_COMPONENT,
  mediaFiles: MEDIA_FILES,
};

export interface SeedTarget {
  tenantId: string;
  tenantSlug: string;
  learnerMembershipId: string;
  shape?: ContentShape;
}

/** Seeds each organization's content into the SQLite file, in one write; no app may have it open meanwhile. */
function seedContent(databaseFile: string, targets: SeedTarget[]): ContentSeed[] {
  const writer = new BulkWriter();
  const seeds = targets.map((target) => collectContent(writer, target));
  writer.flush(databaseFile);
  return seeds;
}

/**
 * `seedContent` on a worker thread: its rows (hundreds of MB of short-lived objects) die with the thread's
 * heap, so the server measured afterwards starts with a heap like a running server's, not a full old space.
 */
export function seedContentApart(databaseFile: string, targets: SeedTarget[]): Promise<ContentSeed[]> {
  // The bench runs under tsx; a worker thread registers its TypeScript loader for itself.
  const source = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(source, { eval: true, workerData: { databaseFile, targets } });
  return new Promise((resolve, reject) => {
    worker.once('message', (seeds: ContentSeed[]) => resolve(seeds));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`the seeding thread exited with ${code}`)));
  });
}

if (!isMainThread && workerData?.databaseFile) {
  const { databaseFile, targets } = workerData as { databaseFile: string; targets: SeedTarget[] };
  parentPort?.postMessage(seedContent(databaseFile, targets));
}

function collectContent(writer: BulkWriter, input: SeedTarget): ContentSeed {
  const { tenantId, learnerMembershipId, shape = FULL_SHAPE } = input;
  const now = new Date();
  const before = {
    modules: writer.count('modules'),
    components: writer.count('components'),
    topics: writer.count('topics'),
    items: writer.count('items'),
    media: writer.count('media'),
  };
  const media = seedMedia(writer, tenantId, shape.mediaFiles, now);
  const groupId = newId();
  writer.add('groups', {
    id: groupId,
    tenant_id: tenantId,
    name: 'All learners',
    description: 'Everyone in training',
    deleted_at: null,
    created_at: now,
    updated_at: now,
  });
  writer.add('group_tenant_users', { group_id: groupId, tenant_user_id: learnerMembershipId, created_at: now });

  let serial = 0;
  let visibleTopic = '';
  let visibleComponent = '';
  const favourites: string[] = [];
  const completions: string[] = [];
  for (let m = 0; m < shape.modules; m += 1) {
    const moduleId = newId();
    const content = { tenant_id: tenantId, is_active: true, deleted_at: null, created_at: now, updated_at: now };
    writer.add('modules', {
      ...content,
      id: moduleId,
      name: `Module ${m + 1}`,
      description: `Everything about area ${m + 1}`,
      position: m,
      image_id: media.images[m % media.images.length],
    });
    writer.add('module_groups', { module_id: moduleId, group_id: groupId, created_at: now });
    if (m % 10 === 9) writer.add('module_hidden', { module_id: moduleId, tenant_user_id: learnerMembershipId, created_at: now });
    for (let c = 0; c < shape.componentsPerModule; c += 1) {
      const componentId = newId();
      writer.add('components', {
        ...content,
        id: componentId,
        module_id: moduleId,
        name: `Component ${m + 1}.${c + 1}`,
        description: 'A part of the module',
        position: c,
        image_id: null,
      });
      if (c > 0 && c === shape.componentsPerModule - 1)
        writer.add('component_hidden', { component_id: componentId, tenant_user_id: learnerMembershipId, created_at: now });
      if (m === 0 && c === 0) visibleComponent = componentId;
      for (let t = 0; t < shape.topicsPerComponent; t += 1) {
        const topicId = newId();
        writer.add('topics', {
          ...content,
          id: topicId,
          component_id: componentId,
          name: `Topic ${m + 1}.${c + 1}.${t + 1}`,
          description: 'What to do and why',
          position: t,
        });
        if (m === 0 && c === 0 && t === 0) visibleTopic = topicId;
        const procedureRows = seedItems(writer, tenantId, topicId, media, serial, now);
        if (serial % 50 === 0) favourites.push(topicId);
        if (serial % 3 === 0) completions.push(...procedureRows);
        serial += 1;
      }
    }
  }
  for (const topicId of favourites) writer.add('topic_favorites', { topic_id: topicId, tenant_user_id: learnerMembershipId, created_at: now });
  for (const itemId of completions) writer.add('item_completions', { item_id: itemId, tenant_user_id: learnerMembershipId, created_at: now });

  return {
    tenantId,
    tenantSlug: input.tenantSlug,
    topicId: visibleTopic,
    componentId: visibleComponent,
    counts: {
      modules: writer.count('modules') - before.modules,
      components: writer.count('components') - before.components,
      topics: writer.count('topics') - before.topics,
      items: writer.count('items') - before.items,
      media: writer.count('media') - before.media,
    },
  };
}
