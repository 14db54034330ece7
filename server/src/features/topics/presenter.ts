import type { Topic } from '@tessera/sdk';
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
  items_count?: number;
  total_procedures?: number;
  completed_procedures?: number;
  is_favorite: boolean;
  /** The topic's knowledge check (a correlated subquery of the same select). */
  knowledgecheck_id?: string | null;
}

/** Written out field by field (an object spread per row costs a list page measurably). */
export function presentTopic(row: TopicRow, role: AccessRole): Topic {
  const topic: Topic = {
    id: row.id,
    component_id: row.component_id,
    name: row.name,
    description: row.description,
    is_active: row.is_active,
    order: row.position,
    is_favorite: row.is_favorite,
    knowledgecheck_id: row.knowledgecheck_id ?? null,
    component: { id: row.component_id, name: row.component_name, module: { id: row.module_id, name: row.module_name } },
    is_deleted: row.deleted_at !== null,
    deleted_at: row.deleted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    abilities: contentAbilities(topicPolicy, role, row),
  };
  // `short` lists leave the item and procedure counts out.
  if (row.items_count !== undefined) {
    topic.items_count = row.items_count;
    topic.total_procedures = row.total_procedures;
    topic.completed_procedures = row.completed_procedures;
  }
  return topic;
}
