import type { Component, MediaSummary, Module, Role } from '@tessera/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVE_NO_RESPONSE } from '../../api/call';
import { UNSAVED_CHANGES_TEXT } from '../../forms/UnsavedChangesPrompt';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { contentPayload } from './imageChoice';

const ACME = aTenant('Acme Training');
const T = `/api/tenants/${ACME.id}`;
const emptyPage = { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0, order: 'order', desc: false, search: null } };

const SITE: MediaSummary = {
  id: '0190c1e4-6b3a-7cc1-8f00-000000000001',
  name: 'Site photo',
  type: 'image',
  mime_type: 'image/png',
  size: 120_000,
  created_at: '2026-03-01T10:00:00Z',
  url: '/api/files/acme/site/original?signature=x',
  thumbnail: { url: '/api/files/acme/site/thumbnail?signature=x' },
};

const CREATED: Module = {
  id: 'm-new',
  name: 'Safety',
  description: 'Basics',
  is_active: true,
  order: 0,
  main_image: SITE,
  is_hidden: false,
  is_deleted: false,
  deleted_at: null,
  created_at: '2026-03-02T10:00:00Z',
  updated_at: '2026-03-02T10:00:00Z',
  abilities: { update: true, archive: true, restore: false },
  media: [],
  groups: [],
  members: [],
};

function as(role: Role) {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role, tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    { method: 'GET', path: `${T}/modules`, status: 200, body: emptyPage },
    { method: 'GET', path: `${T}/media`, status: 200, body: { ...emptyPage, data: [SITE] } },
    { method: 'GET', path: `${T}/groups`, status: 200, body: emptyPage },
    { method: 'GET', path: `${T}/tenant-users`, status: 200, body: emptyPage },
    { method: 'POST', path: `${T}/modules`, status: 201, body: { data: CREATED } },
  ]);
}

async function openCreateModule(role: Role = 'admin') {
  const api = as(role);
  renderApp('/acme-training/admin/modules');
  fireEvent.click(await screen.findByRole('tab', { name: 'Add' }));
  await screen.findByRole('heading', { name: 'Create a new module' });
  return api;
}

const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled') || element.hasAttribute('data-disabled');

function pick(label: string, file: File) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
  vi.stubGlobal('createImageBitmap', async () => ({ width: 1600, height: 900, close() {} }));
});

