import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@tessera/sdk/rules';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import type { Media } from './mediaCalls';
import { nameAfterPick, nameFromFileName } from './mediaFile';

const ACME = aTenant('Acme Training');
const MEDIA_PATH = `/api/tenants/${ACME.id}/media`;
const emptyPage = { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0, order: 'created', desc: false, search: null } };

const CREATED: Media = {
  id: 'media-1',
  name: 'Site plan',
  type: 'image',
  mime_type: 'image/png',
  size: 5000,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
  url: '/api/files/acme/media-1/original?signature=x',
  thumbnail: { url: '/api/files/acme/media-1/thumbnail?signature=x' },
  width: 800,
  height: 450,
  modules: [],
  items_count: 0,
  abilities: { update: true, delete: true },
};

function asAdmin() {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'admin', tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    { method: 'GET', path: MEDIA_PATH, status: 200, body: emptyPage },
    { method: 'GET', path: `/api/tenants/${ACME.id}/modules`, status: 200, body: emptyPage },
    { method: 'POST', path: MEDIA_PATH, status: 201, body: { data: CREATED } },
  ]);
}

/** A file of `size` bytes with the given type. */
function aFile(name: string, type: string, size: number, lastModified = 1) {
  return new File([new Uint8Array(size)], name, { type, lastModified });
}

/** The pixels every image decodes to in these tests (happy-dom decodes nothing). */
function imagesMeasure(width: number, height: number) {
  vi.stubGlobal('createImageBitmap', async () => ({ width, height, close() {} }));
}

function pick(label: string, file: File) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

const nameField = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;

async function openAddTab() {
  renderApp('/acme-training/admin/media');
  fireEvent.click(await screen.findByRole('tab', { name: 'Add' }));
  await screen.findByRole('heading', { name: 'Add a new file' });
}

