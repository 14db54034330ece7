import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { defaultQuery, listPageQuery, type UseServerListOptions } from './listPages';
import { useLocalListQuery, useUrlListQuery, type ListQuery, type ListQueryChange } from './listParams';

export type { ListQuery } from './listParams';
export { csvQueryParams, queryParams, type ListPage, type UseServerListOptions } from './listPages';

/** Spec section 9: the search term goes to the server after 750 ms without typing. */
export const SEARCH_DEBOUNCE_MS = 750;

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
