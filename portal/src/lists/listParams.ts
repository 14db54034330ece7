import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/** What a list screen asks the server for (ARCHITECTURE.md, query conventions). */
export interface ListQuery<O extends string = string> {
  page: number;
  /** A sort key of the resource (the contract lists them per list). */
  order: O;
  desc: boolean;
  /** The committed search term ('' for none). */
  search: string;
}

/** The search parameters a list keeps in the URL: the names the API's list queries use. */
const LIST_PARAMS = ['page', 'order', 'desc', 'search'] as const;

/** The tab of a page with tabs (its default tab is left out of the URL). */
const TAB_PARAM = 'tab';

export type ListQueryChange<O extends string> = (change: (query: ListQuery<O>) => ListQuery<O>, how?: { replace?: boolean }) => void;

/** The list query a URL describes; what it leaves out, or spells wrongly, is the list's default. */
export function readListQuery<O extends string>(params: URLSearchParams, defaults: ListQuery<O>): ListQuery<O> {
  const page = Number(params.get('page'));
  const desc = params.get('desc');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : defaults.page,
    // The contract's sort keys of this list: a key the server does not know is answered by its validation.
    order: (params.get('order') as O | null) || defaults.order,
    desc: desc === 'true' ? true : desc === 'false' ? false : defaults.desc,
    search: params.get('search') ?? defaults.search,
  };
}

/** `params` with the list's query written in: only what differs from the defaults, so a fresh list has a bare URL. */
export function writeListQuery<O extends string>(params: URLSearchParams, query: ListQuery<O>, defaults: ListQuery<O>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of LIST_PARAMS) next.delete(name);
  if (query.page !== defaults.page) next.set('page', String(query.page));
  if (query.order !== defaults.order) next.set('order', query.order);
  if (query.desc !== defaults.desc) next.set('desc', String(query.desc));
  if (query.search !== defaults.search) next.set('search', query.search);
  return next;
}

/**
 * The list query of a page's list, kept in the URL's search parameters so that Back, a reload and a shared link
 * show the same page, sort and search. Each change is a history entry, except a `replace` (a correction the user did
 * not ask for, such as leaving a page that emptied).
 */
export function useUrlListQuery<O extends string>(defaults: ListQuery<O>): [ListQuery<O>, ListQueryChange<O>] {
  const [params, setParams] = useSearchParams();
  const { page, order, desc, search } = defaults;
  // One object per URL: the fetch runs again only when the URL's query changes.
  const query = useMemo(() => readListQuery(params, { page, order, desc, search }), [params, page, order, desc, search]);
  const change = useCallback<ListQueryChange<O>>(
    (update, how) => {
      const fallback = { page, order, desc, search };
      setParams((current) => writeListQuery(current, update(readListQuery(current, fallback)), fallback), {
        replace: how?.replace,
        preventScrollReset: true,
      });
    },
    [setParams, page, order, desc, search],
  );
  return [query, change];
}

/** The list query of a list that is not the page's own (a picker in a dialog): kept in the component. */
export function useLocalListQuery<O extends string>(defaults: ListQuery<O>): [ListQuery<O>, ListQueryChange<O>] {
  const [query, setQuery] = useState(defaults);
  const change = useCallback<ListQueryChange<O>>((update) => setQuery(update), []);
  return [query, change];
}

/**
 * A page's selected tab, kept in the URL (`?tab=`; the first tab is left out). Choosing another tab starts its list
 * afresh: the page, sort, search and filters of the tab left behind are dropped.
 */
export function useUrlTab<T extends string>(tabs: readonly T[]): [T, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const named = params.get(TAB_PARAM);
  const tab = tabs.find((candidate) => candidate === named) ?? tabs[0];
  const select = useCallback((next: string) => setParams(next === tabs[0] ? {} : { [TAB_PARAM]: next }, { preventScrollReset: true }), [setParams, tabs]);
  return [tab, select];
}

/**
 * One filter of a page's list kept in the URL (`fallback` is left out). A new filter value goes back to page 1, as a
 * new sort or search does.
 */
export function useUrlFilter(name: string, fallback: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? fallback;
  const select = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete('page');
          if (next === fallback) updated.delete(name);
          else updated.set(name, next);
          return updated;
        },
        { preventScrollReset: true },
      ),
    [setParams, name, fallback],
  );
  return [value, select];
}
