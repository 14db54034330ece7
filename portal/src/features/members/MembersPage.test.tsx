import type { TenantUser } from '@tessera/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const ACME = aTenant('Acme Training');
const MEMBERS_PATH = `/api/tenants/${ACME.id}/tenant-users`;

function aMember(id: string, name: string, overrides: Partial<TenantUser> = {}): TenantUser {
  return {
    id,
    role: 'user',
    status: 'active',
    is_active: true,
    is_deleted: false,
    deleted_at: null,
    created_at: '2026-02-01T09:00:00Z',
    joined: '2026-02-01T09:00:00Z',
    user: { id: `${id}-user`, name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, is_active: true, is_confirmed: true },
    groups_count: 2,
    modules_count: 1,
    abilities: { update: true, archive: true, restore: false },
    ...overrides,
  };
}

const page = (data: TenantUser[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'user', desc: false, search: null },
});

const MEMBERS = [
  aMember('m-ann', 'Ann Able', { user: { id: 'u-ann', name: 'Ann Able', email: 'ann@example.com', is_active: false, is_confirmed: false } }),
  aMember('m-ben', 'Ben Bold', { role: 'admin' }),
  aMember('m-cy', 'Cy Cole'),
];

function asMaster() {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'master', tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    { method: 'GET', path: MEMBERS_PATH, status: 200, body: page(MEMBERS), once: true },
    { method: 'GET', path: MEMBERS_PATH, status: 200, body: page([MEMBERS[1]]) },
    { method: 'DELETE', path: `${MEMBERS_PATH}/m-ann`, status: 200, body: { data: MEMBERS[0] } },
    { method: 'DELETE', path: `${MEMBERS_PATH}/m-cy`, status: 200, body: { data: MEMBERS[2] } },
  ]);
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Members', () => {
  it('lists members with their badges, role, status, joined date and relations', async () => {
    asMaster();
    renderApp('/acme-training/admin/members');
    const ann = (await screen.findByText('Ann Able')).closest('[role="row"]') as HTMLElement;
    expect(ann.textContent).toMatch(/Ann Able.*ann@example\.com.*Account Locked.*Not Confirmed.*User.*Active.*Feb 01 26.*1 module, 2 groups/);
    expect(within(ann).getByRole('link', { name: 'Edit Ann Able' }).getAttribute('href')).toBe('/acme-training/admin/members/m-ann/edit');
    expect(screen.getByRole('searchbox', { name: 'Search by name or email' })).toBeTruthy();
  });

  it('selects rows by clicking them in select mode, and removes the selected members', async () => {
    const api = asMaster();
    renderApp('/acme-training/admin/members');
    await screen.findByText('Ann Able');
    expect(screen.queryByRole('button', { name: 'Remove All' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    const removeAll = screen.getByRole('button', { name: 'Remove All' });
    expect(removeAll.hasAttribute('disabled') || removeAll.getAttribute('aria-disabled') === 'true' || removeAll.hasAttribute('data-disabled')).toBe(true);
    fireEvent.click(screen.getByText('Ann Able'));
    fireEvent.click(screen.getByText('Cy Cole'));
    expect(screen.getAllByRole('row', { selected: true })).toHaveLength(2);

    // A question first, naming how many; Cancel (or Escape) removes nobody.
    fireEvent.click(screen.getByRole('button', { name: 'Remove All' }));
    const question = await screen.findByRole('alertdialog', { name: 'Remove 2 members?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove All' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Remove 2 members?' })).getByRole('button', { name: 'Remove All' }));
    await waitFor(() => expect(screen.queryByText('Ann Able')).toBeNull());
    // Announced once for the batch, in the toast region screen readers read.
    expect(within(await screen.findByRole('region', { name: /Notifications/ })).getByText('2 members archived')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      `${MEMBERS_PATH}/m-ann`,
      `${MEMBERS_PATH}/m-cy`,
    ]);
    expect(screen.getByText('Ben Bold')).toBeTruthy();
  });

  it('downloads the tab as CSV with the search and sort shown, every member rather than the page', async () => {
    const api = fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'master', tenant: ACME })] }) } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      {
        method: 'GET',
        path: MEMBERS_PATH,
        query: { format: 'csv' },
        status: 200,
        text: { body: '\uFEFFMember ID,Name\r\nm-ann,Ann Able\r\n', headers: { 'Content-Type': 'text/csv; charset=utf-8' } },
      },
      { method: 'GET', path: MEMBERS_PATH, status: 200, body: page([MEMBERS[0]]) },
    ]);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:members');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp('/acme-training/admin/members?tab=archived&search=ann&order=joined&desc=true&page=2');
    await screen.findByText('Ann Able');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    // No file name from the server: the page's own.
    await waitFor(() => expect(names).toEqual(['members.csv']));
    const sent = api.fetch.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .find((url) => url.searchParams.get('format') === 'csv');
    expect(sent?.pathname).toBe(MEMBERS_PATH);
    expect(Object.fromEntries(sent?.searchParams.entries() ?? [])).toEqual({ format: 'csv', archived: 'true', search: 'ann', order: 'joined', desc: 'true' });
  });
});
