import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import type { Media } from './mediaCalls';

const ACME = aTenant('Acme Training');
const SHEET_PATH = `/api/tenants/${ACME.id}/media/m-sheet`;
// The route loads the record by the organization in the address (its pretty-URL name).
const SHEET_ROUTE_PATH = `/api/tenants/${ACME.slug}/media/m-sheet`;

const SHEET: Media = {
  id: 'm-sheet',
  name: 'Safety sheet',
  type: 'pdf',
  mime_type: 'application/pdf',
  size: 90_000,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  url: '/api/files/acme/m-sheet/original?signature=x',
  thumbnail: null,
  width: null,
  height: null,
  modules: [{ id: 'mod-1', name: 'Site safety' }],
  items_count: 2,
  abilities: { update: true, delete: true },
};

function asAdmin() {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'admin', tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    {
      method: 'GET',
      path: `/api/tenants/${ACME.id}/modules`,
      status: 200,
      body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } },
    },
    { method: 'GET', path: SHEET_ROUTE_PATH, status: 200, body: { data: SHEET } },
    { method: 'POST', path: SHEET_PATH, status: 200, body: { data: { ...SHEET, name: 'Safety sheet 2026', size: 120_000 } } },
  ]);
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('Media edit', () => {
  it('shows the type read-only, the current pdf opening in a new window, and the tagged modules', async () => {
    asAdmin();
    renderApp('/acme-training/admin/media/m-sheet/edit');
    const type = (await screen.findByRole('textbox', { name: 'Type' })) as HTMLInputElement;
    expect(type.value).toBe('PDF');
    expect(type.readOnly).toBe(true);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('MediaEdit');
    const current = screen.getByRole('link', { name: 'Open Safety sheet in a new window' });
    expect([current.getAttribute('href'), current.getAttribute('target'), current.textContent]).toEqual([SHEET.url, '_blank', 'PDF']);
    expect(screen.getByLabelText('Replace File').getAttribute('accept')).toBe('application/pdf');
    expect(screen.getByRole('row', { name: 'Site safety' })).toBeTruthy();
  });

  it('renames and replaces the file in one multipart update, leaving unchanged modules alone', async () => {
    const api = asAdmin();
    renderApp('/acme-training/admin/media/m-sheet/edit');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Safety sheet 2026' } });
    const input = screen.getByLabelText('Replace File') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File([new Uint8Array(120_000)], 'sheet-2026.pdf', { type: 'application/pdf' })] });
    fireEvent.change(input);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Media Updated!')).toBeTruthy();
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.path)).toEqual([SHEET_PATH]);
    expect(String(posts[0].body)).toMatch(/name="name"\r\n\r\nSafety sheet 2026\r\n/);
    expect(String(posts[0].body)).toMatch(/name="file"; filename="sheet-2026.pdf"/);
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Safety sheet 2026'));
  });

  it('refuses a replacement of the wrong type before sending it', async () => {
    const api = asAdmin();
    renderApp('/acme-training/admin/media/m-sheet/edit');
    const input = (await screen.findByLabelText('Replace File')) as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] });
    fireEvent.change(input);
    expect(await screen.findByText('The pdf must be a file of type: application/pdf.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('data-disabled')).toBe(true);
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });
});
