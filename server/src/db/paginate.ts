/**
 * Lists run on the database: a feature describes its list with a `ListDefinition` (sort keys -> SQL, the default
 * sort, the searched columns or its own search, and where a benchmark asks for it its page read and total count,
 * named strategies), builds its filtered query (FROM, JOINs, WHEREs, no SELECT), and hands both to `paginate` with
 * the columns to select. A page costs at most two queries whatever its size (see `paginate`); per-row counts belong
 * in the select as correlated subqueries, so they are evaluated in the same query. Both run through `db.rows`
 * (database.ts). `listRows` answers every row of the same list instead of a page (its CSV download), batch after
 * batch (`db.batches`). The request's side (reading `ListParams` from the query
 * string, the `{ data, meta }` envelope) is http/list-query.ts.
 */
import type { PaginationMeta } from '@tessera/sdk';
import { keptAnswers } from './change-cache.js';
import { whereInJsonList } from './compiled-read.js';
import type { Database } from './database.js';
import { normaliseRow, type ColumnKinds } from './model.js';
import type { Fragment, Query } from './query.js';

export interface ListDefinition<Key extends string = string> {
  /**
   * Sort key -> SQL expression over the list's tables (constants written in code, never from input), several in turn
   * (`[assigned first, due date, name]`, each in the asked direction), or a column of the select list (`bySelected`).
   */
  sorts: Record<Key, Sort>;
  defaultOrder: Key;
  /** The direction when the request names no sort key (users list newest first). */
  defaultDesc?: boolean;
  /** A unique column that breaks ties, so pages never overlap. */
  tieBreaker: string;
  /** Columns `search` matches (case-insensitive, anywhere in the value). */
  searchColumns: string[];
  /** A search of its own instead of LIKE on `searchColumns` (people are found through an index). */
  search?: ListSearch;
  /** How a page is read (`PageRead`): `keysThenRows` unless the list's feature says otherwise in its hot.ts. */
  page?: PageRead;
  /** How the total is known (`TotalCount`): `withKeys` unless the list's feature says otherwise in its hot.ts. */
  total?: TotalCount;
}

/**
 * How a page is read:
 * - `keysThenRows`: the page's keys (and the total) from the filters and sort keys alone, then those rows with their
 *   columns and per-row counts. Databases work out a select list for every row they sort, so a list of 10,000 members
 *   read in one query counted every member's groups to show 25 of them.
 * - `keysJoinedToRows`: one statement, the page's keys joined to their rows, for a select of plain columns (no per-row
 *   subqueries): a media search page costs a fifth less than sorting whole rows.
 * A sort by a column of the select list (`bySelected`, a count) needs the select list anyway: its page is one query
 * over whole rows, whatever the list's page read.
 */
type PageRead = 'keysThenRows' | 'keysJoinedToRows';

/**
 * How the total is known:
 * - `withKeys`: `count(*) over ()` beside the page's keys (the page reads every matching key to sort them anyway);
 * - `keptCount`: a count of its own, kept until the next commit (`db.kept`), for lists long enough that counting costs
 *   more than the page (bioreq's 100,000 documents): the page walks the sort's index and stops at its end;
 * - `keptCountOrWithKeys`: `keptCount` where the database keeps answers between requests, else `withKeys` (a list of
 *   few rows that are all read to sort them: a count of its own would be one more statement each time).
 * A caller that knows the total from totals the database keeps passes it (`PageOptions.total`): no count runs.
 */
type TotalCount = 'withKeys' | 'keptCount' | 'keptCountOrWithKeys';

/**
 * A sort key: SQL over the list's tables, several expressions in turn (their page is read keys then rows: a page of
 * keys joined to rows sorts on one), or a column of the select list (`bySelected('members_count')`).
 */
export type Sort = string | readonly string[] | { readonly selected: string };

/** The expressions a sort orders by, in turn. */
function sortExpressions(sort: Sort): readonly string[] {
  if (typeof sort === 'string') return [sort];
  return 'selected' in sort ? [sort.selected] : sort;
}

/** A sort by a column the select list computes (a count): its page is read whole (see `PageRead`). */
export function bySelected(column: string): Sort {
  return { selected: column };
}

