import type { AccessRequest as AccessRequestBody } from '@tessera/sdk';
import type { Database } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { AccessRequest, TenantUser, type Tenant, type UserRow } from '../../db/models.js';
import { fieldError } from '../../http/errors.js';
import { accessRequestMessages, assertMayJoin } from './policy.js';
import { presentAccessRequest } from './presenter.js';

/** A live organization by name, case-insensitively. */
async function findTenantByName(db: Database, name: string): Promise<Pick<Tenant, 'id' | 'name'> | undefined> {
  return db.row(db.from('tenants').whereRaw('lower(name) = ?', [name.trim().toLowerCase()]).whereNull('deleted_at').orderBy('created_at').select('id', 'name'));
}

export async function createAccessRequest(db: Database, user: UserRow, organizationName: string): Promise<AccessRequestBody> {
  return db.transaction(async (tx) => {
    const tenant = await findTenantByName(tx, organizationName);
    if (!tenant) throw fieldError('name', accessRequestMessages.unknownOrganization);
    const org = tx.inTenant(tenant.id);
    // An invitation the person has not accepted is no membership: they may still ask (ARCHITECTURE.md#member-invitations).
    const membership = await org.row<Pick<TenantUser, 'deleted_at'>>(
      org.from('tenant_users').where({ user_id: user.id }).whereNull('invited_at').select('deleted_at'),
      TenantUser,
    );
    const openRequest = await org.row<Pick<AccessRequest, 'id'>>(
      org.from('access_requests').where({ user_id: user.id }).whereIn('status', ['pending', 'declined']).whereNull('deleted_at').select('id'),
    );
    assertMayJoin(membership, openRequest);
    const now = new Date().toISOString();
    const row = { id: newId(), tenant_id: tenant.id, user_id: user.id, status: 'pending' as const, deleted_at: null, created_at: now, updated_at: now };
    await org.write(AccessRequest).insert(row);
    return presentAccessRequest({ ...row, tenant_name: tenant.name });
  });
}
