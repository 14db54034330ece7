import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import type { IntegrationClient } from './integrationClientCalls';

const ACME = aTenant('Acme Training');
const BASE = `/api/tenants/${ACME.id}/integration-clients`;

const HR_SYNC: IntegrationClient = {
  id: 'tessera-int-0001',
  client_id: 'tessera-int-0001',
  name: 'HR sync',
  role: 'admin',
  redirect_uris: [],
  grant_types: ['client_credentials'],
  is_revoked: false,
  revoked_at: null,
  created_at: '2026-03-02T14:05:00Z',
  created_by: { id: 'u-mona', name: 'Mona Master' },
};

const page = (data: IntegrationClient[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'name', desc: false, search: null },
});

function as(role: 'admin' | 'master', routes: (FakeRoute & { once?: boolean })[]) {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role, tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    ...routes,
  ]);
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('Integration clients', () => {
  it('a master creates a client and sees its secret once, then revokes it after the question', async () => {
    const api = as('master', [
      { method: 'GET', path: `/api/tenants/${ACME.id}/tenant-users`, status: 200, body: page([]) },
      { method: 'GET', path: BASE, status: 200, body: page([]), once: true },
      { method: 'POST', path: BASE, status: 201, body: { data: { ...HR_SYNC, client_secret: 's3cr3t-shown-once' } } },
      { method: 'GET', path: BASE, status: 200, body: page([HR_SYNC]), once: true },
      { method: 'DELETE', path: `${BASE}/${HR_SYNC.id}`, status: 204 },
      { method: 'GET', path: BASE, status: 200, body: page([{ ...HR_SYNC, is_revoked: true, revoked_at: '2026-03-03T09:00:00Z' }]) },
    ]);
    renderApp('/acme-training/admin/members');
    fireEvent.click(await screen.findByRole('link', { name: 'Integration clients' }));
    expect(await screen.findByText('No integration clients found...')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'HR sync' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(((await screen.findByRole('textbox', { name: 'Client secret' })) as HTMLInputElement).value).toBe('s3cr3t-shown-once');
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'HR sync',
      role: 'user',
      redirect_uris: [],
      grant_types: ['client_credentials'],
    });
    const row = await screen.findByRole('row', { name: /HR sync/ });
    expect(within(row).getByText('Admin')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke HR sync' }));
    const question = await screen.findByRole('alertdialog', { name: 'Revoke HR sync?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'DELETE')).toBe(true));
    expect(await screen.findByText(/^Revoked /)).toBeTruthy();
  });

  it('registers an application for “Log in with Tessera”: the code grant needs a redirect URI', async () => {
    const app: IntegrationClient = {
      ...HR_SYNC,
      id: 'tessera-int-0002',
      client_id: 'tessera-int-0002',
      name: 'Partner app',
      redirect_uris: ['https://app.example.com/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
    };
    const api = as('master', [
      { method: 'GET', path: BASE, status: 200, body: page([]), once: true },
      { method: 'POST', path: BASE, status: 201, body: { data: { ...app, client_secret: 'app-secret' } } },
      { method: 'GET', path: BASE, status: 200, body: page([app]) },
    ]);
    renderApp('/acme-training/admin/integration-clients');
    expect(await screen.findByText('No integration clients found...')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Partner app' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^Client credentials/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Authorization code/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Refresh token/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    // The SDK's rule, before anything is sent.
    expect(await screen.findByText('The authorization code grant needs at least one redirect URI.')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /^Redirect URIs/ }), { target: { value: ' https://app.example.com/callback \n\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(((await screen.findByRole('textbox', { name: 'Client secret' })) as HTMLInputElement).value).toBe('app-secret');
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Partner app',
      role: 'user',
      redirect_uris: ['https://app.example.com/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
    });
    const row = await screen.findByRole('row', { name: /Partner app/ });
    expect(within(row).getByText('Authorization code, Refresh token')).toBeTruthy();
    expect(within(row).getByText('https://app.example.com/callback')).toBeTruthy();
  });

  it('an admin is sent to the forbidden page', async () => {
    as('admin', []);
    renderApp('/acme-training/admin/integration-clients');
    expect(await screen.findByRole('heading', { name: /403/ })).toBeTruthy();
  });
});