/** A list's own search: the condition it adds to the list's query for a term (contains-search.ts). */
export type ListSearch = (db: Database, query: Query, term: string) => Query;

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

/** `%` and `_` typed by a person are literal characters, not wildcards. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Adds the search condition: any of the columns contains the term, in any letter case. */
export function applySearch(query: Query, columns: string[], search: string | null): Query {
  if (!search || columns.length === 0) return query;
  const pattern = likePattern(search);
  return query.where((scope) => {
    for (const column of columns) scope.orWhereRaw(`lower(${column}) like ? escape '\\'`, [pattern]);
  });
}

/** Archived rows (`archived=true`) or live ones, by a `deleted_at` column. */
export function applyArchived(query: Query, column: string, archived: boolean): Query {
  return archived ? query.whereNotNull(column) : query.whereNull(column);
}

export interface Page<Row> {
  rows: Row[];
  meta: PaginationMeta;
}

/**
 * Every row of a list, whatever its paging asks (`paginate`, `page`, `per_page` do not apply): the rows its filters
 * and search select, in its sort with the tie-breaker last. The CSV form of a list (http/csv.ts): 100,000 rows are
 * streamed, never held. Read as pages are, keys then rows, a batch at a time: the batch's keys in keyset order
 * (`db.batches` over the filters and sort keys alone, which walks the sort's index from where the previous batch
 * ended), then those rows with their columns by their keys (one list of ids bound as one value: one SQL text), each
 * batch normalised by `columns`. Read whole with their joins, the database sorted every remaining row for each batch
 * (the knowledge check report's 100,000 responses: 300 ms a batch on SQLite, server/bench/csv-export.ts). A sort by a
 * column of the select list (`bySelected`) walks the select as a derived table, by that column.
 */
export async function* listRows<Row, Key extends string>(
  db: Database,
  filtered: Query,
  params: ListParams<Key>,
  definition: ListDefinition<Key>,
  select: (query: Query) => Query,
  { columns, size }: { columns?: ColumnKinds; size?: number } = {},
): AsyncGenerator<Row[], void, undefined> {
  const searched = searchedOf(db, filtered.clone(), params.search, definition);
  const sort = definition.sorts[params.order];
  if (typeof sort === 'object' && 'selected' in sort) {
    const listed = db
      .query()
      .select('listed.*')
      .from(select(searched).select(`${definition.tieBreaker} as ${LISTED_KEY}`).as('listed'));
    for await (const batch of db.batches<Row>(listed, columns, { by: [`listed.${sort.selected}`], key: `listed.${LISTED_KEY}`, desc: params.desc, size })) {
      yield batch.map((row) => withoutListedKey(row));
    }
    return;
  }
  const expressions = sortExpressions(sort);
  const direction = params.desc ? 'desc' : 'asc';
  const rowsOf = (batch: Record<typeof LISTED_KEY, string>[]) => {
    // The search is settled by the keys: the rows' query leaves it out (a trigram search is the costliest filter).
    const rows = whereInJsonList(db.sql, select(filtered.clone()), definition.tieBreaker, JSON.stringify(batch.map((row) => row[LISTED_KEY])));
    for (const expression of [...expressions, definition.tieBreaker]) rows.orderByRaw(`${expression} ${direction}`);
    const read = db.rows<Row>(rows, columns);
    // Its failure is taken when it is awaited, below.
    read.catch(() => undefined);
    return read;
  };
  // The keys walk on while the rows of the batches before are read (each a read of its own: on SQLite's read threads,
  // PostgreSQL's connections), ROWS_AHEAD batches at most.
  const reading: Promise<Row[]>[] = [];
  const keys = searched.select(`${definition.tieBreaker} as ${LISTED_KEY}`);
  const rowsPerRead = size ?? ROWS_PER_READ;
  const order = { by: expressions, key: definition.tieBreaker, desc: params.desc, size: rowsPerRead * READS_PER_KEY_BATCH };
  try {
    for await (const batch of db.batches<Record<typeof LISTED_KEY, string>>(keys, undefined, order)) {
      for (let start = 0; start < batch.length; start += rowsPerRead) {
        reading.push(rowsOf(batch.slice(start, start + rowsPerRead)));
        if (reading.length > ROWS_AHEAD) yield await (reading.shift() as Promise<Row[]>);
      }
    }
    while (reading.length > 0) yield await (reading.shift() as Promise<Row[]>);
  } finally {
    // Stopped early: no read outlives the walk.
    await Promise.allSettled(reading);
  }
}

