import type { Group, NamedRef, TenantUserSummary } from '@tessera/sdk';
import { toDate, toIso } from '../../db/knex.js';
import type { DbBoolean, DbDate, Role } from '../../db/models.js';
import type { AccessRole } from '../../http/tenant-access.js';
import { presentMemberPerson, type MemberPersonColumns } from '../tenant-users/presenter.js';
import { groupAbilities } from './policy.js';

export interface GroupRow {
  id: string;
  name: string;
  description: string;
  deleted_at: DbDate | null;
  created_at: DbDate;
  updated_at: DbDate;
  members_count: number | string;
  modules_count: number | string;
}

export interface GroupMemberRow extends MemberPersonColumns {
  id: string;
  role: Role;
  is_active: DbBoolean;
}

function presentGroupMember(row: GroupMemberRow): TenantUserSummary {
  return { id: row.id, role: row.role, is_active: Boolean(row.is_active), user: presentMemberPerson(row) };
}

/** A single read carries the group's members and modules; a list row only their counts. */
export function presentGroup(row: GroupRow, role: AccessRole, related?: { members: GroupMemberRow[]; modules: NamedRef[] }): Group {
  const deletedAt = toDate(row.deleted_at);
  const group: Group = {
    id: row.id,
    name: row.name,
    description: row.description,
    members_count: Number(row.members_count),
    modules_count: Number(row.modules_count),
    is_deleted: deletedAt !== null,
    deleted_at: deletedAt ? deletedAt.toISOString() : null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    abilities: groupAbilities(role, row),
  };
  if (related) {
    group.members = related.members.map(presentGroupMember);
    group.modules = related.modules;
  }
  return group;
}
