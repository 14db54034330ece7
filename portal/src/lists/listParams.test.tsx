import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../api/outcome';
import { QueryProvider } from '../api/queries';
import { Tabs } from '../ui/Tabs';
import { readListQuery, useUrlTab, writeListQuery, type ListQuery } from './listParams';
import { ServerTable } from './ServerTable';
import { useServerList, type ListPage } from './useServerList';

interface Person {
  id: string;
  name: string;
}

const PEOPLE = Array.from({ length: 60 }, (_, index) => ({ id: `p${index + 1}`, name: `Person ${String(index + 1).padStart(2, '0')}` }));
const PER_PAGE = 25;
const DEFAULTS: ListQuery = { page: 1, order: 'name', desc: false, search: '' };

/** A fake server that pages 25 names (the archived tab lists them in reverse) and records every query. */
function fakeServer() {
  const queries: (ListQuery & { tab: string })[] = [];
  const loadFor =
    (tab: string) =>
    async (query: ListQuery): Promise<ApiOutcome<ListPage<Person>>> => {
      queries.push({ ...query, tab });
      const matching = PEOPLE.filter((person) => person.name.includes(query.search));
      const sorted = query.desc !== (tab === 'archived') ? [...matching].reverse() : matching;
      const meta = { current_page: query.page, last_page: Math.max(1, Math.ceil(sorted.length / PER_PAGE)), per_page: PER_PAGE, total: sorted.length };
      return {
        ok: true,
        data: {
          data: sorted.slice((query.page - 1) * PER_PAGE, query.page * PER_PAGE),
          meta: { ...meta, order: query.order, desc: query.desc, search: query.search || null },
        },
      };
    };
  return { loadFor, queries };
}

const TABS = ['all', 'archived'] as const;

function renderPeople(path = '/people') {
  const server = fakeServer();
  function PeopleList({ tab }: { tab: string }) {
    const list = useServerList({ key: ['people', tab], load: server.loadFor(tab), defaultOrder: 'name' });
    return (
      <ServerTable
        label="People"
        list={list}
        rowKey={(person) => person.id}
        columns={[{ id: 'name', title: 'Name', sortKey: 'name', isRowHeader: true, render: (person) => person.name }]}
        emptyText="No people found..."
        searchPlaceholder="Search by name"
      />
    );
  }
  function PeoplePage() {
    const [tab, setTab] = useUrlTab(TABS);
    return (
      <Tabs
        label="People"
        selected={tab}
        onSelect={setTab}
        tabs={TABS.map((id) => ({ id, title: id === 'all' ? 'All' : 'Archived', panel: <PeopleList key={id} tab={id} /> }))}
      />
    );
  }
  const router = createMemoryRouter([{ path: '/people', Component: PeoplePage }], { initialEntries: [path] });
  render(
    <QueryProvider>
      <RouterProvider router={router} />
    </QueryProvider>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { server, router, location };
}

const firstName = () => screen.getAllByRole('row')[1].textContent;

describe('list state in the URL', () => {
  it('reads and writes only what differs from the defaults', () => {
    expect(readListQuery(new URLSearchParams('page=0&desc=maybe'), DEFAULTS)).toEqual(DEFAULTS);
    const query = readListQuery(new URLSearchParams('page=3&order=joined&desc=true&search=an'), DEFAULTS);
    expect(query).toEqual({ page: 3, order: 'joined', desc: true, search: 'an' });
    expect(writeListQuery(new URLSearchParams('tab=archived&page=9'), { ...DEFAULTS, page: 2 }, DEFAULTS).toString()).toBe('tab=archived&page=2');
    expect(writeListQuery(new URLSearchParams('page=2&search=x'), DEFAULTS, DEFAULTS).toString()).toBe('');
  });

  it('puts page, sort and search in the URL, and Back shows the previous list again', async () => {
    const app = renderPeople();
    await screen.findByText('Person 01');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Person 26');
    expect(app.location()).toBe('/people?page=2');

    fireEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await screen.findByText('Person 60');
    expect(app.location()).toBe('/people?desc=true');

    const search = screen.getByRole('searchbox', { name: 'Search by name' });
    fireEvent.change(search, { target: { value: 'Person 1' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(firstName()).toBe('Person 19'));
    expect(app.location()).toBe('/people?desc=true&search=Person+1');

    await act(() => app.router.navigate(-1));
    await screen.findByText('Person 60');
    expect(app.location()).toBe('/people?desc=true');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search by name' }).value).toBe('');

    await act(() => app.router.navigate(-1));
    await screen.findByText('Person 26');
    expect(app.location()).toBe('/people?page=2');
  });

  it('opens a shared link on its tab, page, sort and search', async () => {
    const app = renderPeople('/people?tab=archived&page=2&desc=true&search=Person');
    await waitFor(() => expect(firstName()).toBe('Person 26'));
    expect(app.server.queries).toEqual([{ page: 2, order: 'name', desc: true, search: 'Person', tab: 'archived' }]);
    expect(screen.getByRole('tab', { name: 'Archived' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search by name' }).value).toBe('Person');
  });

  it('keeps the tab in the URL, and a new tab starts its list afresh', async () => {
    const app = renderPeople('/people?page=2');
    await screen.findByText('Person 26');
    fireEvent.click(screen.getByRole('tab', { name: 'Archived' }));
    await screen.findByText('Person 60');
    expect(app.location()).toBe('/people?tab=archived');
    expect(app.server.queries.at(-1)).toEqual({ ...DEFAULTS, tab: 'archived' });

    await act(() => app.router.navigate(-1));
    await screen.findByText('Person 26');
    expect(within(screen.getByRole('tablist')).getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
  });
});