/** Rows `listRows` reads at once (by their keys), and answers as a batch. */
const ROWS_PER_READ = 2_000;
/**
 * Its keys are walked three reads at a time: a sort no index serves sorts the remaining rows for each batch of keys
 * (the report by score on SQLite: 100,000 responses took 4.5 s in batches of 2,000 keys, 2.2 s in batches of 6,000).
 */
const READS_PER_KEY_BATCH = 3;
/** Reads of rows `listRows` runs ahead of the batch it answers (server/bench/csv-export.ts). */
const ROWS_AHEAD = 2;

/** The tie-breaker's value under a name of its own, beside a list's columns (`listRows`). */
const LISTED_KEY = 'listed_key';

/** A row without the key `listRows` selected (the last column: the row keeps its shape). */
function withoutListedKey<Row>(row: Row): Row {
  delete (row as Record<string, unknown>)[LISTED_KEY];
  return row;
}

/** A page of knex rows normalised as their model reads them (`normaliseRow`, db/model.ts). */
export function normalisedPage<Row extends object>(page: Page<object>, columns: ColumnKinds): Page<Row> {
  return { rows: page.rows.map((row) => normaliseRow<Row>(columns, row)), meta: page.meta };
}

/**
 * Runs a list: `filtered` carries FROM/JOIN/WHERE (search is applied here), `select` adds the columns. With
 * `paginate=false` every row comes back in one page and no count is needed. A page costs at most two queries whatever
 * its size, read as the list's `PageRead` says, with its total as its `TotalCount` says.
 */
export async function paginate<Row, Key extends string>(
  db: Database,
  filtered: Query,
  params: ListParams<Key>,
  definition: ListDefinition<Key>,
  select: (query: Query) => Query,
  { rowsById, total: knownTotal, columns }: PageOptions<Row> = {},
): Promise<Page<Row>> {
  const searched = searchedOf(db, filtered.clone(), params.search, definition);
  const sort = definition.sorts[params.order];
  const expressions = sortExpressions(sort);
  const direction = params.desc ? 'desc' : 'asc';
  const ordered = (query: Query) => {
    for (const expression of expressions) query.orderByRaw(`${expression} ${direction}`);
    return query.orderBy(definition.tieBreaker, direction);
  };
  const echo = { order: params.order, desc: params.desc, search: params.search };

  if (!params.paginate) {
    const rows = await db.rows<Row>(ordered(select(searched.clone())), columns);
    return { rows, meta: { current_page: 1, last_page: 1, per_page: Math.max(rows.length, 1), total: rows.length, ...echo } };
  }

  const offset = (params.page - 1) * params.perPage;
  const wholeRows = typeof sort === 'object' && 'selected' in sort;
  const totalCount = definition.total ?? 'withKeys';
  const totalApart = !wholeRows && (knownTotal !== undefined || totalCount === 'keptCount' || (totalCount === 'keptCountOrWithKeys' && db.keepsAnswers));
  const withTotal = (query: Query) => {
    // The page size is written into the SQL (a hundred texts at most), the offset bound: PostgreSQL plans a prepared
    // statement with a bound limit anew on each run (its generic plan would have to guess the limit); written, the
    // generic plan serves from the sixth run, even for a page of keys joined to eight relations (server/bench/kc.ts).
    const page = ordered(query).limit(params.perPage, { skipBinding: true }).offset(offset);
    return totalApart ? page : page.select(db.raw(`count(*) over () as ${PAGE_TOTAL}`));
  };
  const pageKeys = (...columns: (string | Fragment)[]) => withTotal(searched.clone().select(`${definition.tieBreaker} as page_key`, ...columns));
  let rows: Row[];
  let total: number | undefined;
  if (wholeRows || (definition.page === 'keysJoinedToRows' && expressions.length === 1)) {
    const page = wholeRows
      ? withTotal(select(searched.clone()))
      : rowsOfPageKeys(filtered, select, pageKeys(db.raw(`${expressions[0]} as page_sort`)), definition.tieBreaker, direction, !totalApart);
    const fetched = await db.rows<Row & PageTotal>(page);
    if (!totalApart) total = totalOf(fetched);
    rows = fetched.map(({ [PAGE_TOTAL]: _total, ...row }) => (columns ? normaliseRow<Row & object>(columns, row) : (row as Row)));
  } else {
    const keys = await db.rows<{ page_key: string } & PageTotal>(pageKeys());
    if (!totalApart) total = totalOf(keys);
    const ids = keys.map((key) => key.page_key);
    if (ids.length === 0) rows = [];
    else if (rowsById) rows = inOrderOf(ids, await rowsById(ids));
    // The search is settled by the ids: the rows' query leaves it out (a trigram search is the costliest filter).
    else rows = await db.rows<Row>(ordered(select(filtered.clone().whereIn(definition.tieBreaker, ids))), columns);
  }
  if (totalApart) total = knownTotal ?? (await countKept(db, searched));
  // An empty page past the first tells nothing of the total: count it.
  total ??= offset === 0 ? 0 : await countRows(db, searched);
  return {
    rows,
    meta: { current_page: params.page, last_page: Math.max(1, Math.ceil(total / params.perPage)), per_page: params.perPage, total, ...echo },
  };
}