async function chooseType(label: string) {
  fireEvent.click(screen.getByRole('button', { name: /Media Type/ }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
  imagesMeasure(1600, 900);
});

describe('the name from the file', () => {
  it('is the file name without its last extension', () => {
    expect(nameFromFileName('Site plan.v2.png')).toBe('Site plan.v2');
    expect(nameFromFileName('notes')).toBe('notes');
    expect(nameFromFileName('.profile')).toBe('.profile');
  });

  it('fills an empty name or follows a changed file, and keeps a typed name for the same file', () => {
    const plan = aFile('plan.png', 'image/png', 2000);
    expect(nameAfterPick('', null, plan)).toBe('plan');
    expect(nameAfterPick('My plan', plan, aFile('plan.png', 'image/png', 2000))).toBe('My plan');
    expect(nameAfterPick('My plan', plan, aFile('map.png', 'image/png', 2000))).toBe('map');
    expect(nameAfterPick('  ', plan, plan)).toBe('plan');
  });
});

describe('Add a new file', () => {
  it('fills the name from the picked file unless the same file is picked again', async () => {
    asAdmin();
    await openAddTab();
    const plan = aFile('Site plan.v2.png', 'image/png', 5000);
    pick('File', plan);
    await waitFor(() => expect(nameField().value).toBe('Site plan.v2'));
    fireEvent.change(nameField(), { target: { value: 'Ground floor' } });
    pick('File', plan);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Crop Image' }).hasAttribute('disabled')).toBe(false));
    expect(nameField().value).toBe('Ground floor');
    pick('File', aFile('Roof.jpg', 'image/jpeg', 5000));
    await waitFor(() => expect(nameField().value).toBe('Roof'));
  });

  it('resets the form when the media type changes, and asks a video for its thumbnail', async () => {
    asAdmin();
    await openAddTab();
    pick('File', aFile('Site plan.png', 'image/png', 5000));
    await waitFor(() => expect(nameField().value).toBe('Site plan'));
    expect(screen.getByRole('img', { name: 'The image to upload' })).toBeTruthy();
    await chooseType('Video');
    expect(nameField().value).toBe('');
    expect((screen.getByLabelText('File') as HTMLInputElement).files ?? []).toHaveLength(0);
    expect(screen.queryByRole('img', { name: 'The image to upload' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Crop Image' })).toBeNull();
    expect(screen.getByLabelText('Thumbnail').getAttribute('accept')).toBe('image/png,image/jpeg');
    expect(screen.getByLabelText('File').getAttribute('accept')).toBe('video/mp4');
  });

  it('checks type, size and dimensions before anything is sent, with the spec messages', async () => {
    const api = asAdmin();
    await openAddTab();
    pick('File', aFile('notes.txt', 'text/plain', 5000));
    expect(await screen.findByText('The image must be a file of type: image/png, image/jpeg.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('data-disabled')).toBe(true);

    pick('File', aFile('tiny.png', 'image/png', 400));
    expect(await screen.findByText('The file size is approximately 0 KB. The image must be between 1 KB and 10 MB')).toBeTruthy();

    imagesMeasure(640, 360);
    pick('File', aFile('small.png', 'image/png', 5000));
    expect(await screen.findByText('The image must be at least 800 pixels by 450 pixels.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crop Image' }).hasAttribute('disabled')).toBe(true);
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('shows every required field message at once: name, file and the video thumbnail', async () => {
    const api = asAdmin();
    await openAddTab();
    await chooseType('Video');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(messages.required('name'))).toBeTruthy();
    expect(screen.getByText(messages.required('file'))).toBeTruthy();
    expect(screen.getByText(messages.required('thumbnail'))).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('requires a video thumbnail and sends nothing without it', async () => {
    const api = asAdmin();
    await openAddTab();
    await chooseType('Video');
    pick('File', aFile('Welcome.mp4', 'video/mp4', 50_000));
    await waitFor(() => expect(nameField().value).toBe('Welcome'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The thumbnail field is required.')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    pick('Thumbnail', aFile('poster.gif', 'image/gif', 5000));
    expect(await screen.findByText('Image must be either a jpeg or png', { selector: 'span:not([role="tooltip"])' })).toBeTruthy();
  });

  it.each([
    ['Video', 'Welcome.mp4', 'video/mp4', 'Uploading video... this may take up to several minutes'],
    ['Audio', 'Welcome.mp3', 'audio/mpeg', 'Uploading audio file... this may take up to several minutes'],
  ])('warns while the file uploads (%s)', async (type, fileName, mimeType, warning) => {
    asAdmin();
    // The upload never answers: the form stays in its saving state.
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', (input: Request) => (input.method === 'POST' ? new Promise(() => {}) : answer(input)));
    await openAddTab();
    await chooseType(type);
    pick('File', aFile(fileName, mimeType, 50_000));
    if (type === 'Video') pick('Thumbnail', aFile('poster.png', 'image/png', 5000));
    await waitFor(() => expect(nameField().value).toBe('Welcome'));
    expect(screen.queryByText(warning)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByText(warning)).closest('[role="alert"]')).toBeTruthy();
  });

  it('uploads the file with its name as multipart, shows Media Created! and resets', async () => {
    const api = asAdmin();
    await openAddTab();
    pick('File', aFile('Site plan.png', 'image/png', 5000));
    await waitFor(() => expect(nameField().value).toBe('Site plan'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Media Created!')).toBeTruthy();
    const upload = api.requests.find((request) => request.method === 'POST' && request.path === MEDIA_PATH);
    const body = String(upload?.body);
    expect(body).toMatch(/name="name"\r\n\r\nSite plan\r\n/);
    expect(body).toMatch(/name="type"\r\n\r\nimage\r\n/);
    expect(body).toMatch(/name="file"; filename="Site plan.png"/);
    expect(body).not.toMatch(/name="crop_image"/);
    expect(nameField().value).toBe('');
  });
});
