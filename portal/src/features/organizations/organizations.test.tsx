import type { Tenant } from '@tessera/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aUser, sessionRoutes, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

function aTenantRecord(name: string, overrides: Partial<Tenant> = {}): Tenant {
  const slug = name.toLowerCase().replace(/ /g, '-');
  return {
    id: `${slug}-id`,
    name,
    slug,
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
    ...overrides,
  };
}

const listOf = (data: Tenant[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'created', desc: false, search: null },
});

const asOwner = (routes: (FakeRoute & { once?: boolean })[]) => fakeApi([...sessionRoutes(aUser({ is_owner: true })), ...routes]);

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('Organization Management', () => {
  it('creates an organization with bioreq on and shows Organization Created!', async () => {
    const created = aTenantRecord('Globex', { enable_bioreq: true });
    const api = asOwner([
      { method: 'GET', path: '/api/tenants', status: 200, body: listOf([]) },
      { method: 'POST', path: '/api/tenants', status: 201, body: { data: created } },
    ]);
    renderApp('/organizations');
    await screen.findByText('No organizations found...');
    fireEvent.click(screen.getByRole('tab', { name: 'Add' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Globex' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Enable Bioreq' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Organization Created!');
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ name: 'Globex', enable_bioreq: true });
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '');
  });

  it('shows the organization name rule under the field before sending', async () => {
    const api = asOwner([{ method: 'GET', path: '/api/tenants', status: 200, body: listOf([]) }]);
    renderApp('/organizations');
    fireEvent.click(await screen.findByRole('tab', { name: 'Add' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme <Training>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('The name field may contain alpha-numeric characters as well as dashes, underscores, ampersands, and spaces.');
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('opens a live organization on row click; archived rows offer restore only', async () => {
    const archived = aTenantRecord('Initech', { is_deleted: true, abilities: { update: false, archive: false, restore: true } });
    asOwner([
      { method: 'GET', path: '/api/tenants', status: 200, body: listOf([aTenantRecord('Acme Training')]), once: true },
      { method: 'GET', path: '/api/tenants', status: 200, body: listOf([archived]), once: true },
      { method: 'GET', path: '/api/tenants', status: 200, body: listOf([aTenantRecord('Acme Training')]) },
      { method: 'GET', path: '/api/tenants/acme-training', status: 200, body: { data: aTenantRecord('Acme Training') } },
      // The admin modules list the row click opens.
      { method: 'GET', path: `/api/tenants/${aTenantRecord('Acme Training').id}/modules`, status: 200, body: listOf([]) },
    ]);
    const app = renderApp('/organizations');
    const row = (await screen.findByText('Acme Training')).closest('[role="row"]') as HTMLElement;
    // Name, Modules, Groups, Members, Created.
    expect([...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map((cell) => cell.textContent).slice(0, 5)).toEqual([
      'Acme Training',
      '1',
      '2',
      '5',
      'Mar 04 26 10:15 am',
    ]);
    expect(within(row).getByRole('link', { name: 'Edit Acme Training' }).getAttribute('href')).toBe('/organizations/acme-training/edit');

    fireEvent.click(screen.getByRole('tab', { name: 'Archived' }));
    const archivedRow = (await screen.findByText('Initech')).closest('[role="row"]') as HTMLElement;
    expect(
      within(archivedRow)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Restore']);
    expect(within(archivedRow).queryByRole('link')).toBeNull();
    fireEvent.click(within(archivedRow).getByText('Initech'));
    expect(app.location()).toBe('/organizations?tab=archived');

    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    fireEvent.click(await screen.findByText('Acme Training'));
    await screen.findByRole('heading', { name: 'Modules' });
    expect(app.location()).toBe('/acme-training/admin/modules');
  });
});

describe('archiving an organization', () => {
  it('asks first, naming the organization; Cancel keeps it, Archive archives it and says so', async () => {
    const acme = aTenantRecord('Acme Training');
    const api = asOwner([
      { method: 'GET', path: '/api/tenants', status: 200, body: listOf([acme]) },
      { method: 'DELETE', path: `/api/tenants/${acme.id}`, status: 200, body: { data: { ...acme, is_deleted: true } } },
    ]);
    renderApp('/organizations');
    const row = (await screen.findByText('Acme Training')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Archive Acme Training' }));
    const question = await screen.findByRole('alertdialog', { name: /^Archive .+\?$/ });
    expect(question.textContent).toContain('Acme Training will be archived');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: 'Archive Acme Training' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1));
    const toasts = within(await screen.findByRole('region', { name: /Notifications/ }));
    expect(toasts.getByText('Organization archived')).toBeTruthy();
    expect(toasts.getByText('“Acme Training” is in the Archived tab, where it can be restored.')).toBeTruthy();
  });
});

describe('Edit Organization', () => {
  it('disables Confirm when there is no name and bioreq is off', async () => {
    asOwner([{ method: 'GET', path: '/api/tenants/acme-training', status: 200, body: { data: aTenantRecord('Acme Training') } }]);
    renderApp('/organizations/acme-training/edit');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: '' } });
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('switch', { name: 'Enable Bioreq' }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', false);
  });

  it('answers an unknown organization with not-found', async () => {
    asOwner([{ method: 'GET', path: '/api/tenants/globex', status: 404, body: { message: 'Not found.', code: 'not_found' } }]);
    const app = renderApp('/organizations/globex/edit');
    await screen.findByRole('heading', { name: '404 - Not Found' });
    expect(app.location()).toBe('/not-found');
  });
});
