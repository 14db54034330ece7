import { act, fireEvent, render as renderElement, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiOutcome } from '../api/outcome';
import { QueryProvider } from '../api/queries';
import { visiblePages } from '../ui/Pagination';
import { ServerTable } from './ServerTable';
import { SEARCH_DEBOUNCE_MS, useServerList, type ListPage, type ListQuery } from './useServerList';

interface Person {
  id: string;
  name: string;
}

const PEOPLE = Array.from({ length: 60 }, (_, index) => ({ id: `p${index + 1}`, name: `Person ${String(index + 1).padStart(2, '0')}` }));
const PER_PAGE = 25;

/** A fake server: filters by search, sorts by name, pages by 25, and records every query. */
function fakeServer() {
  const queries: ListQuery[] = [];
  const load = vi.fn(async (query: ListQuery): Promise<ApiOutcome<ListPage<Person>>> => {
    queries.push(query);
    const matching = PEOPLE.filter((person) => person.name.includes(query.search));
    const sorted = query.desc ? [...matching].reverse() : matching;
    const lastPage = Math.max(1, Math.ceil(sorted.length / PER_PAGE));
    return {
      ok: true,
      data: {
        data: sorted.slice((query.page - 1) * PER_PAGE, query.page * PER_PAGE),
        meta: {
          current_page: query.page,
          last_page: lastPage,
          per_page: PER_PAGE,
          total: sorted.length,
          order: query.order,
          desc: query.desc,
          search: query.search || null,
        },
      },
    };
  });
  return { load, queries };
}

function People({ load, onOpen }: { load: (query: ListQuery) => Promise<ApiOutcome<ListPage<Person>>>; onOpen?: (person: Person) => void }) {
  const list = useServerList({ key: ['people'], load, defaultOrder: 'name' });
  return (
    <ServerTable
      label="People"
      list={list}
      rowKey={(person) => person.id}
      columns={[{ id: 'name', title: 'Name', sortKey: 'name', isRowHeader: true, render: (person) => person.name }]}
      emptyText="No people found..."
      searchPlaceholder="Search by name"
      rowAction={onOpen ? (person) => () => onOpen(person) : undefined}
    />
  );
}

/** The list keeps its query in the URL, so it renders inside a router. */
const render = (list: ReactElement) =>
  renderElement(
    <QueryProvider>
      <MemoryRouter>{list}</MemoryRouter>
    </QueryProvider>,
  );

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

afterEach(() => vi.useRealTimers());

describe('the shared server table', () => {
  it('shows the first page and pages with labelled buttons', async () => {
    const server = fakeServer();
    render(<People load={server.load} />);
    await screen.findByText('Person 01');
    expect(names()).toHaveLength(25);
    expect(screen.getByText('1–25 of 60')).toBeTruthy();
    const paging = screen.getByRole('navigation', { name: 'People pages' });
    expect(within(paging).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(paging).getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);

    fireEvent.click(within(paging).getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Person 51');
    expect(names()).toHaveLength(10);
    expect(server.queries.at(-1)).toMatchObject({ page: 3 });
    expect(within(paging).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  it('marks the table busy while another page loads', async () => {
    const server = fakeServer();
    let release = () => {};
    const load = async (query: ListQuery) => {
      if (query.page === 2) await new Promise<void>((resolve) => (release = resolve));
      return server.load(query);
    };
    render(<People load={load} />);
    await screen.findByText('Person 01');
    const busy = () => screen.getByRole('grid', { name: 'People' }).closest('[aria-busy="true"]');
    expect(busy()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(busy()).not.toBeNull());
    release();
    await screen.findByText('Person 26');
    expect(busy()).toBeNull();
  });

  it('sorts with the column header and goes back to page 1', async () => {
    const server = fakeServer();
    render(<People load={server.load} />);
    await screen.findByText('Person 01');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Person 26');

    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header);
    await screen.findByText('Person 60');
    expect(server.queries.at(-1)).toEqual({ page: 1, order: 'name', desc: true, search: '' });
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts from the keyboard', async () => {
    const server = fakeServer();
    render(<People load={server.load} />);
    await screen.findByText('Person 01');
    const header = screen.getByRole('columnheader', { name: /Name/ });
    act(() => header.focus());
    fireEvent.keyDown(header, { key: 'Enter' });
    fireEvent.keyUp(header, { key: 'Enter' });
    await screen.findByText('Person 60');
    expect(server.queries.at(-1)).toMatchObject({ page: 1, desc: true });
  });

  it('sends the search 750 ms after the last keystroke, from page 1', async () => {
    const server = fakeServer();
    render(<People load={server.load} />);
    await screen.findByText('Person 01');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Person 26');
    const calls = server.queries.length;
    vi.useFakeTimers();

    const search = screen.getByRole('searchbox', { name: 'Search by name' });
    expect(search.getAttribute('placeholder')).toBe('Search by name');
    fireEvent.change(search, { target: { value: 'Person 1' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100));
    fireEvent.change(search, { target: { value: 'Person 5' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(server.queries).toHaveLength(calls);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.queries.slice(calls)).toEqual([{ page: 1, order: 'name', desc: false, search: 'Person 5' }]);
    // The cache hands the answer to the table on a timer of its own (vi.waitFor moves the fake clock on).
    await act(() =>
      vi.waitFor(() =>
        expect(names()).toEqual([
          'Person 50',
          'Person 51',
          'Person 52',
          'Person 53',
          'Person 54',
          'Person 55',
          'Person 56',
          'Person 57',
          'Person 58',
          'Person 59',
        ]),
      ),
    );
  });

  it('searches at once on Enter, without a second call when the timer would have fired', async () => {
    const server = fakeServer();
    render(<People load={server.load} />);
    await screen.findByText('Person 01');
    const calls = server.queries.length;
    vi.useFakeTimers();
    const search = screen.getByRole('searchbox', { name: 'Search by name' });
    fireEvent.change(search, { target: { value: 'nobody' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2));
    expect(server.queries.slice(calls)).toEqual([{ page: 1, order: 'name', desc: false, search: 'nobody' }]);
    expect(screen.getByText('No people found...')).toBeTruthy();
    // Nothing under an empty list: no "0–0 of 0", no pages.
    expect(screen.queryByText(/of 0/)).toBeNull();
    expect(screen.queryByRole('navigation', { name: /pages$/ })).toBeNull();
  });

  it('shows a page that failed (and was not routed) with Retry instead of the table; Retry reads it again', async () => {
    const server = fakeServer();
    const failure = { message: 'Too many requests.', code: 'rate_limited' as const };
    const load = vi.fn(server.load).mockResolvedValueOnce({ ok: false, status: 429, error: failure, routed: false });
    render(<People load={load} />);
    expect(await screen.findByText('Too many requests.')).toBeTruthy();
    expect(screen.queryByRole('grid', { name: 'People' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Person 01')).toBeTruthy();
    expect(screen.queryByText('Too many requests.')).toBeNull();
  });

  it('opens a row on click', async () => {
    const onOpen = vi.fn();
    render(<People load={fakeServer().load} onOpen={onOpen} />);
    fireEvent.click(await screen.findByText('Person 02'));
    expect(onOpen).toHaveBeenCalledWith(PEOPLE[1]);
  });
});

describe('visiblePages', () => {
  it('keeps the ends and the neighbourhood of the current page', () => {
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(visiblePages(1, 10)).toEqual([1, 2, 3, 'gap', 10]);
  });
});
