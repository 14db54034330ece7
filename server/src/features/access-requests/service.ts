import type { AccessRequest as AccessRequestBody } from '@tessera/sdk';
import type { Knex } from '../../db/knex.js';
import { newId } from '../../db/ids.js';
import { AccessRequest, type Tenant, type UserRow } from '../../db/models.js';
import { fieldError } from '../../http/errors.js';
import { accessRequestMessages, assertMayJoin } from './policy.js';
import { presentAccessRequest } from './presenter.js';

/** A live organization by name, case-insensitively. */
async function findTenantByName(db: Knex, name: string): Promise<Pick<Tenant, 'id' | 'name'> | undefined> {
  return db('tenants').whereRaw('lower(name) = ?', [name.trim().toLowerCase()]).whereNull('deleted_at').orderBy('created_at').first('id', 'name');
}

export async function createAccessRequest(knex: Knex, user: UserRow, organizationName: string): Promise<AccessRequestBody> {
  return knex.transaction(async (trx) => {
    const tenant = await findTenantByName(trx, organizationName);
    if (!tenant) throw fieldError('name', accessRequestMessages.unknownOrganization);
    // An invitation the person has not accepted is no membership: they may still ask (ARCHITECTURE.md#member-invitations).
    const membership = await trx('tenant_users').where({ tenant_id: tenant.id, user_id: user.id }).whereNull('invited_at').first('deleted_at');
    const openRequest = await trx('access_requests')
      .where({ tenant_id: tenant.id, user_id: user.id })
      .whereIn('status', ['pending', 'declined'])
      .whereNull('deleted_at')
      .first('id');
    assertMayJoin(membership, openRequest);
    const now = new Date().toISOString();
    const row = { id: newId(), tenant_id: tenant.id, user_id: user.id, status: 'pending' as const, deleted_at: null, created_at: now, updated_at: now };
    await AccessRequest.query(trx).insert(row);
    return presentAccessRequest({ ...row, tenant_name: tenant.name });
  });
}
