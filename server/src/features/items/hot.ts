/**
 * The items' hot reads (ARCHITECTURE.md#data-access), measured by server/bench/content.ts ("topic items (learner)"):
 * whether the viewer sees the topic (a kept decision, content/visibility.ts), and the topic's items in one compiled
 * read (media joined, the caller's completion as a column).
 */
import { compiledRead, type Bound } from '../../db/compiled-read.js';
import type { Database } from '../../db/database.js';
import { Item } from '../../db/content-models.js';
import { withColumns } from '../../db/model.js';
import { notFound } from '../../http/errors.js';
import { mediaSummaryColumns } from '../media/summary.js';
import { contentMessages } from '../content/policy.js';
import { memberFlag, placeholderViewer, viewerValues, visibilityCheck, type Viewer, type ViewerParams } from '../content/visibility.js';
import { topicsOf } from '../topics/service.js';
import { ITEM_MEDIA_PREFIX, type ItemRow } from './presenter.js';

/** 404 unless the viewer may see the topic (a learner: active, live, related content only). */
export const requireVisibleTopic = visibilityCheck(
  'topic',
  (org, viewer, id: Bound<string>) => topicsOf(org, viewer, 'one').where('t.id', id).select('t.id'),
  () => notFound(contentMessages.topicNotFound),
);

/** The topic's items sorted by position, in one query (media joined, completion as a column). */
const itemRowsRead = compiledRead<object, ViewerParams & { topicId: string }>((sql, param) => {
  const org = sql.inTenant(param('tenantId'));
  const viewer = placeholderViewer(false, param);
  return org
    .from('items as i')
    .leftJoin('media as md', (join) => join.on('md.id', 'i.media_id').andOn('md.tenant_id', 'i.tenant_id'))
    .where('i.topic_id', param('topicId'))
    .select(
      'i.id',
      'i.topic_id',
      'i.row_id',
      'i.type',
      'i.position',
      'i.text',
      'i.is_procedure',
      ...mediaSummaryColumns('md', ITEM_MEDIA_PREFIX),
      memberFlag(org, 'item_completions', 'item_id', 'i.id', viewer.memberId, 'is_complete'),
    )
    .orderBy('i.position')
    .orderBy('i.id');
});

/** An item row as read: the model's columns and the caller's completion (its media summary normalises on its own, media/summary.ts). */
const ITEM_ROW = withColumns(Item, { booleanColumns: ['is_complete'] });

export async function itemRows(db: Database, viewer: Viewer, topicId: string): Promise<ItemRow[]> {
  return (await db.read(itemRowsRead, { ...viewerValues(viewer), topicId }, ITEM_ROW)) as ItemRow[];
}
