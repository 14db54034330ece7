/**
 * The member list's hot read (ARCHITECTURE.md#data-access), measured by server/bench/people.ts ("GET tenant-users
 * (10k, search, joined)"): a page's members by their ids, with their counts, compiled once so that a list page builds
 * no SQL for its rows (db/paginate.ts's `rowsById`).
 */
import { compiledRead, whereInJsonList } from '../../db/compiled-read.js';
import type { Database } from '../../db/database.js';
import type { RowsById } from '../../db/paginate.js';
import type { Query, TenantSql } from '../../db/query.js';
import { MEMBER_PERSON_COLUMNS } from './presenter.js';

/** Memberships of the organization, with their people. */
export function membersOf(org: TenantSql): Query {
  // Integration clients' accounts (features/integration-clients) are not members people manage.
  return org.from('tenant_users as tu').join('users as u', 'u.id', 'tu.user_id').andWhere('u.is_service_account', false);
}

/** A member's live groups, counted in the member's own query. */
function groupsCount(org: TenantSql): Query {
  return org
    .from('group_tenant_users as gtu')
    .join('groups as g', 'g.id', 'gtu.group_id')
    .count('*')
    .where('gtu.tenant_user_id', org.ref('tu.id'))
    .whereNull('g.deleted_at')
    .as('groups_count');
}

/** The live modules related to the member directly (not through groups), counted in the member's own query. */
function modulesCount(org: TenantSql): Query {
  return org
    .from('module_tenant_users as mtu')
    .join('modules as m', 'm.id', 'mtu.module_id')
    .count('*')
    .where('mtu.tenant_user_id', org.ref('tu.id'))
    .whereNull('m.deleted_at')
    .as('modules_count');
}

/** A member row as lists and single reads select it: the membership, its person and its counts. */
export function selectMember(org: TenantSql) {
  return (query: Query) =>
    query.select('tu.id', 'tu.role', 'tu.is_active', 'tu.deleted_at', 'tu.created_at', ...MEMBER_PERSON_COLUMNS, groupsCount(org), modulesCount(org));
}

/** A page's members by id, with their counts: compiled once (db/paginate.ts). */
const memberRowsRead = compiledRead<object, { tenantId: string; ids: string }>((sql, param) => {
  const org = sql.inTenant(param('tenantId'));
  return whereInJsonList(org, selectMember(org)(membersOf(org)), 'tu.id', param('ids'));
});

/** The rows of a list page's member ids (paginate's `rowsById`), as the database answers them. */
export function memberRowsById(db: Database, tenantId: string): RowsById<object> {
  return (ids) => db.read(memberRowsRead, { tenantId, ids: JSON.stringify(ids) });
}
