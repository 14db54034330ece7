import type { IntegrationClient, IntegrationClientGrantType } from '@tessera/sdk';
import type { IntegrationClient as IntegrationClientModel, Role } from '../../db/models.js';
import { jsonList } from './service.js';

export interface IntegrationClientRow extends Pick<IntegrationClientModel, 'id' | 'name' | 'redirect_uris' | 'grant_types' | 'created_at' | 'revoked_at'> {
  role: Role;
  creator_id: string | null;
  creator_name: string | null;
}

export function presentIntegrationClient(row: IntegrationClientRow): IntegrationClient {
  return {
    id: row.id,
    // OAuth tooling (RFC 7591's registration answer) reads client_id; the API's rows are read by id.
    client_id: row.id,
    name: row.name,
    role: row.role,
    redirect_uris: jsonList(row.redirect_uris),
    grant_types: jsonList(row.grant_types) as IntegrationClientGrantType[],
    is_revoked: row.revoked_at !== null,
    revoked_at: row.revoked_at,
    created_at: row.created_at,
    created_by: row.creator_id ? { id: row.creator_id, name: row.creator_name ?? '' } : null,
  };
}
