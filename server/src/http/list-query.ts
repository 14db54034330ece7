/**
 * Lists, the request's side: a list's query string as its form (`queryForms` of @tessera/sdk/rules, parsed by the
 * route's `validate(form, 'query')` step) completed with the list's defaults, and the `{ data, meta }` envelope. The
 * page itself is read by `paginate` (db/paginate.ts).
 */
import type { ParsedUrlQuery } from 'node:querystring';
import type { PaginationMeta } from '@tessera/sdk';
import type { ListQueryInput } from '@tessera/sdk/rules';
import type { ListDefinition, ListParams, Page } from '../db/paginate.js';
import { parseFlag } from './input.js';

const DEFAULT_PER_PAGE = 25;
const MAX_PER_PAGE = 100;
const MAX_SEARCH_LENGTH = 255;

/** The first value of a query parameter (`?a=1&a=2` reads as 1). */
export function queryValue(query: ParsedUrlQuery, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}

function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,9}$/.test(value.trim())) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

/** Lenient by design: malformed values fall back to the defaults, `per_page` is capped at 100. */
export function readListParams<Key extends string>(query: ParsedUrlQuery, definition: ListDefinition<Key>): ListParams<Key> {
  const requestedOrder = queryValue(query, 'order');
  const order = requestedOrder !== undefined && Object.hasOwn(definition.sorts, requestedOrder) ? (requestedOrder as Key) : definition.defaultOrder;
  const defaultDesc = requestedOrder === undefined ? Boolean(definition.defaultDesc) : false;
  const search = (queryValue(query, 'search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  return {
    paginate: parseFlag(queryValue(query, 'paginate')) ?? true,
    page: positiveInteger(queryValue(query, 'page')) ?? 1,
    perPage: Math.min(positiveInteger(queryValue(query, 'per_page')) ?? DEFAULT_PER_PAGE, MAX_PER_PAGE),
    order,
    desc: parseFlag(queryValue(query, 'desc')) ?? defaultDesc,
    search: search === '' ? null : search,
    archived: parseFlag(queryValue(query, 'archived')) ?? false,
    active: parseFlag(queryValue(query, 'active')),
  };
}

const DEFAULT_PAGE_SIZE = 25;

/**
 * The page a route's list query asks for, with the list's defaults: the first page of 25, the default sort key in its
 * default direction (an unknown key, read as null, sorts by the default key ascending, as before the key was asked).
 */
export function listParams<Key extends string>(query: ListQueryInput<Key>, definition: ListDefinition<Key>): ListParams<Key> {
  return {
    paginate: query.paginate ?? true,
    page: query.page ?? 1,
    perPage: query.per_page ?? DEFAULT_PAGE_SIZE,
    order: query.order ?? definition.defaultOrder,
    desc: query.desc ?? (query.order === undefined ? Boolean(definition.defaultDesc) : false),
    search: query.search ?? null,
    archived: query.archived ?? false,
    active: query.active,
  };
}

/** The list envelope with rows turned into the contract's shape. */
export function listBody<Row, Item>(page: Page<Row>, present: (row: Row) => Item): { data: Item[]; meta: PaginationMeta } {
  return { data: page.rows.map(present), meta: page.meta };
}
