import type { SsoDomain, Tenant } from '@tessera/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aUser, sessionRoutes, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const ACME: Tenant = {
  id: 'acme-training-id',
  name: 'Acme Training',
  slug: 'acme-training',
  enable_bioreq: false,
  enable_embed_jit: true,
  groups_count: 2,
  modules_count: 1,
  members_count: 5,
  is_deleted: false,
  deleted_at: null,
  created_at: '2026-03-04T10:15:00Z',
  updated_at: '2026-03-04T10:15:00Z',
  abilities: { update: true, archive: true, restore: false },
};

function aClaim(domain: string, overrides: Partial<SsoDomain> = {}): SsoDomain {
  return {
    domain,
    status: 'pending',
    tenant: { id: ACME.id, name: ACME.name, slug: ACME.slug },
    connection_name: 'Acme Entra ID',
    protocol: 'oidc',
    requested_at: '2026-03-05T08:00:00Z',
    decided_at: null,
    ...overrides,
  };
}

const PENDING = aClaim('acme.example');

const listOf = <T,>(data: T[], order = 'requested') => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 100, total: data.length, order, desc: false, search: null },
});

const asOwner = (routes: (FakeRoute & { once?: boolean })[]) => fakeApi([...sessionRoutes(aUser({ is_owner: true })), ...routes]);

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('Single sign-on domains (the platform owner)', () => {
  it('the organizations list says which claims wait, linking to the organization’s screen', async () => {
    asOwner([
      { method: 'GET', path: '/api/tenants', status: 200, body: listOf([ACME], 'created') },
      { method: 'GET', path: '/api/sso-domains', query: { status: 'pending' }, status: 200, body: listOf([PENDING]) },
    ]);
    renderApp('/organizations');
    const link = await screen.findByRole('link', { name: 'acme.example, claimed by Acme Training' });
    expect(link.getAttribute('href')).toBe('/organizations/acme-training/edit');
    expect(screen.getByText('A single sign-on domain awaits your approval:')).toBeTruthy();
  });

  it('shows nothing on the list while no claim waits', async () => {
    const api = asOwner([
      { method: 'GET', path: '/api/tenants', status: 200, body: listOf([ACME], 'created') },
      { method: 'GET', path: '/api/sso-domains', status: 200, body: listOf([]) },
    ]);
    renderApp('/organizations');
    await screen.findByRole('row', { name: /Acme Training/ });
    await waitFor(() => expect(api.requests.some((request) => request.path === '/api/sso-domains')).toBe(true));
    expect(screen.queryByText(/await your approval/)).toBeNull();
  });

  it('approves a pending claim on the organization’s screen, which asks for its own claims', async () => {
    const api = asOwner([
      { method: 'GET', path: `/api/tenants/${ACME.slug}`, status: 200, body: { data: ACME } },
      { method: 'GET', path: '/api/sso-domains', status: 200, body: listOf([PENDING]), once: true },
      { method: 'POST', path: '/api/sso-domains/acme.example/approve', status: 200, body: { data: { ...PENDING, status: 'approved' } } },
      { method: 'GET', path: '/api/sso-domains', status: 200, body: listOf([{ ...PENDING, status: 'approved', decided_at: '2026-03-06T08:00:00Z' }]) },
    ]);
    renderApp('/organizations/acme-training/edit');
    const table = await screen.findByRole('grid', { name: 'Single sign-on domains' });
    const row = await within(table).findByRole('row', { name: /acme\.example/ });
    expect(row.textContent).toContain('Pending approval');
    expect(row.textContent).toContain('Acme Entra ID (OpenID Connect (OIDC))');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve acme.example' }));
    await waitFor(() => expect(within(table).getByRole('row', { name: /acme\.example/ }).textContent).toContain('Approved'));
    expect(within(table).queryByRole('button', { name: 'Approve acme.example' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Reject acme.example' })).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/api/sso-domains/acme.example/approve']);
    const searches = api.fetch.mock.calls
      .map(([input]) => new URL((input as Request).url))
      .filter((url) => url.pathname === '/api/sso-domains')
      .map((url) => url.searchParams.get('tenant'));
    expect(searches[0]).toBe(ACME.id);
  });
});
