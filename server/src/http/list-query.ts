/**
 * Lists: the query conventions of DESIGN.md section 2 (`paginate`, `page`, `per_page`, `order`, `desc`,
 * `search`, `archived`, `active`) read once, and a paginator answering `{ data, meta }`.
 *
 * A feature describes its list with a `ListDefinition` (sort keys -> SQL, the default sort, the searched
 * columns or its own search), builds its filtered query (FROM, JOINs, WHEREs, no SELECT), and hands both to `paginate`
 * with the columns to select. A page costs at most two queries whatever its size (the page, and a count
 * unless the page shows that no rows follow it);
 * per-row counts belong in the select as correlated subqueries, so they are evaluated in the same query.
 * Both run as cached prepared statements (db/cached-select.ts).
 */
import type { ParsedUrlQuery } from 'node:querystring';
import type { PaginationMeta } from '@tessera/sdk';
import { selectRows } from '../db/cached-select.js';
import type { Knex } from '../db/knex.js';
import { parseFlag } from './input.js';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
const MAX_SEARCH_LENGTH = 255;

export interface ListDefinition<Key extends string = string> {
  /** Sort key -> SQL expression (constants written in code, never from input). */
  sorts: Record<Key, string>;
  defaultOrder: Key;
  /** The direction when the request names no sort key (users list newest first). */
  defaultDesc?: boolean;
  /** A unique column that breaks ties, so pages never overlap. */
  tieBreaker: string;
  /** Columns `search` matches (case-insensitive, anywhere in the value). */
  searchColumns: string[];
  /** A search of its own instead of LIKE on `searchColumns` (people are found through an index). */
  search?: (knex: Knex, query: Knex.QueryBuilder, term: string) => Knex.QueryBuilder;
}

export interface ListParams<Key extends string = string> {
  paginate: boolean;
  page: number;
  perPage: number;
  order: Key;
  desc: boolean;
  search: string | null;
  archived: boolean;
  /** undefined when the request does not filter on it. */
  active: boolean | undefined;
}

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

/** `%` and `_` typed by a person are literal characters, not wildcards. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Adds the search condition: any of the columns contains the term, in any letter case. */
export function applySearch(query: Knex.QueryBuilder, columns: string[], search: string | null): Knex.QueryBuilder {
  if (!search || columns.length === 0) return query;
  const pattern = likePattern(search);
  return query.where((scope) => {
    for (const column of columns) scope.orWhereRaw(`lower(${column}) like ? escape '\\'`, [pattern]);
  });
}

/** Archived rows (`archived=true`) or live ones, by a `deleted_at` column. */
export function applyArchived(query: Knex.QueryBuilder, column: string, archived: boolean): Knex.QueryBuilder {
  return archived ? query.whereNotNull(column) : query.whereNull(column);
}

export interface Page<Row> {
  rows: Row[];
  meta: PaginationMeta;
}

/**
 * Runs a list: `filtered` carries FROM/JOIN/WHERE (search is applied here), `select` adds the columns.
 * With `paginate=false` every row comes back in one page and no count query is needed.
 */
export async function paginate<Row, Key extends string>(
  knex: Knex,
  filtered: Knex.QueryBuilder,
  params: ListParams<Key>,
  definition: ListDefinition<Key>,
  select: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<Page<Row>> {
  const searched =
    params.search && definition.search ? definition.search(knex, filtered, params.search) : applySearch(filtered, definition.searchColumns, params.search);
  const direction = params.desc ? 'desc' : 'asc';
  const ordered = select(searched.clone())
    .orderByRaw(`${definition.sorts[params.order]} ${direction}`)
    .orderBy(definition.tieBreaker, direction);
  const echo = { order: params.order, desc: params.desc, search: params.search };

  if (!params.paginate) {
    const rows = await selectRows<Row>(knex, ordered);
    return { rows, meta: { current_page: 1, last_page: 1, per_page: Math.max(rows.length, 1), total: rows.length, ...echo } };
  }

  // One row beyond the page tells whether more follow: when none do, the total is known without counting
  // (a search that fits on one page costs a single query).
  const offset = (params.page - 1) * params.perPage;
  const fetched = await selectRows<Row>(knex, ordered.limit(params.perPage + 1).offset(offset));
  const rows = fetched.slice(0, params.perPage);
  const totalKnown = fetched.length <= params.perPage && (rows.length > 0 || offset === 0);
  const total = totalKnown ? offset + rows.length : await countRows(knex, searched);
  return {
    rows,
    meta: { current_page: params.page, last_page: Math.max(1, Math.ceil(total / params.perPage)), per_page: params.perPage, total, ...echo },
  };
}

async function countRows(knex: Knex, searched: Knex.QueryBuilder): Promise<number> {
  const [{ total }] = await selectRows<{ total: number | string }>(knex, searched.clone().count({ total: '*' }));
  return Number(total);
}

/** The list envelope with rows turned into the contract's shape. */
export function listBody<Row, Item>(page: Page<Row>, present: (row: Row) => Item): { data: Item[]; meta: PaginationMeta } {
  return { data: page.rows.map(present), meta: page.meta };
}
