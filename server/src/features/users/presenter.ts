import type { User } from '@tessera/sdk';
import { toDate, toIso } from '../../db/knex.js';
import type { UserRow } from '../../db/models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import { userStatus } from '../accounts/presenter.js';
import { userAbilities } from './policy.js';

export type ManagedUserRow = Omit<UserRow, 'password_hash'> & { memberships_count: number | string };

export function presentUser(row: ManagedUserRow, role: AccessRole, callerId: string): User {
  const createdAt = toIso(row.created_at);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    is_confirmed: toDate(row.confirmed_at) !== null,
    is_active: Boolean(row.is_active),
    is_owner: Boolean(row.is_owner),
    is_deleted: toDate(row.deleted_at) !== null,
    status: userStatus(row),
    memberships_count: Number(row.memberships_count),
    created_at: createdAt,
    joined: createdAt,
    abilities: userAbilities(role, callerId, row),
  };
}
