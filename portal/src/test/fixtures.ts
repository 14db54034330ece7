import type { Config, CurrentUser, Membership, TenantSummary } from '@tessera/sdk';
import type { FakeRoute } from './fakeApi';

export function aUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '01930000-0000-7000-8000-000000000001',
    name: 'Lena Learner',
    email: 'learner@example.com',
    is_confirmed: true,
    is_active: true,
    is_owner: false,
    is_deleted: false,
    status: 'active',
    created_at: '2026-01-05T09:30:00Z',
    joined: '2026-01-05T09:30:00Z',
    memberships: [],
    ...overrides,
  };
}

export const CONFIG: Config = {
  image: { min_width: 800, min_height: 450, max_width: 6000, max_height: 6000 },
  bioreq_types: ['passport'],
  file_sizes: {
    image: { min_size: 1, max_size: 10000 },
    thumbnail: { min_size: 1, max_size: 5000 },
    pdf: { min_size: 1, max_size: 50000 },
    video: { min_size: 10, max_size: 2000000 },
    audio: { min_size: 1, max_size: 200000 },
    caption: { min_size: 0, max_size: 1000 },
    question_bank: { min_size: 0, max_size: 20000 },
  },
};

export const TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1' };

export function aTenant(name = 'Acme Training', overrides: Partial<TenantSummary> = {}): TenantSummary {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { id: `${slug}-id`, name, slug, enable_bioreq: false, ...overrides };
}

export function aMembership(overrides: Partial<Membership> = {}): Membership {
  return {
    id: 'membership-1',
    role: 'user',
    is_active: true,
    tenant: aTenant(),
    groups_count: 0,
    modules_count: 0,
    created_at: '2026-01-05T09:30:00Z',
    ...overrides,
  };
}

/** What the fake API answers for a signed-in person's session: who they are, and the server's config. */
export function sessionRoutes(user: CurrentUser): FakeRoute[] {
  return [
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: user } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
  ];
}
