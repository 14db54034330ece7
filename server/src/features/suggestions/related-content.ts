/**
 * What a suggestion relates to: a module, a component or a topic the sender can see (visibility.ts), filled
 * in upwards — a topic names its component and module, a component its module. An id the sender cannot see,
 * or a parent that does not contain the sent child, is 422 on that field ("The selected topic id is invalid.").
 */
import { messages } from '@tessera/sdk/rules';
import type { Database } from '../../db/database.js';
import { fieldError } from '../../http/errors.js';
import { whereComponentVisible, whereModuleVisible, whereTopicVisible, type Viewer } from '../content/visibility.js';

export interface RelatedContent {
  module_id: string | null;
  component_id: string | null;
  topic_id: string | null;
}

type Level = keyof RelatedContent;

const NONE: RelatedContent = { module_id: null, component_id: null, topic_id: null };

/** The sent id's row with its parents, as the viewer may see it (one query). */
function lookup(db: Database, viewer: Viewer, level: Level, id: string): Promise<RelatedContent | undefined> {
  const org = db.inTenant(viewer.tenantId);
  if (level === 'topic_id') {
    const query = org.from('topics as t').join('components as c', 'c.id', 't.component_id').join('modules as m', 'm.id', 'c.module_id');
    return org.row(whereTopicVisible(org, query, viewer, 'one').where('t.id', id).select('t.id as topic_id', 'c.id as component_id', 'm.id as module_id'));
  }
  if (level === 'component_id') {
    const query = org.from('components as c').join('modules as m', 'm.id', 'c.module_id');
    return org.row(
      whereComponentVisible(org, query, viewer, 'one').where('c.id', id).select(org.raw('null as topic_id'), 'c.id as component_id', 'm.id as module_id'),
    );
  }
  return org.row(
    whereModuleVisible(org, org.from('modules as m'), viewer, 'one')
      .where('m.id', id)
      .select(org.raw('null as topic_id'), org.raw('null as component_id'), 'm.id as module_id'),
  );
}

/** Most specific first: the deepest sent id decides the others. */
const LEVELS: Level[] = ['topic_id', 'component_id', 'module_id'];

export async function resolveRelatedContent(db: Database, viewer: Viewer, sent: Partial<RelatedContent>): Promise<RelatedContent> {
  const idOf = (level: Level) => (sent[level] ? String(sent[level]).toLowerCase() : null);
  const wanted: RelatedContent = { module_id: idOf('module_id'), component_id: idOf('component_id'), topic_id: idOf('topic_id') };
  const deepest = LEVELS.find((level) => wanted[level] !== null);
  if (!deepest) return NONE;
  const found = await lookup(db, viewer, deepest, wanted[deepest] as string);
  if (!found) throw fieldError(deepest, messages.selected(deepest));
  for (const level of LEVELS) {
    if (wanted[level] !== null && wanted[level] !== found[level]) throw fieldError(level, messages.selected(level));
  }
  return { module_id: found.module_id, component_id: found.component_id, topic_id: found.topic_id };
}
