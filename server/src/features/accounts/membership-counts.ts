/**
 * The per-membership counts of the home page's organization rows (spec 2.4: the user's groups, and
 * modules once they exist): one grouped query for all of a person's memberships, whatever their number.
 */
import { selectWith } from '../../db/cached-select.js';
import type { Knex } from '../../db/knex.js';
import { placeholder } from '../../db/prepared.js';
import type { MembershipCounts } from './presenter.js';

const groupCountsOfUser = selectWith<{ tenant_user_id: string; groups_count: number | string }>((knex) =>
  knex('tenant_users as tu')
    .join('group_tenant_users as gtu', 'gtu.tenant_user_id', 'tu.id')
    .join('groups as g', 'g.id', 'gtu.group_id')
    .where('tu.user_id', placeholder('userId') as unknown as string)
    .whereNull('tu.deleted_at')
    .whereNull('g.deleted_at')
    .groupBy('tu.id')
    .select('tu.id as tenant_user_id')
    .count({ groups_count: '*' }),
);

export async function countMembershipRelations(db: Knex, userId: string): Promise<MembershipCounts> {
  const rows = await groupCountsOfUser(db, { userId });
  return new Map(rows.map((row) => [row.tenant_user_id, { groups_count: Number(row.groups_count) }]));
}
