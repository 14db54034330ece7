import type { PaginationMeta } from '@tessera/sdk';
import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiOutcome } from '../api/outcome';
import { queryClient, unwrap } from '../api/queries';
import { readListQuery, useLocalListQuery, useUrlListQuery, type ListQuery, type ListQueryChange } from './listParams';

export type { ListQuery } from './listParams';

/** Spec section 9: the search term goes to the server after 750 ms without typing. */
export const SEARCH_DEBOUNCE_MS = 750;

export interface ListPage<T> {
  data: T[];
  meta: PaginationMeta;
}

export interface UseServerListOptions<T, O extends string> {
  /**
   * The list's query key: its family first (what a mutation of its rows invalidates, e.g. `['members']`), then what
   * `load` lists (tenant, filters). The page's query is appended; another key is another list.
   */
  key: QueryKey;
  /** Fetches one page (through apiCall, so failures are routed globally). */
  load(query: ListQuery<O>): Promise<ApiOutcome<ListPage<T>>>;
  /** The spec's default sort of this list (section 9). */
  defaultOrder: O;
  defaultDesc?: boolean;
}

/** The query of one page of a list: the page reads it, and a route loader may prefetch it (`prefetchListPage`). */
function listPageQuery<T, O extends string>({ key, load }: Pick<UseServerListOptions<T, O>, 'key' | 'load'>, query: ListQuery<O>) {
  return queryOptions({ queryKey: [...key, 'page', query], queryFn: async () => unwrap(await load(query)) });
}

/**
 * For a route loader: asks for the page of the list that the address's search string describes (with the list's
 * defaults) into the cache, so that the rows arrive while the screen's code downloads instead of being asked for once
 * it has rendered; the page's list reads that answer (the same query) without asking again. Not awaited: the screen
 * renders with its loading line if the rows are not there yet. `list.load` should not route failures (the
 * organization's loader answers those it shares with its own redirect): a page that failed before the list mounted
 * is asked for again by the list, whose failure then routes as any list's does.
 */
export function prefetchListPage<T, O extends string>(request: Request, list: UseServerListOptions<T, O>): void {
  const query = readListQuery(new URL(request.url).searchParams, defaultQuery(list));
  void queryClient.prefetchQuery(listPageQuery(list, query));
}

/** The query parameters of a list call: only what differs from the server's defaults. */
export function queryParams<O extends string>(query: ListQuery<O>) {
  return {
    page: query.page,
    order: query.order,
    desc: query.desc,
    ...(query.search ? { search: query.search } : {}),
  };
}

/**
 * The query parameters of a list's CSV download (`format=csv`): the list's sort and search as shown, no page (the
 * download holds every row they select).
 */
export function csvQueryParams<O extends string>(query: ListQuery<O>) {
  return {
    order: query.order,
    desc: query.desc,
    ...(query.search ? { search: query.search } : {}),
    format: 'csv' as const,
  };
}

/**
 * The state of the page's server-paged list (spec section 4): page, sort and search live in the URL (see
 * listParams), the rows and paging come from the answer's `meta`, read through the cache (one query per page).
 * Sorting and searching go back to page 1; the search term is sent 750 ms after the last keystroke, or at once on
 * Enter.
 */
export function useServerList<T, O extends string = string>(options: UseServerListOptions<T, O>) {
  return useListOf(useUrlListQuery(defaultQuery(options)), options, true);
}

/**
 * The same list for a list that is not the page's own (a picker in a dialog): its query stays in the component, and
 * each opening reads it again (showing what the cache has meanwhile).
 */
export function useLocalServerList<T, O extends string = string>(options: UseServerListOptions<T, O>) {
  return useListOf(useLocalListQuery(defaultQuery(options)), options, 'always');
}

function defaultQuery<O extends string>({
  defaultOrder,
  defaultDesc = false,
}: Pick<UseServerListOptions<unknown, O>, 'defaultOrder' | 'defaultDesc'>): ListQuery<O> {
  return { page: 1, order: defaultOrder, desc: defaultDesc, search: '' };
}

function useListOf<T, O extends string>(
  [query, setQuery]: [ListQuery<O>, ListQueryChange<O>],
  list: UseServerListOptions<T, O>,
  refetchOnMount: true | 'always',
) {
  const [searchText, setSearchText] = useSearchText(query.search);
  // Paging, sorting and searching keep the rows shown (busy) until the next page arrives: the table does not flash.
  const { data, error, isFetching, refetch } = useQuery({ ...listPageQuery(list, query), placeholderData: keepPreviousData, refetchOnMount });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A page that emptied (its last row archived) shows the new last page instead.
  const emptied = data !== undefined && data.data.length === 0 && data.meta.current_page > 1 && data.meta.current_page > data.meta.last_page;
  const lastPage = emptied ? Math.max(1, data.meta.last_page) : null;
  useEffect(() => {
    if (lastPage !== null) setQuery((previous) => ({ ...previous, page: lastPage }), { replace: true });
  }, [lastPage, setQuery]);
  const shown = emptied ? undefined : data;

  const cancelDebounce = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => cancelDebounce, [cancelDebounce]);

  const commitSearch = useCallback(
    (term: string) => {
      cancelDebounce();
      const search = term.trim();
      // The query shown already (Enter on the same term): fetch it again; otherwise the new query is fetched.
      if (search === query.search && query.page === 1) void refetch({ cancelRefetch: false });
      else setQuery((current) => ({ ...current, page: 1, search }));
    },
    [cancelDebounce, setQuery, query.search, query.page, refetch],
  );

  const changeSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      cancelDebounce();
      timer.current = setTimeout(() => commitSearch(text), SEARCH_DEBOUNCE_MS);
    },
    [setSearchText, cancelDebounce, commitSearch],
  );

  const submitSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      commitSearch(text);
    },
    [setSearchText, commitSearch],
  );

  // Column sort keys are the contract's keys of this list (the columns are written for it).
  const sortBy = useCallback((order: string, desc: boolean) => setQuery((current) => ({ ...current, page: 1, order: order as O, desc })), [setQuery]);

  const goToPage = useCallback((page: number) => setQuery((current) => ({ ...current, page })), [setQuery]);

  // A read of this page already running (an invalidation after a write) answers for it: no second request.
  const reload = useCallback(() => void refetch({ cancelRefetch: false }), [refetch]);

  return {
    query,
    rows: shown?.data ?? [],
    meta: shown?.meta ?? null,
    isLoading: isFetching || emptied,
    /** The read's failure: the list shows it with Retry (`reload`) unless the global error routing took it. */
    error,
    searchText,
    changeSearch,
    submitSearch,
    sortBy,
    goToPage,
    reload,
  };
}

export type ServerList<T, O extends string = string> = ReturnType<typeof useListOf<T, O>>;

/**
 * The text in the search box: what the user types, until the committed term changes from elsewhere (Back, a link),
 * which the box then shows. The term a keystroke committed itself (the same words, trimmed) leaves the text alone.
 */
function useSearchText(committed: string) {
  const [value, set] = useState(committed);
  const [shownTerm, setShownTerm] = useState(committed);
  if (committed !== shownTerm) {
    setShownTerm(committed);
    if (committed !== value.trim()) set(committed);
  }
  return [value, set] as const;
}
