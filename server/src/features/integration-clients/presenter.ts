import type { IntegrationClient } from '@tessera/sdk';
import { toDate, toIso } from '../../db/knex.js';
import type { DbDate, Role } from '../../db/models.js';

export interface IntegrationClientRow {
  id: string;
  name: string;
  role: Role;
  created_at: DbDate;
  revoked_at: DbDate | null;
  creator_id: string | null;
  creator_name: string | null;
}

export function presentIntegrationClient(row: IntegrationClientRow): IntegrationClient {
  const revokedAt = toDate(row.revoked_at);
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    is_revoked: revokedAt !== null,
    revoked_at: revokedAt ? revokedAt.toISOString() : null,
    created_at: toIso(row.created_at),
    created_by: row.creator_id ? { id: row.creator_id, name: row.creator_name ?? '' } : null,
  };
}
