import type { TenantAccessRequest } from '@tessera/sdk';
import { toDate, toIso } from '../../db/knex.js';
import type { AccessRequestStatus, DbDate } from '../../db/models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import { presentUserSummary, type UserSummaryColumns } from '../tenant-users/presenter.js';
import { accessRequestAbilities } from './transitions.js';

export interface ManagedAccessRequestRow extends UserSummaryColumns {
  id: string;
  status: AccessRequestStatus;
  deleted_at: DbDate | null;
  created_at: DbDate;
  updated_at: DbDate;
}

export function presentManagedAccessRequest(row: ManagedAccessRequestRow, role: AccessRole): TenantAccessRequest {
  const deletedAt = toDate(row.deleted_at);
  return {
    id: row.id,
    status: row.status,
    is_deleted: deletedAt !== null,
    deleted_at: deletedAt ? deletedAt.toISOString() : null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    user: presentUserSummary(row),
    abilities: accessRequestAbilities(role, row),
  };
}
