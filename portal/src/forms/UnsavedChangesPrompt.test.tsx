import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../api/client';
import { useSession } from '../state/session';
import { fakeApi } from '../test/fakeApi';
import { aUser, CONFIG, TOKENS } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { UNSAVED_CHANGES_TEXT } from './UnsavedChangesPrompt';

const TENANT = {
  id: 'acme-id',
  name: 'Acme Training',
  slug: 'acme-training',
  enable_bioreq: false,
  groups_count: 0,
  modules_count: 0,
  members_count: 3,
  is_deleted: false,
  deleted_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { update: true, archive: true, restore: false },
};
const LIST = { data: [TENANT], meta: { current_page: 1, last_page: 1, per_page: 25, total: 1, order: 'created', desc: false, search: null } };

function ownerEditing() {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ is_owner: true }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    { method: 'GET', path: '/api/tenants/acme-training', status: 200, body: { data: TENANT } },
    { method: 'PATCH', path: '/api/tenants/acme-id', status: 200, body: { data: { ...TENANT, name: 'Acme Academy' } } },
    { method: 'GET', path: '/api/tenants', status: 200, body: LIST },
  ]);
}

/** The breadcrumb's link back to the list (the owner sidebar has one too). */
const backLink = () => within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Organizations' });

function beforeUnloadIsStopped(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('the unsaved-changes prompt', () => {
  it('lets a person leave an unchanged edit screen without asking', async () => {
    ownerEditing();
    const app = renderApp('/organizations/acme-training/edit');
    await screen.findByRole('heading', { name: 'Edit Organization' });
    expect(beforeUnloadIsStopped()).toBe(false);
    fireEvent.click(backLink());
    await screen.findByRole('heading', { name: 'Organization Management' });
    expect(app.location()).toBe('/organizations');
  });

  it('asks before leaving with unsaved changes: Stay keeps the edits, Leave goes', async () => {
    ownerEditing();
    const app = renderApp('/organizations/acme-training/edit');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Acme Academy' } });
    expect(beforeUnloadIsStopped()).toBe(true);

    fireEvent.click(backLink());
    const question = await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES_TEXT });
    fireEvent.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(app.location()).toBe('/organizations/acme-training/edit');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Acme Academy');

    fireEvent.click(backLink());
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'Organization Management' });
    expect(app.location()).toBe('/organizations');
  });

  it('stops asking once the changes are saved', async () => {
    const api = ownerEditing();
    const app = renderApp('/organizations/acme-training/edit');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Acme Academy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Organization Updated!');
    expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({ name: 'Acme Academy', enable_bioreq: false });
    // The browser's prompt is let go in an effect, which React may run just after the success shows.
    await waitFor(() => expect(beforeUnloadIsStopped()).toBe(false));
    fireEvent.click(backLink());
    await screen.findByRole('heading', { name: 'Organization Management' });
    expect(app.location()).toBe('/organizations');
  });
});
