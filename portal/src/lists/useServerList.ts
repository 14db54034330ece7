import type { PaginationMeta } from '@tessera/sdk';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ApiOutcome } from '../api/outcome';
import { readListQuery, useLocalListQuery, useUrlListQuery, type ListQuery, type ListQueryChange } from './listParams';

export type { ListQuery } from './listParams';

/** Spec section 9: the search term goes to the server after 750 ms without typing. */
export const SEARCH_DEBOUNCE_MS = 750;

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
  /** Identifies what `load` lists (its filters): a new view is fetched again. Its setter goes back to page 1. */
  view?: string;
  /** The page the route's loader started (`startListPage`): the list's request for that query takes its answer. */
  started?: StartedPage<T, O> | null;
}

/** A list's page that a route loader asked for before the screen rendered, and the query it asked with. */
export interface StartedPage<T, O extends string = string> {
  query: ListQuery<O>;
  answer: Promise<ApiOutcome<ListPage<T>>>;
}

/** The one request of a list that is running or has been answered: a new query, view or reload is a new request. */
interface ListRequest<T, O extends string> {
  query: ListQuery<O>;
  view: string;
  generation: number;
  /** The loader's page this request answers from, if any. */
  started?: StartedPage<T, O>;
}

/**
 * For a route loader: asks for the page of the list that the address's search string describes (with the list's
 * defaults), so that the rows arrive while the screen's code downloads instead of being asked for once it has
 * rendered. The screen hands the result to useServerList (`started`). `load` should not route failures: a failed
 * answer is asked for again by the list, whose failure then routes as any list's does.
 */
export function startListPage<T, O extends string>(request: Request, list: Omit<UseServerListOptions<T, O>, 'view' | 'started'>): StartedPage<T, O> {
  const query = readListQuery(new URL(request.url).searchParams, defaultQuery(list));
  return { query, answer: list.load(query) };
}

function isSameQuery<O extends string>(one: ListQuery<O>, other: ListQuery<O>): boolean {
  return one.page === other.page && one.order === other.order && one.desc === other.desc && one.search === other.search;
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
 * The state of the page's server-paged list (spec section 4): page, sort and search live in the URL (see
 * listParams), the rows and paging come from the answer's `meta`. Sorting and searching go back to page 1; the
 * search term is sent 750 ms after the last keystroke, or at once on Enter.
 */
export function useServerList<T, O extends string = string>(options: UseServerListOptions<T, O>) {
  return useListOf(useUrlListQuery(defaultQuery(options)), options);
}

/** The same list for a list that is not the page's own (a picker in a dialog): its query stays in the component. */
export function useLocalServerList<T, O extends string = string>(options: UseServerListOptions<T, O>) {
  return useListOf(useLocalListQuery(defaultQuery(options)), options);
}

function defaultQuery<O extends string>({
  defaultOrder,
  defaultDesc = false,
}: Pick<UseServerListOptions<unknown, O>, 'defaultOrder' | 'defaultDesc'>): ListQuery<O> {
  return { page: 1, order: defaultOrder, desc: defaultDesc, search: '' };
}

function useListOf<T, O extends string>([query, setQuery]: [ListQuery<O>, ListQueryChange<O>], { load, view = '', started }: UseServerListOptions<T, O>) {
  const [searchText, setSearchText] = useSearchText(query.search);
  // Bumped to fetch again with the same query (Enter on the same term, after a row action).
  const [generation, setGeneration] = useState(0);
  const [request, setRequest] = useState<ListRequest<T, O>>({ query, view, generation });
  // A page the loader started for the query shown (a first visit, a link to the same address) is the next request;
  // each answers once, so coming back to its query later (a search cleared) asks the server again.
  const [taken, setTaken] = useState<StartedPage<T, O> | null>(null);
  if (started && started !== taken && isSameQuery(started.query, query)) {
    setTaken(started);
    setRequest({ query, view, generation, started });
  } else if (request.query !== query || request.view !== view || request.generation !== generation) setRequest({ query, view, generation });
  const [answered, setAnswered] = useState<ListRequest<T, O> | null>(null);
  const [result, setResult] = useState<ListPage<T> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The newest `load`: callers build it on every render, which is not a new request. A started page that failed is
  // asked for again, so its failure routes as the list's own would.
  const fetchPage = useEffectEvent(({ query: current, started: early }: ListRequest<T, O>) =>
    early ? early.answer.then((outcome) => (outcome.ok ? outcome : load(current))) : load(current),
  );

  const cancelDebounce = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => {
    let current = true;
    void fetchPage(request).then((outcome) => {
      if (!current) return;
      setAnswered(request);
      if (!outcome.ok) return;
      const { meta } = outcome.data;
      // A page that emptied (its last row archived) shows the new last page instead.
      if (outcome.data.data.length === 0 && meta.current_page > 1 && meta.current_page > meta.last_page) {
        setQuery((previous) => ({ ...previous, page: Math.max(1, meta.last_page) }), { replace: true });
        return;
      }
      setResult(outcome.data);
    });
    return () => {
      current = false;
    };
  }, [request, setQuery]);

  useEffect(() => cancelDebounce, [cancelDebounce]);

  const commitSearch = useCallback(
    (term: string) => {
      cancelDebounce();
      const search = term.trim();
      // The query shown already (Enter on the same term): fetch it again; otherwise the new query is fetched.
      if (search === query.search && query.page === 1) setGeneration((value) => value + 1);
      else setQuery((current) => ({ ...current, page: 1, search }));
    },
    [cancelDebounce, setQuery, query.search, query.page],
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

  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  return {
    query,
    rows: result?.data ?? [],
    meta: result?.meta ?? null,
    isLoading: answered !== request,
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
