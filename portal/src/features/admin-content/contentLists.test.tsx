import userEvent from '@testing-library/user-event';
import type { Component, ContentTreeModule, Module, Topic } from '@tessera/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { COPY_COMPONENT_QUESTION, COPY_TOPIC_QUESTION } from './ContentDialogs';

const ACME = aTenant('Acme Training');
const T = `/api/tenants/${ACME.id}`;
const ABILITIES = { update: true, archive: true, restore: false };
const STAMPS = { created_at: '2026-02-01T09:00:00Z', updated_at: '2026-02-02T09:00:00Z', deleted_at: null, is_deleted: false };

function aModule(id: string, name: string): Module {
  return { id, name, description: `${name} basics`, is_active: true, order: 0, main_image: null, is_hidden: false, abilities: ABILITIES, ...STAMPS };
}

function aComponent(id: string, name: string, order: number, overrides: Partial<Component> = {}): Component {
  return {
    id,
    module_id: 'm-safety',
    name,
    description: `About ${name}`,
    is_active: true,
    order,
    main_image: null,
    knowledgecheck_id: null,
    is_hidden: false,
    topics_count: order + 1,
    abilities: ABILITIES,
    ...STAMPS,
    ...overrides,
  };
}

function aTopic(id: string, name: string, order: number): Topic {
  return {
    id,
    component_id: 'c-ladders',
    name,
    description: `About ${name}`,
    is_active: true,
    order,
    items_count: 4,
    total_procedures: 0,
    completed_procedures: 0,
    is_favorite: false,
    knowledgecheck_id: null,
    component: { id: 'c-ladders', name: 'Ladders', module: { id: 'm-safety', name: 'Safety' } },
    abilities: ABILITIES,
    ...STAMPS,
  };
}

const page = <R,>(data: R[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'order', desc: false, search: null },
});

const SAFETY = aModule('m-safety', 'Safety');
const FIRE = aModule('m-fire', 'Fire');
const COMPONENTS = [aComponent('c-ladders', 'Ladders', 0), aComponent('c-scaffolds', 'Scaffolds', 1, { is_active: false }), aComponent('c-roofs', 'Roofs', 2)];
const TOPICS = [aTopic('t-footing', 'Footing', 0), aTopic('t-angle', 'Angle', 1)];
const TREE: ContentTreeModule[] = [
  {
    id: 'm-safety',
    name: 'Safety',
    order: 0,
    is_hidden: false,
    is_active: true,
    components: [
      { id: 'c-ladders', name: 'Ladders', order: 0, is_hidden: false, is_active: true, topics: [] },
      { id: 'c-roofs', name: 'Roofs', order: 1, is_hidden: false, is_active: false, topics: [] },
    ],
  },
  {
    id: 'm-fire',
    name: 'Fire',
    order: 1,
    is_hidden: false,
    is_active: false,
    components: [{ id: 'c-exits', name: 'Exits', order: 0, is_hidden: false, is_active: true, topics: [] }],
  },
];

function asAdmin(extra: FakeRoute[] = []) {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'admin', tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    { method: 'GET', path: '/api/tenants/acme-training/modules/m-safety', status: 200, body: { data: SAFETY } },
    { method: 'GET', path: '/api/tenants/acme-training/components/c-ladders', status: 200, body: { data: COMPONENTS[0] } },
    { method: 'GET', path: `${T}/modules/m-safety/components`, status: 200, body: page(COMPONENTS) },
    { method: 'GET', path: `${T}/modules`, status: 200, body: page([SAFETY, FIRE]) },
    { method: 'GET', path: `${T}/components/c-ladders/topics`, status: 200, body: page(TOPICS) },
    { method: 'GET', path: `${T}/my-membership/content-tree`, status: 200, body: { data: TREE } },
    ...extra,
  ]);
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;