describe('Create a new module', () => {
  it('shows the required messages of name and description, and those of an upload without file or name', async () => {
    const api = await openCreateModule();
    confirm();
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The description field is required.')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Safety' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Basics' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Upload a new image' }));
    confirm();
    expect(await screen.findByText('The image field is required.')).toBeTruthy();
    expect(screen.getByText('The image name field is required.')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('asks before a tab switch or the sidebar loses what was typed; Stay keeps it, Leave goes', async () => {
    await openCreateModule();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Half typed' } });
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    const question = await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES_TEXT });
    fireEvent.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Half typed');

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Organization' })).getByRole('link', { name: 'Media' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES_TEXT })).getByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'Media', level: 1 });
  });

  it('relates groups and members only for owners and masters', async () => {
    await openCreateModule('admin');
    expect(screen.getByRole('combobox', { name: 'Media' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Groups' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Members' })).toBeNull();
  });

  it('offers groups and members to a master', async () => {
    await openCreateModule('master');
    expect(await screen.findByRole('combobox', { name: 'Groups' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Members' })).toBeTruthy();
  });
});

describe('the image chooser', () => {
  it('fills Image Name from a picked file, previews it, and blocks the form while the file breaks a rule', async () => {
    await openCreateModule();
    fireEvent.click(screen.getByRole('radio', { name: 'Upload a new image' }));
    pick('Image', new File([new Uint8Array(5000)], 'Loading dock.png', { type: 'image/png' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Image Name' }) as HTMLInputElement).value).toBe('Loading dock'));
    expect(await screen.findByRole('img', { name: 'Preview of Loading dock' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'The new image' }).textContent).toMatch(/Original.*Size: 5 KB/);
    expect(isDisabled(screen.getByRole('button', { name: 'Crop Image' }))).toBe(false);
    expect(isDisabled(screen.getByRole('button', { name: 'Confirm' }))).toBe(false);

    pick('Image', new File([new Uint8Array(10)], 'tiny.png', { type: 'image/png' }));
    expect(await screen.findByText('The file size is approximately 0 KB. The image must be between 1 KB and 10 MB')).toBeTruthy();
    expect(isDisabled(screen.getByRole('button', { name: 'Confirm' }))).toBe(true);
    // The same rule as Media Add: an image that breaks a rule cannot be cropped.
    expect(isDisabled(screen.getByRole('button', { name: 'Crop Image' }))).toBe(true);

    pick('Image', new File([new Uint8Array(5000)], 'notes.gif', { type: 'image/gif' }));
    expect(await screen.findByText('The image must be a file of type: image/png, image/jpeg.')).toBeTruthy();
  });

  it('picks one image in the Media Library modal, shows it as the Selected Image and sends its id', async () => {
    const api = await openCreateModule();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Safety' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Basics' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Choose an image from the library' }));
    expect(screen.getByText('No image selected.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open Media Library' }));
    const modal = await screen.findByRole('dialog', { name: 'Media Library' });
    await waitFor(() => expect(api.requests.some((request) => request.path === `${T}/media`)).toBe(true));
    const select = within(modal).getByRole('button', { name: 'Select Image' });
    expect(isDisabled(select)).toBe(true);
    fireEvent.click(await within(modal).findByRole('option', { name: 'Site photo' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Select Image' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Media Library' })).toBeNull());

    const selected = screen.getByRole('figure', { name: 'Selected Image' });
    expect(selected.textContent).toMatch(/Site photo.*Size: 120 KB.*Created: Mar 01 26/);
    confirm();
    expect(await screen.findByText('Module Created!')).toBeTruthy();
    const created = api.requests.find((request) => request.method === 'POST' && request.path === `${T}/modules`);
    expect(created?.body).toEqual({ name: 'Safety', description: 'Basics', image_id: SITE.id });
    // The form resets after a success.
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
  });
});

describe('Create a new component (Admin Components, Add tab)', () => {
  const NEW_ONE: Component = {
    id: 'c-new',
    module_id: CREATED.id,
    name: 'Ladders',
    description: 'Climbing safely',
    is_active: true,
    order: 0,
    main_image: SITE,
    knowledgecheck_id: null,
    is_hidden: false,
    is_deleted: false,
    deleted_at: null,
    created_at: '2026-03-02T10:00:00Z',
    updated_at: '2026-03-02T10:00:00Z',
    abilities: { update: true, archive: true, restore: false },
  };

  it('shows the Selected Image preview under a visible Selected Image caption with name, size and created date', async () => {
    const api = fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'admin', tenant: ACME })] }) } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      { method: 'GET', path: `/api/tenants/acme-training/modules/${CREATED.id}`, status: 200, body: { data: CREATED } },
      { method: 'GET', path: `${T}/modules/${CREATED.id}/components`, status: 200, body: emptyPage },
      { method: 'GET', path: `${T}/media`, status: 200, body: { ...emptyPage, data: [SITE] } },
      { method: 'POST', path: `${T}/modules/${CREATED.id}/components`, status: 201, body: { data: NEW_ONE } },
    ]);
    renderApp(`/acme-training/admin/modules/${CREATED.id}/components`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Add' }));
    await screen.findByRole('heading', { name: 'Create a new component' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ladders' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Climbing safely' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Choose an image from the library' }));
    expect(screen.queryByText('Selected Image')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open Media Library' }));
    const modal = await screen.findByRole('dialog', { name: 'Media Library' });
    fireEvent.click(await within(modal).findByRole('option', { name: 'Site photo' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Select Image' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Media Library' })).toBeNull());

    // The figure is named by its visible caption title, which comes first, above the name, size and date.
    const selected = screen.getByRole('figure', { name: 'Selected Image' });
    const title = within(selected).getByText('Selected Image', { exact: true });
    expect(selected.getAttribute('aria-label')).toBeNull();
    expect(selected.getAttribute('aria-labelledby')).toBe(title.id);
    const caption = selected.querySelector('figcaption') as HTMLElement;
    expect(caption.firstElementChild).toBe(title);
    expect(caption.textContent).toMatch(/^Selected ImageSite photoSize: 120 KBCreated: Mar 01 26/);

    confirm();
    expect(await screen.findByText('Component Created!')).toBeTruthy();
    const created = api.requests.find((request) => request.method === 'POST' && request.path === `${T}/modules/${CREATED.id}/components`);
    expect(created?.body).toEqual({ name: 'Ladders', description: 'Climbing safely', image_id: SITE.id });
  });
});

