/**
 * The demo organization and accounts of `npm start` (README), created only on an empty database.
 * Every account is confirmed and uses the password `Demo-pass-1`.
 */
import type { AppServices } from '../context.js';
import { createConfirmedUser } from '../features/accounts/service.js';
import { newId } from './ids.js';
import type { Role } from './models.js';

export const DEMO_PASSWORD = 'Demo-pass-1';
export const DEMO_ORGANIZATION = { name: 'Acme Training', slug: 'acme-training' };

export const DEMO_ACCOUNTS: { email: string; name: string; role: Role | 'owner' }[] = [
  { email: 'owner@example.com', name: 'Olivia Owner', role: 'owner' },
  { email: 'master@example.com', name: 'Martin Master', role: 'master' },
  { email: 'admin@example.com', name: 'Ada Admin', role: 'admin' },
  { email: 'learner@example.com', name: 'Lena Learner', role: 'user' },
];

/** Seeds the demo data when there is no user yet; answers whether it did. */
export async function seedDemo(services: Pick<AppServices, 'knex' | 'passwords'>): Promise<boolean> {
  const { knex } = services;
  const existing = await knex('users').count<{ count: number | string }[]>({ count: '*' });
  if (Number(existing[0]?.count ?? 0) > 0) return false;

  const now = new Date();
  const tenantId = newId();
  await knex('tenants').insert({ id: tenantId, ...DEMO_ORGANIZATION, enable_bioreq: false, created_at: now, updated_at: now });
  for (const account of DEMO_ACCOUNTS) {
    const user = await createConfirmedUser(services, { ...account, password: DEMO_PASSWORD, isOwner: account.role === 'owner' });
    if (account.role === 'owner') continue;
    await knex('tenant_users').insert({ id: newId(), tenant_id: tenantId, user_id: user.id, role: account.role, is_active: true, created_at: now, updated_at: now });
  }
  return true;
}
