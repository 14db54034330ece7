import type { User } from '@tessera/sdk';

import type { UserRow } from '../../db/models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import { userStatus } from '../accounts/presenter.js';
import { userAbilities } from './policy.js';

export type ManagedUserRow = Omit<UserRow, 'password_hash'> & { memberships_count: number };

export function presentUser(row: ManagedUserRow, role: AccessRole, callerId: string): User {
  const createdAt = row.created_at;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    is_confirmed: row.confirmed_at !== null,
    is_active: row.is_active,
    is_owner: row.is_owner,
    is_deleted: row.deleted_at !== null,
    status: userStatus(row),
    memberships_count: row.memberships_count,
    created_at: createdAt,
    joined: createdAt,
    abilities: userAbilities(role, callerId, row),
  };
}
