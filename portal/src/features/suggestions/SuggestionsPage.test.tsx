import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { relationLinks } from './SuggestionPage';
import type { Suggestion } from './suggestionCalls';

const ACME = aTenant('Acme Training');
const SUGGESTIONS_PATH = `/api/tenants/${ACME.id}/suggestions`;
const LONG_TEXT = 'The ladder topic should show the three points of contact rule before the photos of the ladder.';

function aSuggestion(id: string, overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    id,
    user: { id: 'u-lena', name: 'Lena Learner', email: 'learner@example.com', is_active: false, is_confirmed: false },
    text: LONG_TEXT,
    media: [],
    module: null,
    component: null,
    topic: null,
    is_active: true,
    created_at: '2026-03-02T14:05:00Z',
    abilities: { update: true, delete: true },
    ...overrides,
  };
}

const page = (data: Suggestion[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'sent', desc: true, search: null },
});

function asMaster(suggestions: Suggestion[]) {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'master', tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    { method: 'GET', path: SUGGESTIONS_PATH, status: 200, body: page(suggestions), once: true },
    { method: 'GET', path: SUGGESTIONS_PATH, status: 200, body: page([]) },
    { method: 'PATCH', path: `${SUGGESTIONS_PATH}/s-1`, status: 200, body: { data: aSuggestion('s-1', { is_active: false }) } },
    { method: 'DELETE', path: `${SUGGESTIONS_PATH}/s-1`, status: 204 },
  ]);
}

function queryOf(api: ReturnType<typeof fakeApi>, call: number) {
  const [input] = api.fetch.mock.calls[call] as [Request];
  return new URL(input.url).searchParams;
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('Admin Suggestions', () => {
  it('lists unread suggestions newest first, with the sender badges and the text cut at 60 characters', async () => {
    const api = asMaster([aSuggestion('s-1')]);
    renderApp('/acme-training/admin/suggestions');
    const row = (await screen.findByText('Lena Learner')).closest('[role="row"]') as HTMLElement;
    expect(row.textContent).toContain('Account Locked');
    expect(row.textContent).toContain('Not Confirmed');
    expect(row.textContent).toContain(`${LONG_TEXT.slice(0, 60)}...`);
    expect(row.textContent).not.toContain(LONG_TEXT);
    expect(row.textContent).toContain('Mar 02 26');
    expect(within(row).getByRole('link', { name: 'View the suggestion from Lena Learner' }).getAttribute('href')).toBe('/acme-training/admin/suggestions/s-1');
    expect(screen.getByRole('searchbox', { name: 'Search name, email or text' })).toBeTruthy();
    const listCall = api.fetch.mock.calls.findIndex(([input]) => (input as Request).url.includes('/suggestions'));
    const query = queryOf(api, listCall);
    expect([query.get('active'), query.get('order'), query.get('desc')]).toEqual(['true', 'sent', 'true']);
  });

  it('marks a suggestion read, and it leaves the Unread tab', async () => {
    const api = asMaster([aSuggestion('s-1')]);
    renderApp('/acme-training/admin/suggestions');
    await screen.findByText('Lena Learner');
    fireEvent.click(screen.getByRole('button', { name: 'Mark Read: the suggestion from Lena Learner' }));
    await screen.findByText('No suggestions found...');
    expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({ is_active: false });
  });

  it('deletes a suggestion only after the confirmation', async () => {
    const api = asMaster([aSuggestion('s-1')]);
    renderApp('/acme-training/admin/suggestions');
    await screen.findByText('Lena Learner');
    fireEvent.click(screen.getByRole('button', { name: 'Delete the suggestion from Lena Learner' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete the suggestion from Lena Learner?' });
    expect(question.textContent).toContain('This will permanently delete this suggestion. Are you sure you want to continue?');
    fireEvent.click(within(question).getByRole('button', { name: 'No, Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete the suggestion from Lena Learner' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Delete' }));
    await screen.findByText('No suggestions found...');
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`${SUGGESTIONS_PATH}/s-1`]);
  });

  it('deletes from the view page after the confirmation and goes back to the inbox', async () => {
    const api = fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'master', tenant: ACME })] }) } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      // The loader names the organization by the slug in the address.
      { method: 'GET', path: '/api/tenants/acme-training/suggestions/s-1', status: 200, body: { data: aSuggestion('s-1') } },
      { method: 'DELETE', path: `${SUGGESTIONS_PATH}/s-1`, status: 204 },
      { method: 'GET', path: SUGGESTIONS_PATH, status: 200, body: page([]) },
    ]);
    const { location } = renderApp('/acme-training/admin/suggestions/s-1');
    await screen.findByRole('heading', { level: 1, name: 'Suggestion' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete the suggestion from Lena Learner?' });
    expect(question.textContent).toContain('This will permanently delete this suggestion. Are you sure you want to continue?');
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(location()).toBe('/acme-training/admin/suggestions'));
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`${SUGGESTIONS_PATH}/s-1`]);
  });
});

describe('Relates To', () => {
  it('links the module to its components, the component to its topics and the topic to its items', () => {
    const links = relationLinks('acme-training', {
      module: { id: 'm-1', name: 'Safety' },
      component: { id: 'c-1', name: 'Ladders' },
      topic: { id: 't-1', name: 'Three points of contact' },
    });
    expect(links).toEqual([
      { label: 'Module: Safety', to: '/acme-training/admin/modules/m-1/components' },
      { label: 'Component: Ladders', to: '/acme-training/admin/components/c-1/topics' },
      { label: 'Topic: Three points of contact', to: '/acme-training/admin/topics/t-1/items' },
    ]);
    expect(relationLinks('acme-training', { module: null, component: null, topic: null })).toEqual([]);
  });
});
