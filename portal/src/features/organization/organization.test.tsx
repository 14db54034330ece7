import type { CurrentUser } from '@tessera/sdk';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { NARROW_SCREEN_NOTICE } from './AdminLayout';

const ACME = aTenant('Acme Training');
const EMPTY_LIST = { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0, order: 'user', desc: false, search: null } };

const me = (user: CurrentUser, once = false): FakeRoute & { once?: boolean } => ({
  method: 'GET',
  path: '/api/users/me',
  status: 200,
  body: { data: user },
  once,
});
const config = { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } };

const member = (overrides: Parameters<typeof aMembership>[0] = {}, user: Partial<CurrentUser> = {}) =>
  aUser({ memberships: [aMembership({ tenant: ACME, ...overrides })], ...user });

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('entering an organization', () => {
  it('resolves the organization by its pretty-URL name and shows the shell of the role', async () => {
    fakeApi([me(member({ role: 'user' })), config, { method: 'GET', path: `/api/tenants/${ACME.slug}/modules`, status: 200, body: EMPTY_LIST }]);
    renderApp('/acme-training/modules');
    await screen.findByRole('heading', { name: 'Modules' });
    expect(await screen.findByText('No modules found...')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Acme Training' }).getAttribute('href')).toBe('/acme-training/modules');
    // A user of an organization without bioreq has no sidebar.
    expect(screen.queryByRole('navigation', { name: 'Organization' })).toBeNull();
    expect(useSession.getState().organizationId).toBe(ACME.id);
  });

  it('also resolves it by id, and redirects the organization root to its modules', async () => {
    fakeApi([me(member({ role: 'admin' })), config, { method: 'GET', path: `/api/tenants/${ACME.id}/modules`, status: 200, body: EMPTY_LIST }]);
    const app = renderApp(`/${ACME.id}`);
    await screen.findByRole('heading', { name: 'Modules' });
    expect(app.location()).toBe(`/${ACME.id}/modules`);
    const sidebar = screen.getByRole('navigation', { name: 'Organization' });
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Modules', 'Media', 'Reports']);
  });

  it('answers an organization the person is not a member of with not-found', async () => {
    fakeApi([me(member()), config]);
    const app = renderApp('/globex/modules');
    await screen.findByRole('heading', { name: '404 - Not Found' });
    expect(app.location()).toBe('/not-found');
  });

  it('redirects a former pretty URL of a renamed organization to the current one (issue 14)', async () => {
    const membership = aMembership({ tenant: ACME, role: 'user' });
    fakeApi([
      me(aUser({ memberships: [membership] })),
      config,
      { method: 'GET', path: '/api/tenants/acme-old/my-membership', status: 200, body: { data: membership } },
      // The modules page's list is asked for by the address's organization (its loader prefetches it).
      { method: 'GET', path: `/api/tenants/${ACME.slug}/modules`, status: 200, body: EMPTY_LIST },
    ]);
    const app = renderApp('/acme-old/modules?page=2');
    await screen.findByRole('heading', { name: 'Modules' });
    expect(app.location()).toBe('/acme-training/modules?page=2');
  });

  it('loads the organization from the server for the owner, and answers an unknown one with not-found', async () => {
    const owner = aUser({ is_owner: true, email: 'owner@example.com' });
    const tenant = {
      ...ACME,
      groups_count: 0,
      modules_count: 0,
      members_count: 3,
      is_deleted: false,
      deleted_at: null,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      abilities: { update: true, archive: true, restore: false },
    };
    const api = fakeApi([
      me(owner),
      config,
      { method: 'GET', path: '/api/tenants/acme-training', status: 200, body: { data: tenant } },
      { method: 'GET', path: '/api/tenants/globex', status: 404, body: { message: 'Not found.', code: 'not_found' } },
    ]);
    renderApp('/acme-training/admin/modules');
    await screen.findByRole('heading', { name: 'Modules' });
    expect(within(screen.getByRole('navigation', { name: 'Organization' })).getAllByRole('link')).toHaveLength(8);
    expect(api.requests.some((request) => request.path === '/api/tenants/acme-training')).toBe(true);

    const app = renderApp('/globex/admin/modules');
    await screen.findByRole('heading', { name: '404 - Not Found' });
    expect(app.location()).toBe('/not-found');
  });

  it('sends an admin away from the people screens of masters', async () => {
    fakeApi([me(member({ role: 'admin' })), config]);
    const app = renderApp('/acme-training/admin/members');
    await screen.findByRole('heading', { name: '403 - Forbidden' });
    expect(app.location()).toBe('/forbidden');
  });

  it('shows the narrow-screen notice instead of admin pages below 576 px', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: query.includes('575.98px'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
    fakeApi([me(member({ role: 'master' })), config]);
    renderApp('/acme-training/admin/modules');
    await screen.findByText(NARROW_SCREEN_NOTICE);
    expect(screen.queryByRole('heading', { name: 'Modules' })).toBeNull();
    vi.mocked(window.matchMedia).mockRestore();
  });

  it('shows the same notice on the owner pages', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: query.includes('575.98px'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
    const api = fakeApi([me(aUser({ is_owner: true })), config]);
    renderApp('/users');
    await screen.findByText(NARROW_SCREEN_NOTICE);
    expect(screen.queryByRole('heading', { name: 'User Management' })).toBeNull();
    expect(api.requests.map((request) => request.path)).not.toContain('/api/users');
    vi.mocked(window.matchMedia).mockRestore();
  });
});

describe('the access modals', () => {
  it('blocks a suspended membership with Membership Suspended', async () => {
    fakeApi([me(member({ is_active: false })), config]);
    renderApp('/acme-training/modules');
    const dialog = await screen.findByRole('alertdialog', { name: 'Membership Suspended' });
    expect(within(dialog).getByText('Your membership with this organization has been suspended.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Modules', level: 1 })).toBeNull();
  });

  it('blocks an unconfirmed email with Email Confirmation Required', async () => {
    fakeApi([me(member({}, { is_confirmed: false })), config]);
    renderApp('/acme-training/modules');
    const dialog = await screen.findByRole('alertdialog', { name: 'Email Confirmation Required' });
    expect(within(dialog).getByText('You must confirm your email before accessing this organization')).toBeTruthy();
  });

  it('shows Membership Suspended when the API answers 403 membership_suspended on a page', async () => {
    const api = fakeApi([
      me(member({ role: 'master' }), true),
      me(member({ role: 'master', is_active: false })),
      config,
      {
        method: 'GET',
        path: '/api/tenants/acme-training-id/tenant-users',
        status: 403,
        body: { message: 'Your membership with this organization has been suspended.', code: 'membership_suspended' },
      },
    ]);
    const app = renderApp('/acme-training/admin/members');
    await screen.findByRole('alertdialog', { name: 'Membership Suspended' });
    expect(app.location()).toBe('/acme-training/admin/members');
    expect(api.requests.filter((request) => request.path === '/api/users/me')).toHaveLength(2);
  });

  it('leaves for home with GO TO HOME PAGE', async () => {
    fakeApi([me(member({ is_active: false })), config]);
    const app = renderApp('/acme-training/modules');
    const dialog = await screen.findByRole('alertdialog', { name: 'Membership Suspended' });
    within(dialog).getByRole('button', { name: 'GO TO HOME PAGE' }).click();
    await screen.findByRole('heading', { name: 'Home' });
    expect(app.location()).toBe('/');
  });

  it('does not block the owner', async () => {
    const owner = aUser({ is_owner: true, is_confirmed: false });
    const tenant = {
      ...ACME,
      groups_count: 0,
      modules_count: 0,
      members_count: 0,
      is_deleted: false,
      deleted_at: null,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      abilities: { update: true, archive: true, restore: false },
    };
    fakeApi([
      me(owner),
      config,
      { method: 'GET', path: '/api/tenants/acme-training', status: 200, body: { data: tenant } },
      { method: 'GET', path: '/api/tenants/acme-training-id/tenant-users', status: 200, body: EMPTY_LIST },
    ]);
    renderApp('/acme-training/admin/members');
    await screen.findByText('No members found...');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
