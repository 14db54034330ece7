import type { MediaSummary, NamedRef, Suggestion } from '@tessera/sdk';
import { toIso } from '../../db/knex.js';
import type { DbBoolean, DbDate } from '../../db/models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import { presentUserSummary, type UserSummaryColumns } from '../tenant-users/presenter.js';
import { suggestionAbilities } from './policy.js';

/** A suggestion with its sender and the names of what it relates to, as one query selects them. */
export interface SuggestionRow extends UserSummaryColumns {
  id: string;
  text: string;
  is_active: DbBoolean;
  created_at: DbDate;
  module_id: string | null;
  module_name: string | null;
  component_id: string | null;
  component_name: string | null;
  topic_id: string | null;
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
    is_active: Boolean(row.is_active),
    created_at: toIso(row.created_at),
    abilities: suggestionAbilities(role),
  };
}
