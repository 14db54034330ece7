import type { Module } from '@tessera/sdk';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../state/session';
import { fakeApi } from '../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { tokenStore } from './client';

// The portal's one way to fetch (ARCHITECTURE.md#portal), as a person sees it: a read's failure with Retry, a list
// that shows what a write changed, and a route loader's read that the page does not send again.

const ACME = aTenant('Acme Training');
const T = `/api/tenants/${ACME.id}`;
const STAMPS = { created_at: '2026-02-01T09:00:00Z', updated_at: '2026-02-02T09:00:00Z', deleted_at: null, is_deleted: false };
const ABILITIES = { update: true, archive: true, restore: false };

function aModule(id: string, name: string): Module {
  return { id, name, description: `${name} basics`, is_active: true, order: 0, main_image: null, is_hidden: false, abilities: ABILITIES, ...STAMPS };
}

const page = <R,>(data: R[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'order', desc: false, search: null },
});

const session = (role: 'user' | 'admin') => [
  { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role, tenant: ACME })] }) } },
  { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
];

const SAFETY = aModule('m-safety', 'Safety');
const LADDERS = aModule('m-ladders', 'Ladder work');

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('the portal reads through one cache', () => {
  it('shows a read that failed (and was not routed) with Retry, which reads again', async () => {
    const report = {
      modules: { active: 1, inactive: 0, archived: 0 },
      components: { active: 0, inactive: 0, archived: 0 },
      topics: { active: 0, inactive: 0, archived: 0 },
      tenant_users: { master: 0, admin: 1, user: 0, archived: 0 },
      media: { image: 0, video: 0, pdf: 0, audio: 0, total: 0, total_size: 0 },
    };
    const api = fakeApi([
      ...session('admin'),
      // 429 is no global route's: the page shows it.
      { method: 'GET', path: `${T}/reports/snapshot`, status: 429, body: { message: 'Too many requests.', code: 'rate_limited' }, once: true },
      { method: 'GET', path: `${T}/reports/snapshot`, status: 200, body: { data: report } },
    ]);
    renderApp('/acme-training/admin/reports');
    expect(await screen.findByText('Too many requests.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: 'Modules' })).toBeTruthy();
    expect(screen.queryByText('Too many requests.')).toBeNull();
    expect(api.requests.filter((request) => request.path === `${T}/reports/snapshot`)).toHaveLength(2);
  });

  it('shows the new row in a list after a create, without a reload (the save invalidates the list)', async () => {
    const api = fakeApi([
      ...session('admin'),
      { method: 'GET', path: `${T}/modules`, status: 200, body: page([SAFETY]), once: true },
      { method: 'GET', path: `${T}/modules`, status: 200, body: page([SAFETY, LADDERS]) },
      { method: 'GET', path: `${T}/media`, status: 200, body: page([]) },
      { method: 'POST', path: `${T}/modules`, status: 201, body: { data: { ...LADDERS, media: [], groups: [], members: [] } } },
    ]);
    renderApp('/acme-training/admin/modules');
    const table = await screen.findByRole('grid', { name: 'Modules' });
    expect(await within(table).findByText('Safety')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Add' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Ladder work' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Ladder work basics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Module Created!')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(await within(await screen.findByRole('grid', { name: 'Modules' })).findByText('Ladder work')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'GET' && request.path === `${T}/modules`)).toHaveLength(2);
  });

  it("sends the modules page's first page once: the route's loader reads it into the cache, the list reads it there", async () => {
    const api = fakeApi([...session('user'), { method: 'GET', path: '/api/tenants/acme-training/modules', status: 200, body: page([SAFETY]) }]);
    renderApp('/acme-training/modules');
    expect(await screen.findByRole('link', { name: /Safety/ })).toBeTruthy();
    // The loader asked before the page rendered; the page's list took that answer.
    expect(api.requests.filter((request) => request.path.endsWith('/modules'))).toHaveLength(1);
  });
});
