/**
 * The topics' hot reads (ARCHITECTURE.md#data-access), measured by server/bench/content.ts ("topic list (learner)"):
 * a topic row as the lists and single reads select it, and a page's rows by their ids, compiled once per kind of
 * viewer so that a list page builds no SQL for its rows.
 */
import { compiledRead, whereInJsonList } from '../../db/compiled-read.js';
import type { Database } from '../../db/database.js';
import { Topic } from '../../db/content-models.js';
import { withColumns } from '../../db/model.js';
import type { RowsById } from '../../db/paginate.js';
import type { Query, TenantSql } from '../../db/query.js';
import { memberFlag, placeholderViewer, viewerValues, type Viewer, type ViewerParams, type ViewerScope } from '../content/visibility.js';
import type { TopicRow } from './presenter.js';

/** A topic row as read: the model's columns, the caller's star and the counts. */
export const TOPIC_ROW = withColumns(Topic, { booleanColumns: ['is_favorite'], numberColumns: ['items_count', 'total_procedures', 'completed_procedures'] });

/** The organization's topics with their component and module (`t`, `c`, `m`). */
export function topicsWithParents(org: TenantSql): Query {
  return org.from('topics as t').join('components as c', 'c.id', 't.component_id').join('modules as m', 'm.id', 'c.module_id');
}

/**
 * The counts are correlated subqueries of the page's own query (constant queries per page); `short` lists
 * (pickers, the ids a move up or down renumbers) leave them out, as modules and components do.
 */
export function selectTopic(org: TenantSql, viewer: ViewerScope, short = false) {
  return (query: Query) =>
    query.select(
      't.id',
      't.component_id',
      'c.name as component_name',
      'm.id as module_id',
      'm.name as module_name',
      't.name',
      't.description',
      't.is_active',
      't.position',
      't.deleted_at',
      't.created_at',
      't.updated_at',
      memberFlag(org, 'topic_favorites', 'topic_id', 't.id', viewer.memberId, 'is_favorite'),
      org.reached('knowledge_checks as tkc').select('tkc.id').whereRaw('tkc.topic_id = t.id').as('knowledgecheck_id'),
      ...(short ? [] : topicCounts(org, viewer)),
    );
}

function topicCounts(org: TenantSql, viewer: ViewerScope) {
  return [
    org.reached('items as ti').count('*').whereRaw('ti.topic_id = t.id').as('items_count'),
    org.reached('items as tp').count('*').whereRaw('tp.topic_id = t.id').where('tp.is_procedure', true).as('total_procedures'),
    // From the topic's few items to the member's completion of each (not from all of the member's completions).
    org
      .reached('items as ci')
      .count('*')
      .whereRaw('ci.topic_id = t.id')
      .where('ci.is_procedure', true)
      .whereExists(org.from('item_completions as ic').whereRaw('ic.item_id = ci.id').where('ic.tenant_user_id', viewer.memberId).select(org.raw('1')))
      .as('completed_procedures'),
  ];
}

/** A page's topics by id, with their counts for the viewer (none when short): compiled once per kind of viewer (db/paginate.ts). */
function topicRowsRead(seesAll: boolean, short: boolean) {
  return compiledRead<object, ViewerParams & { ids: string }>((sql, param) => {
    const org = sql.inTenant(param('tenantId'));
    const viewer = placeholderViewer(seesAll, param);
    return whereInJsonList(org, selectTopic(org, viewer, short)(topicsWithParents(org)), 't.id', param('ids'));
  });
}

const topicRowsReads = {
  all: topicRowsRead(true, false),
  related: topicRowsRead(false, false),
  allShort: topicRowsRead(true, true),
  relatedShort: topicRowsRead(false, true),
};

/** The rows of a list page's topic ids (paginate's `rowsById`), normalised. */
export function topicRowsById(db: Database, viewer: Viewer, short = false): RowsById<TopicRow> {
  const read = topicRowsReads[`${viewer.seesAll ? 'all' : 'related'}${short ? 'Short' : ''}` as const];
  return async (ids) => (await db.read(read, { ...viewerValues(viewer), ids: JSON.stringify(ids) }, TOPIC_ROW)) as TopicRow[];
}
