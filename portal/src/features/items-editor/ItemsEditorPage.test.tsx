import type { Item, Topic } from '@tessera/sdk';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SAVE_NO_RESPONSE } from '../../api/call';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { KEYBOARD_HELP } from './MarkdownField';

const ACME = aTenant('Acme Training');
const TOPIC_ID = '01930000-0000-7000-8000-0000000000f1';
const ITEMS_PATH = `/api/tenants/${ACME.id}/topics/${TOPIC_ID}/items`;
const EDITOR = `/acme-training/admin/topics/${TOPIC_ID}/items`;

const TOPIC: Topic = {
  id: TOPIC_ID,
  component_id: 'component-1',
  name: 'Lockout procedure',
  description: 'Steps',
  is_active: true,
  order: 0,
  items_count: 2,
  total_procedures: 0,
  completed_procedures: 0,
  is_favorite: false,
  knowledgecheck_id: null,
  component: { id: 'component-1', name: 'Safety', module: { id: 'module-1', name: 'Plant' } },
  is_deleted: false,
  deleted_at: null,
  created_at: '2026-02-01T09:00:00Z',
  updated_at: '2026-02-01T09:00:00Z',
  abilities: { update: true, archive: true, restore: false },
};

function anItem(id: string, type: Item['type'], overrides: Partial<Item> = {}): Item {
  return { id, topic_id: TOPIC_ID, type, order: 0, text: null, is_procedure: false, is_complete: false, row_id: null, media: [], children: [], ...overrides };
}

const ITEMS: Item[] = [
  anItem('row-a', 'row', { text: 'Before you start', children: [anItem('para-a', 'paragraph', { row_id: 'row-a', text: 'Read this' })] }),
  anItem('row-b', 'row', { text: 'Isolate', is_procedure: true, order: 1 }),
];

function asAdmin(routes: (FakeRoute & { once?: boolean })[] = []) {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'admin', tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    // The loader names the organization as the route does (its pretty-URL name); the page's calls use its id.
    { method: 'GET', path: `/api/tenants/${ACME.slug}/topics/${TOPIC_ID}`, status: 200, body: { data: TOPIC } },
    { method: 'GET', path: `/api/tenants/${ACME.slug}/topics/${TOPIC_ID}/items`, status: 200, body: { data: ITEMS } },
    ...routes,
  ]);
}

