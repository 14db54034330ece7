import type { Item, Topic } from '@tessera/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { editorStateOf } from '../items-editor/editorState';
import { storePreviewDraft } from '../items-editor/previewDraft';
import { ACME, asOwner, asRole, STAMPS } from './clientTestSession';

const API = `/api/tenants/${ACME.id}`;

const TOPIC: Topic = {
  id: 'topic-1',
  component_id: 'comp-1',
  name: 'Ladder inspection',
  description: 'Before every climb',
  is_active: true,
  order: 0,
  items_count: 2,
  total_procedures: 1,
  completed_procedures: 0,
  is_favorite: false,
  knowledgecheck_id: null,
  component: { id: 'comp-1', name: 'Ladders', module: { id: 'mod-1', name: 'Safety First' } },
  ...STAMPS,
  abilities: { update: false, archive: false, restore: false },
};

const ROW: Item = {
  id: 'row-1',
  topic_id: TOPIC.id,
  type: 'row',
  order: 0,
  text: 'Check the feet',
  is_procedure: true,
  is_complete: false,
  row_id: null,
  media: [],
  children: [
    {
      id: 'p-1',
      topic_id: TOPIC.id,
      type: 'paragraph',
      order: 0,
      text: 'Both feet must be **level**.',
      is_procedure: false,
      is_complete: false,
      row_id: 'row-1',
      media: [],
      children: [],
    },
  ],
};

const ITEMS_PATH = `/acme-training/modules/mod-1/components/comp-1/topics/${TOPIC.id}/items`;

function topicRoutes(items: Item[] = [ROW]): FakeRoute[] {
  return [
    { method: 'GET', path: `/api/tenants/${ACME.slug}/components/comp-1/topics/${TOPIC.id}`, status: 200, body: { data: TOPIC } },
    { method: 'GET', path: `${API}/topics/${TOPIC.id}/items`, status: 200, body: { data: items } },
  ];
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('client items view', () => {
  it('shows the topic in the viewer with breadcrumbs, and a learner ticks a procedure row', async () => {
    const api = fakeApi([
      ...asRole('user'),
      ...topicRoutes(),
      { method: 'POST', path: `${API}/topics/${TOPIC.id}/items/completed/row-1`, status: 200, body: { data: { ...ROW, is_complete: true } } },
    ]);
    renderApp(ITEMS_PATH);
    expect(await screen.findByRole('heading', { name: 'Ladder inspection', level: 1 })).toBeTruthy();
    await screen.findByText('Check the feet');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Modules', '/acme-training/modules'],
      ['Components', '/acme-training/modules/mod-1/components'],
      ['Topics', '/acme-training/modules/mod-1/components/comp-1/topics'],
    ]);
    expect(screen.queryByRole('link', { name: 'Switch to Admin View' })).toBeNull();
    // Heading order: the topic is the h1, its rows the h2s.
    const rowHeading = screen.getAllByRole('heading', { level: 2 })[0];
    expect(screen.getByRole('checkbox', { name: `Complete: ${rowHeading.textContent}` })).toBeTruthy();
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Complete: / }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'POST' && request.path.endsWith('/items/completed/row-1'))).toBe(true));
  });

  it('says when the topic is empty', async () => {
    fakeApi([...asRole('user'), ...topicRoutes([])]);
    renderApp(ITEMS_PATH);
    await screen.findByText('This topic appears to be empty.');
  });

  it('in preview shows the banner with the way back to the editor, and no toggles or suggestions', async () => {
    fakeApi([...asRole('admin'), ...topicRoutes()]);
    renderApp(`${ITEMS_PATH}?preview`);
    await screen.findByText('Check the feet');
    expect(screen.getByRole('link', { name: 'Back to editing' }).getAttribute('href')).toBe(`/acme-training/admin/topics/${TOPIC.id}/items`);
    expect(screen.queryByRole('checkbox', { name: /^Complete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suggest an edit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Switch to Admin View' }).getAttribute('href')).toBe(`/acme-training/admin/topics/${TOPIC.id}/items`);
  });

  it("in preview shows the editor's unsaved list, not the saved one", async () => {
    const saved = editorStateOf([ROW]);
    storePreviewDraft(TOPIC.id, { ...saved, rows: saved.rows.map((row) => ({ ...row, text: 'Check both feet' })) });
    const api = fakeApi([...asRole('admin'), ...topicRoutes()]);
    renderApp(`${ITEMS_PATH}?preview=1&dontFetch=1`);
    await screen.findByText('Check both feet');
    expect(screen.queryByText('Check the feet')).toBeNull();
    expect(api.requests.some((request) => request.method === 'GET' && request.path.endsWith('/items'))).toBe(false);
  });

  it('gives the owner the admin view link but no procedure toggles', async () => {
    fakeApi([...asOwner(), ...topicRoutes()]);
    renderApp(ITEMS_PATH);
    await screen.findByText('Check the feet');
    expect(screen.queryByRole('checkbox', { name: /^Complete/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Switch to Admin View' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suggest an edit' })).toBeNull();
  });

  it('sends a suggestion about the topic; the text is required', async () => {
    const api = fakeApi([...asRole('user'), ...topicRoutes(), { method: 'POST', path: `${API}/suggestions`, status: 201, body: { data: { id: 's-1' } } }]);
    renderApp(ITEMS_PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Suggest an edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest an edit' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await within(dialog).findByText('The text field is required.');
    expect(api.requests.some((request) => request.path === `${API}/suggestions`)).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Suggestion/ }), { target: { value: '  Add a photo of the feet.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByText('Suggestion Sent!');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.find((request) => request.path === `${API}/suggestions`)?.body).toEqual({ text: 'Add a photo of the feet.', topic_id: TOPIC.id });
  });
});
