/**
 * The SCIM Users' hot read (ARCHITECTURE.md#data-access), measured by server/bench/scim.ts (its lookup phase): Okta
 * searches `userName eq "…"` before each create, so that lookup is compiled once instead of built by knex per request.
 */
import { compiledRead } from '../../db/compiled-read.js';
import type { Database } from '../../db/database.js';
import { withColumns } from '../../db/model.js';
import { TenantUser } from '../../db/models.js';
import type { Query, TenantSql } from '../../db/query.js';

export interface UserRow {
  id: string;
  user_id: string;
  external_id: string | null;
  is_active: boolean;
  created_at: string;
  updated_at: string;
  email: string;
  name: string;
}

export const USER_ROW = withColumns(TenantUser, { dateColumns: ['created_at', 'updated_at'] });

/** Live, accepted memberships of people (not integration clients' service accounts). */
export function usersOf(org: TenantSql): Query {
  return org
    .from('tenant_users as tu')
    .join('users as u', 'u.id', 'tu.user_id')
    .whereNull('tu.deleted_at')
    .whereNull('tu.invited_at')
    .where('u.is_service_account', false);
}

export function selectUser(query: Query): Query {
  return query.select('tu.id', 'tu.user_id', 'tu.external_id', 'tu.is_active', 'tu.created_at', 'tu.updated_at', 'u.email', 'u.name');
}

const userByNameRead = compiledRead<UserRow, { tenantId: string; email: string }>((sql, param) =>
  selectUser(usersOf(sql.inTenant(param('tenantId'))).where('u.email', param('email'))),
);

/** The member with this address (stored lower-cased: pass it lower-cased), if any. */
export function userByName(db: Database, tenantId: string, email: string): Promise<UserRow[]> {
  return db.read(userByNameRead, { tenantId, email }, USER_ROW);
}
