import type { ScimToken } from '@tessera/sdk';
import type { ScimToken as ScimTokenModel } from './models.js';

export interface ScimTokenRow extends Pick<ScimTokenModel, 'id' | 'name' | 'created_at' | 'last_used_at' | 'revoked_at'> {
  creator_id: string | null;
  creator_name: string | null;
}

export function presentScimToken(row: ScimTokenRow): ScimToken {
  return {
    id: row.id,
    name: row.name,
    is_revoked: row.revoked_at !== null,
    revoked_at: row.revoked_at,
    last_used_at: row.last_used_at,
    created_at: row.created_at,
    created_by: row.creator_id ? { id: row.creator_id, name: row.creator_name ?? '' } : null,
  };
}
