import type { MediaSummary, NamedRef, Suggestion } from '@tessera/sdk';
import type { Suggestion as SuggestionModel } from '../../db/content-models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import { presentUserSummary, type UserSummaryColumns } from '../tenant-users/presenter.js';
import { suggestionAbilities } from './policy.js';

/** A suggestion with its sender and the names of what it relates to, as one query selects them. */
export interface SuggestionRow
  extends UserSummaryColumns, Pick<SuggestionModel, 'id' | 'text' | 'is_active' | 'created_at' | 'module_id' | 'component_id' | 'topic_id'> {
  module_name: string | null;
  component_name: string | null;
  topic_name: string | null;
}

function namedRef(id: string | null, name: string | null): NamedRef | null {
  return id && name !== null ? { id, name } : null;
}

export function presentSuggestion(row: SuggestionRow, media: MediaSummary[], role: AccessRole): Suggestion {
  return {
    id: row.id,
    user: presentUserSummary(row),
    text: row.text,
    media,
    module: namedRef(row.module_id, row.module_name),
    component: namedRef(row.component_id, row.component_name),
    topic: namedRef(row.topic_id, row.topic_name),
    is_active: row.is_active,
    created_at: row.created_at,
    abilities: suggestionAbilities(role),
  };
}