const PAGE_TOTAL = 'page_total';
type PageTotal = Record<typeof PAGE_TOTAL, unknown>;

/** The total every row of a page carries (`count(*) over ()`); unknown from an empty page. */
function totalOf(rows: PageTotal[]): number | undefined {
  return rows.length > 0 ? Number(rows[0][PAGE_TOTAL]) : undefined;
}

/**
 * One statement for a page of plain columns: the page's keys with the total, sorted on the sort key alone (a
 * sort carries every column it is given through the window and the sorter), joined to those rows' columns.
 * A media search page costs a fifth less than sorting the whole rows.
 */
function rowsOfPageKeys(filtered: Query, select: (query: Query) => Query, pageKeys: Query, key: string, direction: 'asc' | 'desc', withTotal: boolean) {
  const rows = select(filtered.clone()).join(pageKeys.as('page_keys'), key, 'page_keys.page_key');
  return (withTotal ? rows.select(`page_keys.${PAGE_TOTAL}`) : rows).orderBy('page_keys.page_sort', direction).orderBy('page_keys.page_key', direction);
}

export interface PageOptions<Row> {
  /** How the rows' columns are normalised (the row's model, or `withColumns(Model, …)`): the rows `paginate` reads arrive typed. */
  columns?: ColumnKinds;
  /** The rows of the page's ids, read by a compiled read (see `RowsById`, normalised by it) instead of `select`. */
  rowsById?: RowsById<Row>;
  /**
   * The list's total (after its filters and search), when the caller already knows it without counting, e.g. from
   * totals the database keeps (kc_completed_totals): no count query runs, and the page reads its keys alone.
   */
  total?: number;
}

/**
 * A list's rows by their ids (in any order), for lists read often enough to compile their rows' read once
 * (a compiled read with `whereInJsonList`, compiled-read.ts): the rows' query then costs no building per request.
 */
export type RowsById<Row> = (ids: string[]) => Promise<Row[]>;

function inOrderOf<Row>(ids: string[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [(row as { id: string }).id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function searchedOf<Key extends string>(db: Database, query: Query, search: string | null, definition: ListDefinition<Key>): Query {
  if (!search) return query;
  return definition.search ? definition.search(db, query, search) : applySearch(query, definition.searchColumns, search);
}

const keptTotals = keptAnswers<number>(1_000);

/** The count of a list counted apart (`keptCount`), kept per statement and bindings until the next commit. */
function countKept(db: Database, searched: Query): Promise<number> {
  const counted = countQuery(searched);
  const { sql, bindings } = counted.toSQL();
  return db.kept(keptTotals, `${sql}\u0000${JSON.stringify(bindings)}`, () => totalOfCount(db, counted));
}

const countQuery = (searched: Query) => searched.clone().count({ total: '*' });

function countRows(db: Database, searched: Query): Promise<number> {
  return totalOfCount(db, countQuery(searched));
}

async function totalOfCount(db: Database, counted: Query): Promise<number> {
  const [{ total }] = await db.rows<{ total: number | string }>(counted);
  return Number(total);
}
