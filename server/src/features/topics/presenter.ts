import type { Topic } from '@tessera/sdk';
import { toDate, toIso } from '../../db/knex.js';
import type { DbBoolean } from '../../db/models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import { contentAbilities } from '../content/policy.js';
import type { ContentRow } from '../content/presenter.js';
import { topicPolicy } from './policy.js';

export interface TopicRow extends ContentRow {
  component_id: string;
  component_name: string;
  module_id: string;
  module_name: string;
  /** Left out of `short` lists. */
  items_count?: number | string;
  total_procedures?: number | string;
  completed_procedures?: number | string;
  is_favorite: DbBoolean;
  /** The topic's knowledge check (a correlated subquery of the same select). */
  knowledgecheck_id?: string | null;
}

/** Written out field by field (an object spread per row costs a list page measurably). */
export function presentTopic(row: TopicRow, role: AccessRole): Topic {
  const deletedAt = toDate(row.deleted_at);
  const topic: Topic = {
    id: row.id,
    component_id: row.component_id,
    name: row.name,
    description: row.description,
    is_active: Boolean(row.is_active),
    order: Number(row.position),
    is_favorite: Boolean(row.is_favorite),
    knowledgecheck_id: row.knowledgecheck_id ?? null,
    component: { id: row.component_id, name: row.component_name, module: { id: row.module_id, name: row.module_name } },
    is_deleted: deletedAt !== null,
    deleted_at: deletedAt ? deletedAt.toISOString() : null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    abilities: contentAbilities(topicPolicy, role, row),
  };
  // `short` lists leave the item and procedure counts out.
  if (row.items_count !== undefined) {
    topic.items_count = Number(row.items_count);
    topic.total_procedures = Number(row.total_procedures);
    topic.completed_procedures = Number(row.completed_procedures);
  }
  return topic;
}
