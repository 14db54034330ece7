import type { Component, ContentTreeModule, Module, Topic } from '@tessera/sdk';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { ACME, asOwner, asRole, STAMPS } from './clientTestSession';
import { ProcedureBadge } from './TopicBadges';

const API = `/api/tenants/${ACME.id}`;
/** Route loaders ask by the address's pretty-URL name (the API takes either). */
const BY_SLUG = `/api/tenants/${ACME.slug}`;
const ABILITIES = { update: false, archive: false, restore: false };

const MODULE: Module = {
  id: 'mod-1',
  name: 'Safety First',
  description: 'Everything about safety',
  is_active: true,
  order: 0,
  main_image: {
    id: 'img-1',
    name: 'helmet',
    type: 'image',
    mime_type: 'image/png',
    size: 1000,
    created_at: STAMPS.created_at,
    url: '/files/helmet.png',
    thumbnail: { url: '/files/helmet-thumb.png' },
  },
  is_hidden: false,
  ...STAMPS,
  abilities: ABILITIES,
};

const COMPONENT: Component = {
  id: 'comp-1',
  module_id: MODULE.id,
  name: 'Ladders',
  description: 'Climbing safely',
  is_active: true,
  order: 0,
  main_image: null,
  knowledgecheck_id: null,
  is_hidden: false,
  ...STAMPS,
  abilities: ABILITIES,
};

function aTopic(id: string, name: string, overrides: Partial<Topic> = {}): Topic {
  return {
    id,
    component_id: COMPONENT.id,
    name,
    description: `About ${name}`,
    is_active: true,
    order: 0,
    items_count: 3,
    total_procedures: 0,
    completed_procedures: 0,
    is_favorite: false,
    knowledgecheck_id: null,
    component: { id: COMPONENT.id, name: COMPONENT.name, module: { id: MODULE.id, name: MODULE.name } },
    ...STAMPS,
    abilities: ABILITIES,
    ...overrides,
  };
}

const page = <T,>(data: T[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'order', desc: false, search: null },
});

