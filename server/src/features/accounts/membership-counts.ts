/**
 * The per-membership counts of the home page's organization rows (spec 2.4: the user's groups, and
 * modules once they exist), for any number of memberships in one grouped query.
 */
import type { Knex } from '../../db/knex.js';
import type { MembershipCounts } from './presenter.js';

export async function countMembershipRelations(db: Knex, membershipIds: string[]): Promise<MembershipCounts> {
  if (membershipIds.length === 0) return new Map();
  const rows = (await db('group_tenant_users as gtu')
    .join('groups as g', 'g.id', 'gtu.group_id')
    .whereIn('gtu.tenant_user_id', membershipIds)
    .whereNull('g.deleted_at')
    .groupBy('gtu.tenant_user_id')
    .select('gtu.tenant_user_id')
    .count({ groups_count: '*' })) as { tenant_user_id: string; groups_count: number | string }[];
  return new Map(rows.map((row) => [row.tenant_user_id, { groups_count: Number(row.groups_count) }]));
}
