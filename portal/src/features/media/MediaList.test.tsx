import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { downloadUrl, type Media } from './mediaCalls';

const ACME = aTenant('Acme Training');
const MEDIA_PATH = `/api/tenants/${ACME.id}/media`;

function aMedia(id: string, name: string, type: Media['type'], mime_type: Media['mime_type'], size: number): Media {
  return {
    id,
    name,
    type,
    mime_type,
    size,
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
    url: `/api/files/${ACME.id}/${id}/original?expires=1&signature=abc`,
    thumbnail: null,
    width: null,
    height: null,
    modules: [],
    items_count: 0,
    abilities: { update: true, delete: true },
  };
}

const ROWS = [aMedia('m-song', 'Safety song', 'audio', 'audio/mpeg', 2_400_000), aMedia('m-sheet', 'Safety sheet', 'pdf', 'application/pdf', 900_000)];
const page = (data: Media[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'created', desc: false, search: null },
});

function asAdmin() {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'admin', tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    { method: 'GET', path: `/api/tenants/${ACME.id}/modules`, status: 200, body: page([]) },
    { method: 'GET', path: MEDIA_PATH, status: 200, body: page(ROWS), once: true },
    { method: 'GET', path: MEDIA_PATH, status: 200, body: page([ROWS[1]]) },
    { method: 'GET', path: `${MEDIA_PATH}/m-song`, status: 200, body: { data: { ...ROWS[0], items_count: 3 } } },
    { method: 'DELETE', path: `${MEDIA_PATH}/m-song`, status: 204 },
  ]);
}

function mediaQueries(api: ReturnType<typeof fakeApi>) {
  return api.fetch.mock.calls
    .map(([input]) => new URL((input as Request).url))
    .filter((url) => url.pathname === MEDIA_PATH)
    .map((url) => url.searchParams);
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('Admin Media', () => {
  it('lists name, type, created date and base-10 size, with settings, download and delete', async () => {
    asAdmin();
    renderApp('/acme-training/admin/media');
    const row = (await screen.findByText('Safety song')).closest('[role="row"]') as HTMLElement;
    expect(row.textContent).toMatch(/Safety song.*Audio.*Mar 01 26.*2 MB/);
    expect(within(row).getByRole('link', { name: 'Settings of Safety song' }).getAttribute('href')).toBe('/acme-training/admin/media/m-song/edit');
    expect(within(row).getByRole('button', { name: 'Download Safety song' })).toBeTruthy();
    expect((screen.getByText('Safety sheet').closest('[role="row"]') as HTMLElement).textContent).toContain('900 KB');
  });

  it('filters by type with the spec options', async () => {
    const api = asAdmin();
    renderApp('/acme-training/admin/media');
    await screen.findByText('Safety song');
    fireEvent.click(screen.getByRole('button', { name: /All Types/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All Types', 'images', 'videos', 'pdfs', 'audio files']);
    fireEvent.click(screen.getByRole('option', { name: 'pdfs' }));
    await waitFor(() => expect(screen.queryByText('Safety song')).toBeNull());
    const queries = mediaQueries(api);
    expect(queries[0].get('type')).toBeNull();
    expect(queries.at(-1)?.get('type')).toBe('pdf');
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it('plays an audio file in the viewer', async () => {
    asAdmin();
    renderApp('/acme-training/admin/media');
    fireEvent.click(await screen.findByText('Safety song'));
    const viewer = await screen.findByRole('dialog', { name: 'Safety song' });
    const audio = viewer.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe(ROWS[0].url);
    expect(audio?.hasAttribute('controls')).toBe(true);
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists newest first, as the picker does (issue 14)', async () => {
    const api = asAdmin();
    renderApp('/acme-training/admin/media');
    await screen.findByText('Safety song');
    expect(mediaQueries(api)[0].get('order')).toBe('created');
    expect(mediaQueries(api)[0].get('desc')).toBe('true');
  });

  it('deletes a file after the confirmation, saying how many items use it (issue 14)', async () => {
    const api = asAdmin();
    renderApp('/acme-training/admin/media');
    await screen.findByText('Safety song');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Safety song' }));
    const question = await screen.findByRole('alertdialog', { name: /^Delete “.+”\?$/ });
    expect(question.textContent).toContain('This will permanently delete this item. Are you sure you want to continue?');
    expect(question.textContent).toContain('3 items use this file; they will be left without it.');
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(screen.queryByText('Safety song')).toBeNull());
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`${MEDIA_PATH}/m-song`]);
  });

  it('downloads through the signed URL with download=1', () => {
    expect(downloadUrl('/api/files/t/m/original?expires=1&signature=abc')).toBe('/api/files/t/m/original?expires=1&signature=abc&download=1');
    expect(downloadUrl('https://cdn.example.com/f?sig=1')).toBe('https://cdn.example.com/f?sig=1&download=1');
  });
});
