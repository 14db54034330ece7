import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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

describe('Media edit: a video’s captions', () => {
  const VIDEO_PATH = `/api/tenants/${ACME.id}/media/m-video`;
  const ENGLISH = { id: 'c-en', language: 'en', label: 'English', url: '/api/files/acme/m-video/caption-c-en?signature=x', is_default: true };
  const PORTUGUESE = { id: 'c-pt', language: 'pt-BR', label: 'Português', url: '/api/files/acme/m-video/caption-c-pt?signature=x', is_default: true };
  const VIDEO: Media = {
    ...SHEET,
    id: 'm-video',
    name: 'Lathe demonstration',
    type: 'video',
    mime_type: 'video/mp4',
    url: '/api/files/acme/m-video/file?signature=x',
    thumbnail: { url: '/api/files/acme/m-video/thumbnail?signature=x' },
    captions: [ENGLISH],
  };
  const vttFile = (text = 'WEBVTT\n\n00:00.000 --> 00:01.000\nOlá\n', name = 'pt.vtt') => new File([text], name, { type: '' });

  function asVideoAdmin(upload: { status: number; body: unknown }) {
    return fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'admin', tenant: ACME })] }) } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      {
        method: 'GET',
        path: `/api/tenants/${ACME.id}/modules`,
        status: 200,
        body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } },
      },
      { method: 'GET', path: `/api/tenants/${ACME.slug}/media/m-video`, status: 200, body: { data: VIDEO } },
      { method: 'POST', path: `${VIDEO_PATH}/captions`, ...upload },
      { method: 'DELETE', path: `${VIDEO_PATH}/captions/c-en`, status: 204, body: undefined },
    ]);
  }

  function pickCaptions(file: File) {
    const input = screen.getByLabelText('Captions File') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
  }

  it('lists the tracks and uploads a new one with its language, label and default flag', async () => {
    const api = asVideoAdmin({ status: 201, body: { data: PORTUGUESE } });
    renderApp('/acme-training/admin/media/m-video/edit');
    const section = await screen.findByRole('region', { name: 'Captions' });
    const tracks = within(section).getByRole('list', { name: 'Captions tracks' });
    expect(
      within(tracks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['English (en)DefaultDelete']);
    expect(within(section).getByLabelText('Captions File').getAttribute('accept')).toBe('.vtt,text/vtt');

    pickCaptions(vttFile());
    fireEvent.change(within(section).getByRole('textbox', { name: 'Language' }), { target: { value: 'pt-BR' } });
    fireEvent.change(within(section).getByRole('textbox', { name: 'Label' }), { target: { value: 'Português' } });
    fireEvent.click(within(section).getByRole('checkbox', { name: 'Show by default' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Upload Captions' }));
    expect(await within(section).findByText('Captions Uploaded!')).toBeTruthy();

    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe(`${VIDEO_PATH}/captions`);
    const body = String(post?.body);
    expect(body).toMatch(/name="file"; filename="pt.vtt"/);
    expect(body).toMatch(/name="language"\r\n\r\npt-BR\r\n/);
    expect(body).toMatch(/name="label"\r\n\r\nPortuguês\r\n/);
    expect(body).toMatch(/name="is_default"\r\n\r\n1\r\n/);
    // The new default takes the flag; the list stays by language.
    expect(
      within(tracks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['English (en)Delete', 'Português (pt-BR)DefaultDelete']);
  });

  it('refuses a file that is not WebVTT and a bad language tag before sending anything', async () => {
    const api = asVideoAdmin({ status: 201, body: { data: PORTUGUESE } });
    renderApp('/acme-training/admin/media/m-video/edit');
    const section = await screen.findByRole('region', { name: 'Captions' });
    pickCaptions(vttFile('1\n00:00:00,000 --> 00:00:01,000\nHello\n', 'captions.vtt'));
    const problem = await within(section).findByText('The captions file must be a WebVTT file (its text starts with WEBVTT).');
    expect(within(section).getByLabelText('Captions File').getAttribute('aria-describedby')).toBe(problem.parentElement?.id);

    pickCaptions(vttFile());
    await waitFor(() => expect(within(section).queryByText('The captions file must be a WebVTT file (its text starts with WEBVTT).')).toBeNull());
    fireEvent.change(within(section).getByRole('textbox', { name: 'Language' }), { target: { value: 'english please' } });
    fireEvent.change(within(section).getByRole('textbox', { name: 'Label' }), { target: { value: 'English' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Upload Captions' }));
    expect(await within(section).findByText('The language must be a language tag such as en or pt-BR.')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('shows the server’s 422 under its field', async () => {
    asVideoAdmin({
      status: 422,
      body: { message: 'The given data was invalid.', code: 'validation_failed', errors: { language: ['This video already has captions in this language.'] } },
    });
    renderApp('/acme-training/admin/media/m-video/edit');
    const section = await screen.findByRole('region', { name: 'Captions' });
    pickCaptions(vttFile());
    fireEvent.change(within(section).getByRole('textbox', { name: 'Language' }), { target: { value: 'en' } });
    fireEvent.change(within(section).getByRole('textbox', { name: 'Label' }), { target: { value: 'English again' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Upload Captions' }));
    expect(await within(section).findByText('This video already has captions in this language.')).toBeTruthy();
    expect(within(section).getByRole('textbox', { name: 'Language' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('deletes a track after the question, and not on No, Cancel', async () => {
    const api = asVideoAdmin({ status: 201, body: { data: PORTUGUESE } });
    renderApp('/acme-training/admin/media/m-video/edit');
    const section = await screen.findByRole('region', { name: 'Captions' });
    fireEvent.click(within(section).getByRole('button', { name: 'Delete captions English (en)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'No, Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(within(section).getByRole('button', { name: 'Delete captions English (en)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, Delete' }));
    expect(await within(section).findByText('This video has no captions yet.')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`${VIDEO_PATH}/captions/c-en`]);
  });

  it('offers no captions on other kinds of media', async () => {
    asAdmin();
    renderApp('/acme-training/admin/media/m-sheet/edit');
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('region', { name: 'Captions' })).toBeNull();
  });
});
