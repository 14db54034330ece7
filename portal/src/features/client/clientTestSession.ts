// Test support for the client views' tests: who is signed in, as the fake API answers it.
import type { FakeRoute } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, sessionRoutes } from '../../test/fixtures';

export const ACME = aTenant('Acme Training');
export const STAMPS = { is_deleted: false, deleted_at: null, created_at: '2026-02-01T09:00:00Z', updated_at: '2026-02-01T09:00:00Z' };

export const session = sessionRoutes;

export const asRole = (role: 'user' | 'admin') => session(aUser({ memberships: [aMembership({ role, tenant: ACME })] }));

/** The platform owner, who is no member: the organization comes from its own read. */
export function asOwner(): FakeRoute[] {
  const tenant = { ...ACME, groups_count: 0, modules_count: 1, members_count: 3, ...STAMPS, abilities: { update: true, archive: true, restore: false } };
  return [...session(aUser({ is_owner: true })), { method: 'GET', path: '/api/tenants/acme-training', status: 200, body: { data: tenant } }];
}