const region = (name: string) => screen.getByRole('region', { name });
const press = (name: string, within_: HTMLElement = document.body) => fireEvent.click(within(within_).getByRole('button', { name }));
const lastPut = (api: ReturnType<typeof fakeApi>) =>
  api.requests.filter((request) => request.method === 'PUT').at(-1)?.body as { items: Record<string, unknown>[] };

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('Items editor', () => {
  it('shows the breadcrumbs, the link to the client view and the rows with their items', async () => {
    asAdmin();
    renderApp(EDITOR);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lockout procedure' })).toBeTruthy();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Modules' }).getAttribute('href')).toBe('/acme-training/admin/modules');
    expect(crumbs.getByRole('link', { name: 'Components' }).getAttribute('href')).toBe('/acme-training/admin/modules/module-1/components');
    expect(crumbs.getByRole('link', { name: 'Topics' }).getAttribute('href')).toBe('/acme-training/admin/components/component-1/topics');
    expect(crumbs.getByText('Items').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Switch to User View' }).getAttribute('href')).toBe(
      `/acme-training/modules/module-1/components/component-1/topics/${TOPIC_ID}/items`,
    );
    expect(within(region('Row 1: Before you start')).getByRole('region', { name: 'Paragraph 1 in Row 1' })).toBeTruthy();
    expect((within(region('Row 2: Isolate')).getByRole('checkbox', { name: 'Procedure' }) as HTMLInputElement).checked).toBe(true);
    // The first row cannot move up, the last cannot move down.
    expect(within(region('Row 1: Before you start')).getByRole('button', { name: 'Move Row 1 up' }).hasAttribute('disabled')).toBe(true);
    expect(within(region('Row 2: Isolate')).getByRole('button', { name: 'Move Row 2 down' }).hasAttribute('disabled')).toBe(true);
  });

  it('lets Tab leave a paragraph (no keyboard trap) and indents with Ctrl+], as its description says', async () => {
    asAdmin();
    renderApp(EDITOR);
    const text = (await screen.findByRole('textbox', { name: 'Text of Paragraph 1 in Row 1' })) as HTMLTextAreaElement;
    const description = (text.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(description).toContain(KEYBOARD_HELP);
    text.focus();
    text.setSelectionRange(4, 4);
    // Tab is left to the browser (focus moves on); the text is unchanged.
    expect(fireEvent.keyDown(text, { key: 'Tab', code: 'Tab', keyCode: 9 })).toBe(true);
    expect(fireEvent.keyDown(text, { key: 'Tab', code: 'Tab', keyCode: 9, shiftKey: true })).toBe(true);
    expect(text.value).toBe('Read this');
    // Indentation is Ctrl+] (Ctrl+[ takes it back), for the whole line whatever the caret's place.
    // The editor listens for its shortcuts from an effect after its first render: let the effects run first.
    await act(async () => {});
    expect(fireEvent.keyDown(text, { key: ']', code: 'BracketRight', ctrlKey: true })).toBe(false);
    await waitFor(() => expect(text.value).toBe('  Read this'));
    fireEvent.keyDown(text, { key: '[', code: 'BracketLeft', ctrlKey: true });
    await waitFor(() => expect(text.value).toBe('Read this'));
  });

  it('offers in the paragraph toolbar only what the renderer shows', async () => {
    asAdmin();
    renderApp(EDITOR);
    const paragraph = within(await screen.findByRole('region', { name: 'Paragraph 1 in Row 1' }));
    await paragraph.findByRole('textbox', { name: 'Text of Paragraph 1 in Row 1' });
    expect(paragraph.getByRole('button', { name: /^Add table/ })).toBeTruthy();
    expect(paragraph.getByRole('button', { name: /^Add strikethrough/ })).toBeTruthy();
    expect(paragraph.queryByRole('button', { name: /checked list/i })).toBeNull();
    expect(paragraph.queryByRole('button', { name: /comment/i })).toBeNull();
  });

  it('keeps the edits and says so when a save gets no answer', async () => {
    const api = asAdmin();
    const answer = api.fetch.getMockImplementation();
    api.fetch.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
      if (method === 'PUT') throw new TypeError('Failed to fetch');
      return answer!(input, init);
    });
    const { router } = renderApp(EDITOR);
    await screen.findByRole('heading', { level: 1, name: 'Lockout procedure' });
    press('Add Row');
    fireEvent.change(within(region('Row 3')).getByRole('textbox', { name: 'Row title' }), { target: { value: 'Wrap up' } });
    press('Save');
    expect(await screen.findByText(SAVE_NO_RESPONSE)).toBeTruthy();
    expect(router.state.location.pathname).toBe(EDITOR);
    expect((within(region('Row 3: Wrap up')).getByRole('textbox', { name: 'Row title' }) as HTMLInputElement).value).toBe('Wrap up');
  });

  it('keeps focus on the page: after a move, on the move button (the other one at an end); after a delete, on the next item; a new item gets it', async () => {
    asAdmin();
    renderApp(EDITOR);
    await screen.findByRole('heading', { level: 1, name: 'Lockout procedure' });
    const focused = () => document.activeElement as HTMLElement;

    // Row 1 moves down: it is now the last row, so its Down is disabled and focus is on its Up.
    press('Move Row 1 down', region('Row 1: Before you start'));
    await waitFor(() => expect(focused().getAttribute('aria-label')).toBe('Move Row 2 up'));
    press('Move Row 2 up', region('Row 2: Before you start'));
    await waitFor(() => expect(focused().getAttribute('aria-label')).toBe('Move Row 1 down'));

    // A new row: focus in its title field.
    press('Add Row');
    await waitFor(() => expect(focused()).toBe(within(region('Row 3')).getByRole('textbox', { name: 'Row title' })));
    // A new media item: focus on its Choose button.
    press('Add Video to Row 3', region('Row 3'));
    await waitFor(() => expect(focused().getAttribute('aria-label')).toBe('Choose video for Video 1 in Row 3'));

    // Delete Row 2 (Isolate): focus goes to the row that took its place, now Row 2.
    press('Delete Row 2', region('Row 2: Isolate'));
    press('Yes, Delete', await screen.findByRole('alertdialog'));
    await waitFor(() => expect(focused().textContent).toBe('Row 2'));
    expect(focused().tagName).toBe('H2');
  });

  it('saves rows first and then children with temporary ids, and sends the server ids afterwards', async () => {
    const saved = [
      ...ITEMS,
      anItem('server-row', 'row', { text: 'Wrap up', order: 2, children: [anItem('server-para', 'paragraph', { row_id: 'server-row', text: '**Done**' })] }),
    ];
    const api = asAdmin([
      { method: 'PUT', path: ITEMS_PATH, status: 200, body: { data: saved, meta: { ids: { 'tmp-1': 'server-row', 'tmp-2': 'server-para' } } } },
    ]);
    renderApp(EDITOR);
    await screen.findByRole('heading', { level: 1, name: 'Lockout procedure' });
    press('Add Row');
    fireEvent.change(within(region('Row 3')).getByRole('textbox', { name: 'Row title' }), { target: { value: 'Wrap up' } });
    press('Add Paragraph to Row 3', region('Row 3: Wrap up'));
    const text = await screen.findByRole('textbox', { name: 'Text of Paragraph 1 in Row 3' });
    fireEvent.change(text, { target: { value: '**Done**' } });
    press('Save');
    await screen.findByText('Items Saved!');
    expect(lastPut(api).items).toEqual([
      { id: 'row-a', type: 'row', order: 0, text: 'Before you start', is_procedure: false },
      { id: 'row-b', type: 'row', order: 1, text: 'Isolate', is_procedure: true },
      { id: 'tmp-1', type: 'row', order: 2, text: 'Wrap up', is_procedure: false },
      { id: 'para-a', type: 'paragraph', row_id: 'row-a', order: 0, text: 'Read this' },
      { id: 'tmp-2', type: 'paragraph', row_id: 'tmp-1', order: 0, text: '**Done**' },
    ]);

    press('Move Row 3 up', region('Row 3: Wrap up'));
    press('Save');
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(2));
    expect(lastPut(api).items.map((entry) => [entry.id, entry.order, entry.row_id])).toEqual([
      ['row-a', 0, undefined],
      ['server-row', 1, undefined],
      ['row-b', 2, undefined],
      ['para-a', 0, 'row-a'],
      ['server-para', 0, 'server-row'],
    ]);
  });

  it('shows the errors of a failed save on the matching item, under the banner', async () => {
    const api = asAdmin([
      {
        method: 'PUT',
        path: ITEMS_PATH,
        status: 422,
        body: {
          message: 'The given data was invalid.',
          code: 'validation_failed',
          errors: { 'items.1.text': ['The text field is required.'], 'items.2.text': ['The text may not be greater than 65535 characters.'] },
        },
      },
    ]);
    renderApp(EDITOR);
    await screen.findByRole('heading', { level: 1, name: 'Lockout procedure' });
    press('Save');
    expect(await screen.findByText('There was an issue saving. Please correct the error(s) below.')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(true);
    expect(within(region('Row 2: Isolate')).getByText('This field is required')).toBeTruthy();
    expect(within(region('Paragraph 1 in Row 1')).getByText('The text may not be greater than 65535 characters.')).toBeTruthy();
    expect(within(region('Row 1: Before you start')).queryByText('This field is required')).toBeNull();
  });

  it('checks the list before sending: a media item without media shows the spec message and nothing is sent', async () => {
    const api = asAdmin();
    renderApp(EDITOR);
    await screen.findByRole('heading', { level: 1, name: 'Lockout procedure' });
    press('Add Image to Row 2', region('Row 2: Isolate'));
    press('Add Video to Row 2', region('Row 2: Isolate'));
    press('Save');
    expect(await screen.findByText('There was an issue saving. Please correct the error(s) below.')).toBeTruthy();
    expect(within(region('Image 1 in Row 2')).getByText('You must supply an image.')).toBeTruthy();
    expect(within(region('Video 2 in Row 2')).getByText('A video is required')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('deletes after the confirmation: a saved item through the server, an unsaved one only on the page', async () => {
    const api = asAdmin([{ method: 'DELETE', path: `${ITEMS_PATH}/row-a`, status: 200, body: { data: [ITEMS[1]] } }]);
    renderApp(EDITOR);
    await screen.findByRole('heading', { level: 1, name: 'Lockout procedure' });
    press('Delete Row 1', region('Row 1: Before you start'));
    const question = await screen.findByRole('alertdialog', { name: 'Delete the row and its 1 item(s)?' });
    expect(question.textContent).toContain('You are about to delete a row with 1 item(s). Are you sure?');
    press('No, Cancel', question);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(region('Row 1: Before you start')).toBeTruthy();

    // Escape is the safe answer too.
    press('Delete Row 1', region('Row 1: Before you start'));
    fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(region('Row 1: Before you start')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);

    press('Delete Row 1', region('Row 1: Before you start'));
    press('Yes, Delete', await screen.findByRole('alertdialog'));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'DELETE' && request.path === `${ITEMS_PATH}/row-a`)).toBe(true));
    expect(screen.queryByRole('region', { name: 'Row 1: Before you start' })).toBeNull();
    expect(region('Row 1: Isolate')).toBeTruthy();

    press('Add Audio to Row 1', region('Row 1: Isolate'));
    press('Delete Audio 1 in Row 1', region('Audio 1 in Row 1'));
    const audio = await screen.findByRole('alertdialog', { name: 'Delete the audio?' });
    expect(audio.textContent).toContain('Are you sure you want to delete the audio?');
    press('Yes, Delete', audio);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Audio 1 in Row 1' })).toBeNull());
    expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('chooses the media of an image from the library filtered to images, one selectable, and saves its id', async () => {
    const poster = {
      id: '01930000-0000-7000-8000-0000000000aa',
      name: 'Safety poster',
      type: 'image',
      mime_type: 'image/png',
      size: 204800,
      created_at: '2026-02-01T09:00:00Z',
      url: '/api/files/a',
      thumbnail: null,
    };
    const sign = { ...poster, id: '01930000-0000-7000-8000-0000000000ab', name: 'Exit sign' };
    const meta = { current_page: 1, last_page: 1, per_page: 25, total: 2, order: 'created', desc: true, search: null };
    const api = asAdmin([
      { method: 'GET', path: `/api/tenants/${ACME.id}/media`, status: 200, body: { data: [poster, sign], meta } },
      { method: 'PUT', path: ITEMS_PATH, status: 200, body: { data: ITEMS, meta: { ids: {} } } },
    ]);
    renderApp(EDITOR);
    await screen.findByRole('heading', { level: 1, name: 'Lockout procedure' });
    press('Add Image to Row 2', region('Row 2: Isolate'));
    expect(within(region('Image 1 in Row 2')).getByText('No image chosen')).toBeTruthy();
    press('Choose image for Image 1 in Row 2', region('Image 1 in Row 2'));
    const dialog = await screen.findByRole('dialog', { name: 'Media Library' });
    const listRequest = api.requests.find((request) => request.path === `/api/tenants/${ACME.id}/media`);
    expect(listRequest).toBeTruthy();
    expect(api.fetch.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes('type=image'))).toBe(true);
    const options = await within(dialog).findByRole('listbox');
    expect(within(dialog).getByRole('button', { name: 'Select Image' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(options).getByRole('option', { name: /Exit sign/ }));
    press('Select Image', dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(region('Image 1 in Row 2')).getByText('Exit sign')).toBeTruthy();
    press('Save');
    await waitFor(() => expect(lastPut(api)).toBeTruthy());
    expect(lastPut(api).items.at(-1)).toEqual({ id: 'tmp-1', type: 'image', row_id: 'row-b', order: 0, media_id: sign.id });
  });

  it('asks before leaving with unsaved changes, but not into preview, which shows the current edit and gives it back', async () => {
    asAdmin();
    const { router, location } = renderApp(EDITOR);
    await screen.findByRole('heading', { level: 1, name: 'Lockout procedure' });
    press('Add Row');
    fireEvent.change(within(region('Row 3')).getByRole('textbox', { name: 'Row title' }), { target: { value: 'Unsaved row' } });
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Modules' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'There are unsaved changes, are you sure you want to leave?' });
    press('Stay', prompt);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    press('Preview');
    await waitFor(() => expect(location()).not.toBe(EDITOR));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const { readPreviewItems } = await import('./previewDraft');
    expect(readPreviewItems(TOPIC_ID)?.map((row) => row.text)).toEqual(['Before you start', 'Isolate', 'Unsaved row']);

    await router.navigate(EDITOR);
    expect(await screen.findByRole('region', { name: 'Row 3: Unsaved row' })).toBeTruthy();
    await waitFor(() => expect(readPreviewItems(TOPIC_ID)).toBeNull());
  });

  it('comes back ready to edit when the author returns before the preview has opened', async () => {
    asAdmin();
    const { router } = renderApp(EDITOR);
    await screen.findByRole('heading', { level: 1, name: 'Lockout procedure' });
    press('Add Row');
    fireEvent.change(within(region('Row 3')).getByRole('textbox', { name: 'Row title' }), { target: { value: 'Unsaved row' } });
    press('Preview');
    // The return overtakes the preview's navigation: the editor on screen is the one that asked for the preview.
    await router.navigate(EDITOR);
    const { readPreviewItems } = await import('./previewDraft');
    await waitFor(() => expect(readPreviewItems(TOPIC_ID)).toBeNull());
    expect(screen.getByRole('region', { name: 'Row 3: Unsaved row' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Preview' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Add Row' }).hasAttribute('disabled')).toBe(false);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Modules' }));
    expect(await screen.findByRole('alertdialog', { name: 'There are unsaved changes, are you sure you want to leave?' })).toBeTruthy();
  });

  it('moves an item to a chosen place from the move dialog listing the item types under each row', async () => {
    asAdmin();
    renderApp(EDITOR);
    await screen.findByRole('heading', { level: 1, name: 'Lockout procedure' });
    press('Move Paragraph 1 in Row 1 to…', region('Paragraph 1 in Row 1'));
    const dialog = await screen.findByRole('dialog', { name: 'Move Paragraph' });
    expect(within(dialog).getByRole('list', { name: 'Items in Row 1: Before you start' }).textContent).toContain('Paragraph 1');
    press('Into Row 2: Isolate', dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(region('Row 2: Isolate')).getByRole('region', { name: 'Paragraph 1 in Row 2' })).toBeTruthy();
    expect(within(region('Row 1: Before you start')).queryByRole('region')).toBeNull();
  });
});
