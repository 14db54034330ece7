import type { PaginationMeta } from '@tessera/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiOutcome } from '../api/outcome';

/** Spec section 9: the search term goes to the server after 750 ms without typing. */
export const SEARCH_DEBOUNCE_MS = 750;

/** What a list screen asks the server for (the query conventions of ARCHITECTURE.md#lists-and-query-conventions). */
export interface ListQuery<O extends string = string> {
  page: number;
  /** A sort key of the resource (the contract lists them per list). */
  order: O;
  desc: boolean;
  /** The committed search term ('' for none). */
  search: string;
}

export interface ListPage<T> {
  data: T[];
  meta: PaginationMeta;
}

export interface UseServerListOptions<T, O extends string> {
  /** Fetches one page (through apiCall, so failures are routed globally). */
  load(query: ListQuery<O>): Promise<ApiOutcome<ListPage<T>>>;
  /** The spec's default sort of this list (section 9). */
  defaultOrder: O;
  defaultDesc?: boolean;
  /** Identifies the view (a tab: active, archived...); a change starts again at page 1. */
  view?: string;
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
 * The state of one server-paged list (spec section 4): page, sort and search live here, the rows
 * and paging come from the answer's `meta`. Sorting and searching go back to page 1; the search
 * term is sent 750 ms after the last keystroke, or at once on Enter.
 */
export function useServerList<T, O extends string = string>({ load, defaultOrder, defaultDesc = false, view = '' }: UseServerListOptions<T, O>) {
  const initial: ListQuery<O> = { page: 1, order: defaultOrder, desc: defaultDesc, search: '' };
  const [query, setQuery] = useState<ListQuery<O>>(initial);
  const [searchText, setSearchText] = useState('');
  const [result, setResult] = useState<ListPage<T> | null>(null);
  const [isLoading, setLoading] = useState(true);
  // Bumped to fetch again with the same query (Enter on the same term, after a row action).
  const [generation, setGeneration] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const [shownView, setShownView] = useState(view);
  if (shownView !== view) {
    // Another tab: start again at page 1 (set during render, so only the new view is fetched).
    setShownView(view);
    setQuery((current) => ({ ...current, page: 1 }));
  }

  const cancelDebounce = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => {
    let current = true;
    setLoading(true);
    void latestLoad.current(query).then((outcome) => {
      if (!current) return;
      setLoading(false);
      if (!outcome.ok) return;
      const { meta } = outcome.data;
      // A page that emptied (its last row archived) shows the new last page instead.
      if (outcome.data.data.length === 0 && meta.current_page > 1 && meta.current_page > meta.last_page) {
        setQuery((previous) => ({ ...previous, page: Math.max(1, meta.last_page) }));
        return;
      }
      setResult(outcome.data);
    });
    return () => {
      current = false;
    };
  }, [query, view, generation]);

  useEffect(() => cancelDebounce, [cancelDebounce]);

  const commitSearch = useCallback(
    (term: string) => {
      cancelDebounce();
      setQuery((current) => ({ ...current, page: 1, search: term.trim() }));
      setGeneration((value) => value + 1);
    },
    [cancelDebounce],
  );

  const changeSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      cancelDebounce();
      timer.current = setTimeout(() => commitSearch(text), SEARCH_DEBOUNCE_MS);
    },
    [cancelDebounce, commitSearch],
  );

  const submitSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      commitSearch(text);
    },
    [commitSearch],
  );

  // Column sort keys are the contract's keys of this list (the columns are written for it).
  const sortBy = useCallback((order: string, desc: boolean) => setQuery((current) => ({ ...current, page: 1, order: order as O, desc })), []);

  const goToPage = useCallback((page: number) => setQuery((current) => ({ ...current, page })), []);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  return {
    query,
    rows: result?.data ?? [],
    meta: result?.meta ?? null,
    isLoading,
    searchText,
    changeSearch,
    submitSearch,
    sortBy,
    goToPage,
    reload,
  };
}

export type ServerList<T, O extends string = string> = ReturnType<typeof useServerList<T, O>>;