const topicsPath = `/acme-training/modules/${MODULE.id}/components/${COMPONENT.id}/topics`;
const topicRoutes = (topics: Topic[]): FakeRoute[] => [
  { method: 'GET', path: `${BY_SLUG}/modules/${MODULE.id}/components/${COMPONENT.id}`, status: 200, body: { data: COMPONENT } },
  { method: 'GET', path: `${API}/components/${COMPONENT.id}/topics`, status: 200, body: page(topics) },
];

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('procedure badge', () => {
  it('is green when every procedure row is complete, red otherwise, and absent without procedure rows', async () => {
    // The theme's new rules reach the adopted stylesheet in a microtask, before the browser paints (widgets theme.ts).
    const colorOf = async (element: Element | null) => {
      await Promise.resolve();
      return getComputedStyle(element as Element).color;
    };
    const { container, rerender } = render(<ProcedureBadge topic={{ total_procedures: 3, completed_procedures: 3 }} />);
    expect(container.textContent).toBe('3/3 procedures complete');
    expect(container.firstElementChild?.getAttribute('data-status')).toBe('complete');
    const green = await colorOf(container.firstElementChild);
    expect(green).not.toBe('');

    rerender(<ProcedureBadge topic={{ total_procedures: 3, completed_procedures: 1 }} />);
    expect(container.textContent).toBe('1/3 procedures complete');
    expect(container.firstElementChild?.getAttribute('data-status')).toBe('incomplete');
    const red = await colorOf(container.firstElementChild);
    expect(red).not.toBe('');
    expect(red).not.toBe(green);

    rerender(<ProcedureBadge topic={{ total_procedures: 0, completed_procedures: 0 }} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('client modules', () => {
  it('shows module cards with their thumbnail, name and description, leading to the components', async () => {
    fakeApi([...asRole('user'), { method: 'GET', path: `${BY_SLUG}/modules`, status: 200, body: page([MODULE]) }]);
    renderApp('/acme-training/modules');
    const cards = await screen.findByRole('list', { name: 'Modules' });
    const card = within(cards).getByRole('link', { name: /Safety First/ });
    expect(card.getAttribute('href')).toBe(`/acme-training/modules/${MODULE.id}/components`);
    expect(card.textContent).toContain('Everything about safety');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/files/helmet-thumb.png');
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your Starred Topics' }).getAttribute('href')).toBe('/acme-training/starred-topics');
    expect(screen.queryByRole('link', { name: 'Switch to Admin View' })).toBeNull();
  });

  it("asks for the first page once, from the route's loader; the list asks for the next ones itself", async () => {
    const api = fakeApi([
      ...asRole('user'),
      { method: 'GET', path: `${BY_SLUG}/modules`, status: 200, body: page([MODULE]), once: true },
      { method: 'GET', path: `${BY_SLUG}/modules`, status: 200, body: page([]) },
    ]);
    renderApp('/acme-training/modules?search=Safety');
    await screen.findByRole('link', { name: /Safety First/ });
    const modulesCalls = () =>
      api.fetch.mock.calls
        .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
        .filter((url) => url.pathname.endsWith('/modules'))
        .map((url) => `${url.pathname} ${url.searchParams.get('search')}`);
    expect(modulesCalls()).toEqual([`${BY_SLUG}/modules Safety`]);
    const search = screen.getByRole('searchbox', { name: 'Search by name' });
    fireEvent.change(search, { target: { value: 'nothing' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await screen.findByText('No modules found...');
    expect(modulesCalls()).toEqual([`${BY_SLUG}/modules Safety`, `${BY_SLUG}/modules nothing`]);
  });

  it('asks for the first page again, as the list, when the loader could not get it', async () => {
    fakeApi([
      ...asRole('user'),
      { method: 'GET', path: `${BY_SLUG}/modules`, status: 503, body: { message: 'Down', code: 'server_error' }, once: true },
      { method: 'GET', path: `${BY_SLUG}/modules`, status: 200, body: page([MODULE]) },
    ]);
    renderApp('/acme-training/modules');
    expect(await screen.findByRole('link', { name: /Safety First/ })).toBeTruthy();
  });

  it('gives a card without an image a placeholder of its initials on a tint, hidden from screen readers', async () => {
    fakeApi([...asRole('user'), { method: 'GET', path: `${BY_SLUG}/modules`, status: 200, body: page([{ ...MODULE, main_image: null }]) }]);
    renderApp('/acme-training/modules');
    const card = within(await screen.findByRole('list', { name: 'Modules' })).getByRole('link', { name: /Safety First/ });
    const placeholder = card.querySelector('[data-placeholder]') as HTMLElement;
    expect(placeholder.textContent).toBe('SF');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder.style.background).toContain('linear-gradient');
    expect(card.querySelector('img')).toBeNull();
  });

  it('asks for the client list (active rows, hidden ones left out) and says when there is none', async () => {
    const api = fakeApi([...asRole('admin'), { method: 'GET', path: `${BY_SLUG}/modules`, status: 200, body: page([]) }]);
    renderApp('/acme-training/modules');
    await screen.findByText('No modules found...');
    const call = api.fetch.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .find((url) => url.pathname === `${BY_SLUG}/modules`);
    expect(call?.searchParams.get('active')).toBe('true');
    expect(call?.searchParams.has('show-hidden')).toBe(false);
    expect(screen.getByRole('link', { name: 'Switch to Admin View' }).getAttribute('href')).toBe('/acme-training/admin/modules');
  });

  it('says when a module has no components', async () => {
    fakeApi([
      ...asRole('user'),
      { method: 'GET', path: `${BY_SLUG}/modules/${MODULE.id}`, status: 200, body: { data: MODULE } },
      { method: 'GET', path: `${API}/modules/${MODULE.id}/components`, status: 200, body: page([]) },
    ]);
    renderApp(`/acme-training/modules/${MODULE.id}/components`);
    await screen.findByText('No components found...');
    expect(screen.getByRole('heading', { name: 'Safety First', level: 1 })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Modules' }).getAttribute('href')).toBe('/acme-training/modules');
  });
});

describe('client topics', () => {
  const topics = [
    aTopic('t-1', 'Inspection', { total_procedures: 2, completed_procedures: 2, is_favorite: true }),
    aTopic('t-2', 'Carrying', { order: 1, total_procedures: 2, completed_procedures: 1 }),
    aTopic('t-3', 'History', { order: 2 }),
  ];

  it('lists topics with the Order column, stars, procedure badges and no knowledge-check badge yet', async () => {
    fakeApi([...asRole('user'), ...topicRoutes(topics)]);
    renderApp(topicsPath);
    const inspection = (await screen.findByText('Inspection')).closest('[role="row"]') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: /Order/ })).toBeTruthy();
    expect(within(inspection).getByRole('button', { name: 'Star Inspection' }).getAttribute('aria-pressed')).toBe('true');
    expect(inspection.querySelector('[data-status]')?.getAttribute('data-status')).toBe('complete');
    const carrying = screen.getByText('Carrying').closest('[role="row"]') as HTMLElement;
    expect(carrying.querySelector('[data-status]')?.getAttribute('data-status')).toBe('incomplete');
    const history = screen.getByText('History').closest('[role="row"]') as HTMLElement;
    expect(history.querySelector('[data-status]')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Knowledge Check' })).toBeNull();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Modules', 'Components']);
  });

  it('adds the Knowledge Check column only when a topic has a knowledge check', async () => {
    fakeApi([...asRole('user'), ...topicRoutes([aTopic('t-9', 'Quiz time', { knowledgecheck_id: '01930000-0000-7000-8000-0000000000aa' })])]);
    renderApp(topicsPath);
    const row = (await screen.findByText('Quiz time')).closest('[role="row"]') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Knowledge Check' })).toBeTruthy();
    expect(within(row).getByText('Knowledge Check')).toBeTruthy();
    // The badge opens the topic's client check (spec section 2, client routes).
    expect(within(row).getByRole('link', { name: 'Knowledge Check: Quiz time' }).getAttribute('href')).toBe(
      `${topicsPath}/t-9/knowledgecheck/01930000-0000-7000-8000-0000000000aa`,
    );
  });

  it('stars a topic for a learner', async () => {
    const api = fakeApi([
      ...asRole('user'),
      ...topicRoutes(topics),
      { method: 'POST', path: `${API}/components/${COMPONENT.id}/topics/favorites/t-2`, status: 200, body: { data: { ...topics[1], is_favorite: true } } },
    ]);
    renderApp(topicsPath);
    const star = await screen.findByRole('button', { name: 'Star Carrying' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Star Carrying' }).getAttribute('aria-pressed')).toBe('true'));
    expect(api.requests.some((request) => request.method === 'POST' && request.path.endsWith('/favorites/t-2'))).toBe(true);
  });

  it('hides the star toggle and the Starred Topics link from the owner', async () => {
    fakeApi([...asOwner(), ...topicRoutes(topics)]);
    renderApp(topicsPath);
    await screen.findByText('Inspection');
    expect(screen.queryByRole('button', { name: /^Star / })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Starred' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Your Starred Topics' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Switch to Admin View' }).getAttribute('href')).toBe(`/acme-training/admin/components/${COMPONENT.id}/topics`);
  });

  it('says when there are no topics', async () => {
    fakeApi([...asRole('user'), ...topicRoutes([])]);
    renderApp(topicsPath);
    await screen.findByText('No topics found...');
  });

  it('opens a topic’s items on row click', async () => {
    fakeApi([
      ...asRole('user'),
      ...topicRoutes(topics),
      { method: 'GET', path: `${BY_SLUG}/components/${COMPONENT.id}/topics/t-3`, status: 200, body: { data: topics[2] } },
      { method: 'GET', path: `${API}/topics/t-3/items`, status: 200, body: { data: [] } },
    ]);
    const app = renderApp(topicsPath);
    fireEvent.click(await screen.findByText('History'));
    await screen.findByRole('heading', { name: 'History', level: 1 });
    expect(app.location()).toBe(`${topicsPath}/t-3/items`);
  });
});

describe('content tree', () => {
  const TREE: ContentTreeModule[] = [
    {
      id: MODULE.id,
      name: 'Safety First',
      order: 0,
      is_hidden: true,
      components: [{ id: COMPONENT.id, name: 'Ladders', order: 0, is_hidden: true, topics: [{ id: 't-1', name: 'Inspection', order: 0 }] }],
    },
  ];

  it('checking a component shows it and its module, through the hide/unhide calls', async () => {
    const api = fakeApi([
      ...asRole('user'),
      { method: 'GET', path: `${API}/my-membership/content-tree`, status: 200, body: { data: TREE } },
      { method: 'DELETE', path: `${API}/modules/hidden/${MODULE.id}`, status: 200, body: { data: { ...MODULE, is_hidden: false } } },
      { method: 'DELETE', path: `${API}/modules/${MODULE.id}/components/hidden/${COMPONENT.id}`, status: 200, body: { data: COMPONENT } },
    ]);
    renderApp('/acme-training/content-tree');
    await screen.findByRole('heading', { name: 'Select modules and components you would like to see' });
    const moduleBox = await screen.findByRole('checkbox', { name: 'Show Safety First' });
    expect((moduleBox as HTMLInputElement).checked).toBe(false);

    const expand = screen.getByRole('button', { name: 'Expand Safety First' });
    expect(expand.textContent).toBe('[+]');
    fireEvent.click(expand);
    expect(screen.getByRole('button', { name: 'Collapse Safety First' }).textContent).toBe('[-]');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show Ladders' }));

    await waitFor(() => expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(2));
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      `${API}/modules/hidden/${MODULE.id}`,
      `${API}/modules/${MODULE.id}/components/hidden/${COMPONENT.id}`,
    ]);
    expect((screen.getByRole('checkbox', { name: 'Show Safety First' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Show Ladders' }) as HTMLInputElement).checked).toBe(true);
  });

  it('previews a module in a modal, Loading... while it is fetched', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi([...asRole('user'), { method: 'GET', path: `${API}/my-membership/content-tree`, status: 200, body: { data: TREE } }]);
    const answer = api.fetch.getMockImplementation();
    api.fetch.mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost:3000');
      if (url.pathname !== `${API}/modules/${MODULE.id}`) return answer!(input, init);
      await gate;
      return new Response(JSON.stringify({ data: { ...MODULE, components_count: 1 } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    renderApp('/acme-training/content-tree');
    fireEvent.click(await screen.findByRole('button', { name: 'Safety First' }));
    const dialog = await screen.findByRole('dialog', { name: 'Safety First' });
    expect(within(dialog).getByText('Loading...')).toBeTruthy();
    release();
    await within(dialog).findByText('Everything about safety');
    expect(within(dialog).getByText('1 component')).toBeTruthy();
  });

  it('says when there is nothing to choose from', async () => {
    fakeApi([...asRole('user'), { method: 'GET', path: `${API}/my-membership/content-tree`, status: 200, body: { data: [] } }]);
    renderApp('/acme-training/content-tree');
    await screen.findByText('No modules found...');
    expect(screen.getByRole('link', { name: 'Go back' })).toBeTruthy();
  });

  it('Go back is a link: opened directly, it leads to the client modules', async () => {
    fakeApi([
      ...asRole('user'),
      { method: 'GET', path: `${API}/my-membership/content-tree`, status: 200, body: { data: TREE } },
      { method: 'GET', path: `${BY_SLUG}/modules`, status: 200, body: page([MODULE]) },
    ]);
    const app = renderApp('/acme-training/content-tree');
    const back = await screen.findByRole('link', { name: 'Go back' });
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull();
    expect(back.getAttribute('href')).toBe('/acme-training/modules');
    fireEvent.click(back);
    await waitFor(() => expect(app.location()).toBe('/acme-training/modules'));
    await screen.findByRole('list', { name: 'Modules' });
  });

  it('Go back returns to the previous page after navigating to the content tree', async () => {
    fakeApi([
      ...asRole('user'),
      { method: 'GET', path: `${API}/my-membership/content-tree`, status: 200, body: { data: TREE } },
      { method: 'GET', path: `${API}/my-membership/favorite-topics`, status: 200, body: page([]) },
    ]);
    const app = renderApp('/acme-training/starred-topics');
    await screen.findByRole('heading', { name: 'Your Starred Topics', level: 1 });
    await app.router.navigate('/acme-training/content-tree');
    const back = await screen.findByRole('link', { name: 'Go back' });
    fireEvent.click(back);
    await waitFor(() => expect(app.location()).toBe('/acme-training/starred-topics'));
    await screen.findByRole('heading', { name: 'Your Starred Topics', level: 1 });
  });
});

describe('starred topics', () => {
  it('lists the favourites with their module and component, and opens a topic in the items view', async () => {
    const starred = aTopic('t-1', 'Inspection', { is_favorite: true });
    fakeApi([
      ...asRole('user'),
      { method: 'GET', path: `${API}/my-membership/favorite-topics`, status: 200, body: page([starred]) },
      { method: 'GET', path: `${BY_SLUG}/components/${COMPONENT.id}/topics/t-1`, status: 200, body: { data: starred } },
      { method: 'GET', path: `${API}/topics/t-1/items`, status: 200, body: { data: [] } },
    ]);
    const app = renderApp('/acme-training/starred-topics');
    expect(await screen.findByRole('heading', { name: 'Your Starred Topics', level: 1 })).toBeTruthy();
    const row = (await screen.findByRole('button', { name: 'Inspection' })).closest('tr') as HTMLElement;
    expect(row.textContent).toMatch(/Inspection.*About Inspection.*Safety First.*Ladders/);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Modules' }).getAttribute('href')).toBe('/acme-training/modules');
    fireEvent.click(within(row).getByRole('button', { name: 'Inspection' }));
    await waitFor(() => expect(app.location()).toBe(`/acme-training/modules/${MODULE.id}/components/${COMPONENT.id}/topics/t-1/items`));
    await screen.findByText('This topic appears to be empty.');
  });
});
