import type { AccessRequest } from '@tessera/sdk';
import type { AccessRequest as AccessRequestModel } from '../../db/models.js';

export interface AccessRequestRow extends Pick<AccessRequestModel, 'id' | 'status' | 'created_at' | 'tenant_id'> {
  tenant_name: string;
}

export function presentAccessRequest(row: AccessRequestRow): AccessRequest {
  return { id: row.id, status: row.status, tenant: { id: row.tenant_id, name: row.tenant_name }, created_at: row.created_at };
}
