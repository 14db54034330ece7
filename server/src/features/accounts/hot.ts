/**
 * The accounts' hot paths (ARCHITECTURE.md#data-access), measured by server/bench/run.ts ("GET /api/users/me", every
 * portal page and widget asks for it) and server/bench/people.ts ("GET /api/users/me (50 memberships)"):
 * - the answer of GET /users/me, kept serialized per access token until the database changes (db/change-cache.ts);
 * - the per-membership counts of the home page's organization rows (spec 2.4: the user's groups and the modules they
 *   can see), one compiled read for all of a person's memberships, whatever their number.
 */
import { keptAnswers } from '../../db/change-cache.js';
import { compiledRead } from '../../db/compiled-read.js';
import type { Database } from '../../db/database.js';
import { TesseraModel, withColumns } from '../../db/model.js';
import type { Query, Sql } from '../../db/query.js';
import { whereRelated } from '../content/visibility.js';
import type { MembershipCounts } from './presenter.js';

/** The `{ data: CurrentUser }` answers of the most recently used tokens, as JSON bytes (change-cache.ts `keptJson`). */
const keptBodies = keptAnswers<Buffer>(10_000);

/** The kept GET /users/me answer of `token` while the database has not changed since it was computed, else `compute()`'s. */
export function keptCurrentUserBody(db: Database, token: string, compute: () => Promise<Buffer>): Promise<Buffer> {
  return db.kept(keptBodies, token, compute);
}

/** Roles that see every live module of their organization, related or not. */
const SEES_ALL_MODULES = ['admin', 'master'];

/** The member's live groups. */
function groupsCount(sql: Sql): Query {
  return sql
    .from('group_tenant_users as gtu')
    .join('groups as g', 'g.id', 'gtu.group_id')
    .where('gtu.tenant_user_id', sql.ref('tu.id'))
    .whereNull('g.deleted_at')
    .count('*')
    .as('groups_count');
}

/**
 * The live modules the member can see: all of them for admins and masters, else those related to the membership
 * directly or through a live group (the rule's relation, content/visibility.ts).
 */
function modulesCount(sql: Sql): Query {
  // The modules of each membership's own organization (`tu.tenant_id`): the account's memberships span organizations.
  return sql
    .acrossTenants('modules as m')
    .where('m.tenant_id', sql.ref('tu.tenant_id'))
    .whereNull('m.deleted_at')
    .where((visible) => visible.whereIn('tu.role', SEES_ALL_MODULES).orWhere((related) => whereRelated(sql, related, sql.ref('tu.id'), sql.ref('m.id'))))
    .count('*')
    .as('modules_count');
}

interface MembershipCountRow {
  tenant_user_id: string;
  groups_count: number;
  modules_count: number;
}

const MEMBERSHIP_COUNT_ROW = withColumns(TesseraModel, { numberColumns: ['groups_count', 'modules_count'] });

/** Compiled once: /users/me runs it. */
const countsOfUser = compiledRead<MembershipCountRow, { userId: string }>((sql, param) =>
  sql
    // An account's memberships, in every organization.
    .acrossTenants('tenant_users as tu')
    .where('tu.user_id', param('userId'))
    .whereNull('tu.deleted_at')
    .whereNull('tu.invited_at')
    .select('tu.id as tenant_user_id', groupsCount(sql), modulesCount(sql)),
);

/** The counts of each of the account's live memberships (in one query). */
export async function countMembershipRelations(db: Database, userId: string): Promise<MembershipCounts> {
  const rows = await db.read(countsOfUser, { userId }, MEMBERSHIP_COUNT_ROW);
  return new Map(rows.map((row) => [row.tenant_user_id, { groups_count: row.groups_count, modules_count: row.modules_count }]));
}
