import type { TenantAccessRequest } from '@tessera/sdk';
import type { AccessRequest } from '../../db/models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import { presentUserSummary, type UserSummaryColumns } from '../tenant-users/presenter.js';
import { accessRequestAbilities } from './transitions.js';

export type ManagedAccessRequestRow = UserSummaryColumns & Pick<AccessRequest, 'id' | 'status' | 'deleted_at' | 'created_at' | 'updated_at'>;

export function presentManagedAccessRequest(row: ManagedAccessRequestRow, role: AccessRole): TenantAccessRequest {
  return {
    id: row.id,
    status: row.status,
    is_deleted: row.deleted_at !== null,
    deleted_at: row.deleted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    user: presentUserSummary(row),
    abilities: accessRequestAbilities(role, row),
  };
}
