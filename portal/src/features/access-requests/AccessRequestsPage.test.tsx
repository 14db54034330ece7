import type { TenantAccessRequest } from '@tessera/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const ACME = aTenant('Acme Training');
const REQUESTS_PATH = `/api/tenants/${ACME.id}/access-requests`;

function aRequest(id: string, status: TenantAccessRequest['status'], abilities: TenantAccessRequest['abilities']): TenantAccessRequest {
  return {
    id,
    status,
    is_deleted: false,
    deleted_at: null,
    created_at: '2026-04-02T08:05:00Z',
    updated_at: '2026-04-02T08:05:00Z',
    user: { id: `${id}-user`, name: 'Rita Requester', email: 'rita@example.com', is_active: true, is_confirmed: true },
    abilities,
  };
}

const listOf = (data: TenantAccessRequest[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'requested', desc: false, search: null },
});

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('Access Requests', () => {
  it('offers the transitions of the request and approves it', async () => {
    const pending = aRequest('r1', 'pending', { approve: true, decline: true, archive: true, restore: false });
    const api = fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'master', tenant: ACME })] }) } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      { method: 'GET', path: REQUESTS_PATH, status: 200, body: listOf([pending]), once: true },
      { method: 'GET', path: REQUESTS_PATH, status: 200, body: listOf([]) },
      { method: 'PATCH', path: `${REQUESTS_PATH}/r1`, status: 200, body: { data: { ...pending, status: 'approved' } } },
    ]);
    renderApp('/acme-training/admin/access-requests');
    const row = (await screen.findByText('Rita Requester')).closest('[role="row"]') as HTMLElement;
    expect(row.textContent).toMatch(/Rita Requester.*rita@example\.com.*Pending.*Apr 02 26/);
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Approve', 'Decline', 'Archive']);

    fireEvent.click(within(row).getByRole('button', { name: 'Approve Rita Requester' }));
    await screen.findByText('No access requests found...');
    expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({ status: 'approved' });
    const listCalls = api.requests.filter((request) => request.path === REQUESTS_PATH);
    expect(listCalls).toHaveLength(2);
  });

  it("shows the server's reason when a transition is refused", async () => {
    const declined = aRequest('r2', 'declined', { approve: true, decline: false, archive: true, restore: false });
    fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'master', tenant: ACME })] }) } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      { method: 'GET', path: REQUESTS_PATH, status: 200, body: listOf([declined]) },
      {
        method: 'DELETE',
        path: `${REQUESTS_PATH}/r2`,
        status: 422,
        body: { message: 'Invalid', code: 'validation_failed', errors: { is_deleted: ['This request is approved and cannot be archived.'] } },
      },
    ]);
    renderApp('/acme-training/admin/access-requests');
    fireEvent.click(await screen.findByRole('tab', { name: 'Declined' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Rita Requester' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This request is approved and cannot be archived.'));
  });
});
