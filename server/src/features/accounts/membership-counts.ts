/**
 * The per-membership counts of the home page's organization rows (spec 2.4: the user's groups and the
 * modules they can see): one query for all of a person's memberships, whatever their number.
 */
import { compiledRead } from '../../db/compiled-read.js';
import type { Database } from '../../db/database.js';
import type { Knex } from '../../db/knex.js';
import type { MembershipCounts } from './presenter.js';

/** Roles that see every live module of their organization, related or not. */
const SEES_ALL_MODULES = ['admin', 'master'];

/** The member's live groups. */
function groupsCount(knex: Knex) {
  return knex('group_tenant_users as gtu')
    .join('groups as g', 'g.id', 'gtu.group_id')
    .where('gtu.tenant_user_id', knex.ref('tu.id'))
    .whereNull('g.deleted_at')
    .count('*')
    .as('groups_count');
}

/** The live modules the member can see: all of them for admins and masters, else related directly or through a live group. */
function modulesCount(knex: Knex) {
  const relatedDirectly = knex('module_tenant_users as mtu').select(knex.raw('1')).whereRaw('mtu.module_id = m.id').whereRaw('mtu.tenant_user_id = tu.id');
  const relatedThroughGroup = knex('module_groups as mg')
    .join('groups as mgg', 'mgg.id', 'mg.group_id')
    .join('group_tenant_users as mgtu', 'mgtu.group_id', 'mg.group_id')
    .select(knex.raw('1'))
    .whereRaw('mg.module_id = m.id')
    .whereRaw('mgtu.tenant_user_id = tu.id')
    .whereNull('mgg.deleted_at');
  return knex('modules as m')
    .where('m.tenant_id', knex.ref('tu.tenant_id'))
    .whereNull('m.deleted_at')
    .where((visible) => visible.whereIn('tu.role', SEES_ALL_MODULES).orWhereExists(relatedDirectly).orWhereExists(relatedThroughGroup))
    .count('*')
    .as('modules_count');
}

/** Compiled once: /users/me runs it (the users/me benchmark). */
const countsOfUser = compiledRead<{ tenant_user_id: string; groups_count: number | string; modules_count: number | string }, { userId: string }>(
  (knex, param) =>
    knex('tenant_users as tu')
      .where('tu.user_id', param('userId'))
      .whereNull('tu.deleted_at')
      .whereNull('tu.invited_at')
      .select('tu.id as tenant_user_id', groupsCount(knex), modulesCount(knex)),
);

export async function countMembershipRelations(db: Database, userId: string): Promise<MembershipCounts> {
  const rows = await db.read(countsOfUser, { userId });
  return new Map(rows.map((row) => [row.tenant_user_id, { groups_count: Number(row.groups_count), modules_count: Number(row.modules_count) }]));
}