describe('the create and update payload', () => {
  const fields = { name: ' Safety ', description: 'Basics ' };
  const original = new File([new Uint8Array(10)], 'dock.jpg', { type: 'image/jpeg' });

  it('is JSON without an image, or with the library image id', () => {
    expect(contentPayload(fields, { image_source: '', image: '', image_name: '', image_id: 'x' }, null)).toEqual({
      kind: 'json',
      body: { name: 'Safety', description: 'Basics' },
    });
    expect(contentPayload({ ...fields, is_active: false }, { image_source: 'library', image: '', image_name: '', image_id: SITE.id }, null)).toEqual({
      kind: 'json',
      body: { name: 'Safety', description: 'Basics', is_active: false, image_id: SITE.id },
    });
  });

  it('is multipart with the cropped png (named after the original) and the image name for an upload', () => {
    const png = new Blob([new Uint8Array(4)], { type: 'image/png' });
    const payload = contentPayload(
      { ...fields, is_active: true },
      { image_source: 'upload', image: 'dock.jpg', image_name: ' Dock ', image_id: '' },
      { original, cropped: png },
    );
    if (payload.kind !== 'multipart') throw new Error('expected multipart');
    expect(payload.form.get('name')).toBe('Safety');
    expect(payload.form.get('is_active')).toBe('1');
    expect(payload.form.get('image_name')).toBe('Dock');
    const image = payload.form.get('image') as File;
    expect(image.name).toBe('dock.png');
    expect(image.size).toBe(4);
  });
});

describe('Module edit', () => {
  const EXISTING: Module = {
    ...CREATED,
    id: 'm-safety',
    name: 'Safety',
    groups: [{ id: 'g-crew', name: 'Site crew' }],
    members: [],
  };

  function asMaster() {
    return fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'master', tenant: ACME })] }) } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      { method: 'GET', path: '/api/tenants/acme-training/modules/m-safety', status: 200, body: { data: EXISTING } },
      { method: 'GET', path: `${T}/media`, status: 200, body: emptyPage },
      { method: 'GET', path: `${T}/groups`, status: 200, body: emptyPage },
      { method: 'GET', path: `${T}/tenant-users`, status: 200, body: emptyPage },
      { method: 'POST', path: `${T}/modules/m-safety`, status: 200, body: { data: { ...EXISTING, name: 'Site safety', is_active: false } } },
    ]);
  }

  it('shows the current image with its facts, enlarges it, and tags groups behind Add Groups / Done Selecting', async () => {
    asMaster();
    renderApp('/acme-training/admin/modules/m-safety/edit');
    const current = await screen.findByRole('figure', { name: 'Current image' });
    expect(current.textContent).toMatch(/Site photo.*Size: 120 KB.*Created: Mar 01 26/);
    fireEvent.click(within(current).getByRole('button', { name: 'Enlarge Site photo' }));
    const large = await screen.findByRole('dialog', { name: 'Site photo' });
    expect(within(large).getByRole('img', { name: 'Site photo' }).getAttribute('src')).toBe(SITE.url);
    fireEvent.click(within(large).getByRole('button', { name: 'Close' }));

    expect(screen.getByText('Groups: 1 tagged')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Groups' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Groups' }));
    expect(await screen.findByRole('combobox', { name: 'Groups' })).toBeTruthy();
    expect(within(screen.getByRole('grid', { name: 'Selected groups' })).getByText('Site crew')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done Selecting' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Groups' })).toBeNull());
  });

  it('says so on the form when a save gets no answer, keeps the edits and stays on the screen', async () => {
    const api = asMaster();
    // The server is down for the save: fetch rejects as browsers do when nothing answers.
    const answer = api.fetch.getMockImplementation();
    api.fetch.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
      if (method === 'POST') throw new TypeError('Failed to fetch');
      return answer!(input, init);
    });
    const { router } = renderApp('/acme-training/admin/modules/m-safety/edit');
    await screen.findByRole('heading', { name: 'Edit Module' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Site safety' } });
    confirm();
    const alert = await screen.findByText(SAVE_NO_RESPONSE);
    expect(alert.closest('form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/acme-training/admin/modules/m-safety/edit');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Site safety');
    // Another try is possible once the server answers again.
    api.fetch.mockImplementation(answer!);
    confirm();
    expect(await screen.findByText('Module Updated!')).toBeTruthy();
    expect(screen.queryByText(SAVE_NO_RESPONSE)).toBeNull();
  });

  it('saves the fields with Active, keeps unchanged relations, and says Module Updated!', async () => {
    const api = asMaster();
    renderApp('/acme-training/admin/modules/m-safety/edit');
    await screen.findByRole('heading', { name: 'Edit Module' });
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getByRole('link', { name: 'Modules' })
        .getAttribute('href'),
    ).toBe('/acme-training/admin/modules');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Site safety' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    confirm();
    expect(await screen.findByText('Module Updated!')).toBeTruthy();
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.path)).toEqual([`${T}/modules/m-safety`]);
    expect(posts[0].body).toEqual({ name: 'Site safety', description: 'Basics', is_active: false });
  });
});
