import type { AccessRequest } from '@tessera/sdk';
import { toIso } from '../../db/knex.js';
import type { AccessRequestStatus, DbDate } from '../../db/models.js';

export interface AccessRequestRow {
  id: string;
  status: AccessRequestStatus;
  created_at: DbDate;
  tenant_id: string;
  tenant_name: string;
}

export function presentAccessRequest(row: AccessRequestRow): AccessRequest {
  return { id: row.id, status: row.status, tenant: { id: row.tenant_id, name: row.tenant_name }, created_at: toIso(row.created_at) };
}