/** A row action from the row's More menu (a react-aria menu opens on a real pointer press, as user-event makes). */
async function chooseAction(row: HTMLElement, name: string, action: string) {
  await userEvent.click(within(row).getByRole('button', { name: `More actions for ${name}` }));
  await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: action }));
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('Admin Components', () => {
  it('shows the columns, breadcrumbs and the user view link; inactive is highlighted', async () => {
    const api = asAdmin();
    renderApp('/acme-training/admin/modules/m-safety/components');
    const scaffolds = await rowOf('Scaffolds');
    expect(scaffolds.textContent).toMatch(/Scaffolds.*Inactive.*2.*Feb 01 26.*Feb 02 26/);
    expect(screen.getByRole('link', { name: 'Switch to User View' }).getAttribute('href')).toBe('/acme-training/modules/m-safety/components');
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getByRole('link', { name: 'Modules' })
        .getAttribute('href'),
    ).toBe('/acme-training/admin/modules');
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toBeTruthy();
    expect(within(scaffolds).getByRole('link', { name: 'Settings of Scaffolds' }).getAttribute('href')).toBe(
      '/acme-training/admin/components/c-scaffolds/edit',
    );
    await userEvent.click(within(scaffolds).getByRole('button', { name: 'More actions for Scaffolds' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Copy', 'Move', 'Knowledge Check', 'Archive']);
    // The knowledge check action opens the component's check page (its loader sends a component without one to create).
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Knowledge Check' }));
    // The check page's loader asks for the component (not faked here): the action went there.
    await waitFor(() => expect(api.requests.some((request) => request.path.endsWith('/components/c-scaffolds'))).toBe(true));
  });

  it('disables (does not hide) move up on the first row and move down on the last; a move sends the whole order once', async () => {
    const api = asAdmin([{ method: 'PATCH', path: `${T}/modules/m-safety/components`, status: 200, body: page(COMPONENTS) }]);
    renderApp('/acme-training/admin/modules/m-safety/components');
    const disabled = (button: HTMLElement) => button.hasAttribute('disabled') || button.hasAttribute('data-disabled');
    const ladders = await rowOf('Ladders');
    expect(disabled(within(ladders).getByRole('button', { name: 'Move Ladders up' }))).toBe(true);
    expect(disabled(within(ladders).getByRole('button', { name: 'Move Ladders down' }))).toBe(false);
    const roofs = await rowOf('Roofs');
    expect(disabled(within(roofs).getByRole('button', { name: 'Move Roofs up' }))).toBe(false);
    expect(disabled(within(roofs).getByRole('button', { name: 'Move Roofs down' }))).toBe(true);

    fireEvent.click(within(roofs).getByRole('button', { name: 'Move Roofs up' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'PATCH')).toBe(true));
    const patches = api.requests.filter((request) => request.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0].body).toEqual({
      components: [
        { id: 'c-ladders', order: 0 },
        { id: 'c-roofs', order: 1 },
        { id: 'c-scaffolds', order: 2 },
      ],
    });
  });

  it('copies a component after the question, and only after Continue', async () => {
    const api = asAdmin([{ method: 'POST', path: `${T}/modules/m-safety/components/copy/c-roofs`, status: 201, body: { data: COMPONENTS[2] } }]);
    renderApp('/acme-training/admin/modules/m-safety/components');
    await chooseAction(await rowOf('Roofs'), 'Roofs', 'Copy');
    const dialog = await screen.findByRole('alertdialog', { name: 'Copy “Roofs”?' });
    expect(dialog.textContent).toContain(COPY_COMPONENT_QUESTION);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.requests.some((request) => request.path.includes('/copy/'))).toBe(false);

    await chooseAction(await rowOf('Roofs'), 'Roofs', 'Copy');
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Copy “Roofs”?' })).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.requests.filter((request) => request.path.endsWith('/copy/c-roofs'))).toHaveLength(1));
    // Announced, with where the copy went.
    const toasts = within(await screen.findByRole('region', { name: /Notifications/ }));
    expect(toasts.getByText('Component copied')).toBeTruthy();
    expect(toasts.getByText('The copy of “Roofs” is at the end of the list.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Copy “Roofs”?' })).toBeNull());
  });

  it('moves a component to a module chosen in the Move Component dialog (not its own)', async () => {
    const api = asAdmin([{ method: 'POST', path: `${T}/modules/m-safety/components/move/c-roofs`, status: 200, body: { data: COMPONENTS[2] } }]);
    renderApp('/acme-training/admin/modules/m-safety/components');
    await chooseAction(await rowOf('Roofs'), 'Roofs', 'Move');
    const dialog = await screen.findByRole('dialog', { name: 'Move Component' });
    const move = within(dialog).getByRole('button', { name: 'Move' });
    expect(move.hasAttribute('disabled') || move.hasAttribute('data-disabled')).toBe(true);
    fireEvent.click(await within(dialog).findByRole('button', { name: /Module/ }));
    expect(screen.queryByRole('option', { name: 'Safety' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Fire' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.requests.find((request) => request.path.endsWith('/move/c-roofs'))?.body).toEqual({ module_id: 'm-fire' }));
  });
});

describe('Admin Topics', () => {
  it("a topic's Knowledge Check action opens the topic's check page", async () => {
    const api = asAdmin();
    renderApp('/acme-training/admin/components/c-ladders/topics');
    await chooseAction(await rowOf('Angle'), 'Angle', 'Knowledge Check');
    // The check page's loader asks for the topic (not faked here): the action went there.
    await waitFor(() => expect(api.requests.some((request) => request.path.endsWith('/topics/t-angle'))).toBe(true));
  });

  it('moves a topic to a component picked in the content tree, where modules cannot be picked', async () => {
    const api = asAdmin([{ method: 'POST', path: `${T}/components/c-ladders/topics/move/t-angle`, status: 200, body: { data: TOPICS[1] } }]);
    renderApp('/acme-training/admin/components/c-ladders/topics');
    const angle = await rowOf('Angle');
    expect(angle.textContent).toMatch(/Angle.*Active.*4/);
    await chooseAction(angle, 'Angle', 'Move');
    const dialog = await screen.findByRole('dialog', { name: 'Move Topic' });
    const choices = await within(dialog).findAllByRole('radio');
    // The topic's own component is not offered; modules are headings, not choices. Inactive components and the
    // components of inactive modules are destinations too, marked (issue 14); the tree is the authors' one.
    expect(choices.map((radio) => radio.closest('label')?.textContent)).toEqual(['Roofs, inactive (Safety)', 'Exits (Fire, inactive)']);
    const treeUrl = api.fetch.mock.calls.map(([input]) => new URL((input as Request).url)).find((url) => url.pathname.endsWith('/content-tree'));
    expect(treeUrl?.searchParams.get('include-inactive')).toBe('true');
    // The search narrows the choices by component or module name.
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search components' }), { target: { value: 'fire' } });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Exits (Fire, inactive)']);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Exits (Fire, inactive)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.requests.find((request) => request.path.endsWith('/move/t-angle'))?.body).toEqual({ component_id: 'c-exits' }));
  });

  it('asks the topic copy question and opens the items editor on a row click', async () => {
    const api = asAdmin();
    renderApp('/acme-training/admin/components/c-ladders/topics');
    await chooseAction(await rowOf('Footing'), 'Footing', 'Copy');
    expect((await screen.findByRole('alertdialog', { name: 'Copy “Footing”?' })).textContent).toContain(COPY_TOPIC_QUESTION);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(screen.getByText('Footing'));
    // The items editor's route (helper of the items editor) starts loading that topic's items.
    await waitFor(() => expect(api.requests.some((request) => request.path === '/api/tenants/acme-training/topics/t-footing/items')).toBe(true));
  });
});
