import type { Group, NamedRef, TenantUserSummary } from '@tessera/sdk';
import type { Group as GroupModel } from '../../db/models.js';
import type { CsvColumn } from '../../http/csv.js';
import type { AccessRole } from '../../http/tenant-access.js';
import { presentMemberPerson, type MemberSummaryRow } from '../tenant-users/presenter.js';
import { groupAbilities } from './policy.js';

export interface GroupRow extends Pick<GroupModel, 'id' | 'name' | 'description' | 'deleted_at' | 'created_at' | 'updated_at'> {
  members_count: number;
  modules_count: number;
}

export type GroupMemberRow = MemberSummaryRow;

function presentGroupMember(row: GroupMemberRow): TenantUserSummary {
  return { id: row.id, role: row.role, is_active: row.is_active, user: presentMemberPerson(row) };
}

/** A single read carries the group's members and modules; a list row only their counts. */
export function presentGroup(row: GroupRow, role: AccessRole, related?: { members: GroupMemberRow[]; modules: NamedRef[] }): Group {
  const group: Group = {
    id: row.id,
    name: row.name,
    description: row.description,
    members_count: row.members_count,
    modules_count: row.modules_count,
    is_deleted: row.deleted_at !== null,
    deleted_at: row.deleted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    abilities: groupAbilities(role, row),
  };
  if (related) {
    group.members = related.members.map(presentGroupMember);
    group.modules = related.modules;
  }
  return group;
}

/** The group list as a CSV download (ARCHITECTURE.md#csv-downloads), a group a line, as the JSON presents it. */
export const GROUP_CSV: readonly CsvColumn<Group>[] = [
  { header: 'Group ID', value: (group) => group.id },
  { header: 'Name', value: (group) => group.name },
  { header: 'Description', value: (group) => group.description },
  { header: 'Members', value: (group) => group.members_count },
  { header: 'Modules', value: (group) => group.modules_count },
  { header: 'Created', value: (group) => group.created_at },
  { header: 'Updated', value: (group) => group.updated_at },
  { header: 'Archived', value: (group) => group.deleted_at },
];
