/**
 * A server-paged list's pages without React: what a list is (its key, how a page loads, its default sort), the query of
 * one page and the parameters of its call. Apart from the hooks (useServerList.ts) so that a route loader can ask for
 * a page with the app's first code, without the list's React code.
 */
import type { PaginationMeta } from '@tessera/sdk';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { ApiOutcome } from '../api/outcome';
import { queryClient, unwrap } from '../api/queries';
import { readListQuery, type ListQuery } from './listParams';

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
export function listPageQuery<T, O extends string>({ key, load }: Pick<UseServerListOptions<T, O>, 'key' | 'load'>, query: ListQuery<O>) {
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

/** A list's first page, sorted as the spec says (no search). */
export function defaultQuery<O extends string>({
  defaultOrder,
  defaultDesc = false,
}: Pick<UseServerListOptions<unknown, O>, 'defaultOrder' | 'defaultDesc'>): ListQuery<O> {
  return { page: 1, order: defaultOrder, desc: defaultDesc, search: '' };
}
