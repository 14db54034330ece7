/**
 * Reads that vary with their input (lists: sort key, direction, search, page) but repeat the same SQL
 * text, run as cached prepared statements. On SQLite the statement runs on the read-only connection of
 * prepared.ts (preparing a join costs more than running it; the app's sqlite3 driver prepares every query
 * anew); statements are cached per SQL text, the least recently used dropped beyond a bound.
 * PostgreSQL, and any call inside a transaction (which must see its own writes), go through knex as usual.
 *
 * Each run is announced on knex's 'query' event like any other query, so logging and the query counts
 * of the tests and the benchmark see it.
 */
import type { Knex } from './knex.js';
import { isSqlite } from './knex.js';
import { Placeholder, readPoolOf, sqliteReader, sqliteValue } from './prepared.js';

const MAX_STATEMENTS = 256;
type Statement = ReturnType<ReturnType<typeof sqliteReader>['prepare']>;
const caches = new WeakMap<object, Map<string, Statement>>();

function cachedStatement(knex: Knex, sql: string): Statement {
  const reader = sqliteReader(knex);
  let cache = caches.get(reader);
  if (!cache) {
    cache = new Map();
    caches.set(reader, cache);
  }
  let statement = cache.get(sql);
  if (statement) {
    // Map order is recency order: move it to the end.
    cache.delete(sql);
  } else {
    statement = reader.prepare(sql);
    if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
  }
  cache.set(sql, statement);
  return statement;
}

export function inTransaction(knex: Knex): boolean {
  return Boolean((knex as Knex & { isTransaction?: boolean }).isTransaction);
}

/**
 * Runs a read on the read-only connection, or on a read thread when it has proved costly (read-pool.ts): its
 * cost is measured on every run on the main thread.
 */
async function runCached<Row>(knex: Knex, sql: string, bindings: readonly unknown[]): Promise<Row[]> {
  knex.client.emit('query', { method: 'select', sql, bindings, prepared: true });
  const values = bindings.map(sqliteValue);
  const pool = readPoolOf(knex);
  if (pool?.prefers(sql)) return (await pool.all(sql, values)) as Row[];
  const statement = cachedStatement(knex, sql);
  const started = pool ? performance.now() : 0;
  const rows = statement.all(...values) as Row[];
  pool?.measured(sql, (performance.now() - started) * 1000);
  return rows;
}

/** Runs a read built anew each time (its SQL text is the cache key). */
export async function selectRows<Row>(knex: Knex, query: Knex.QueryBuilder): Promise<Row[]> {
  if (!isSqlite(knex) || inTransaction(knex)) return (await query) as Row[];
  const { sql, bindings } = query.toSQL().toNative();
  return runCached<Row>(knex, sql, bindings);
}

/** The first row of a read built anew each time (`query.first()` on the read path of `selectRows`). */
export async function selectFirst<Row>(knex: Knex, query: Knex.QueryBuilder): Promise<Row | undefined> {
  const [row] = await selectRows<Row>(knex, query.limit(1));
  return row;
}

/**
 * A read of fixed shape (for example "counts for one user"), built once per knex with `placeholder(...)`
 * values and run with real ones: no builder or compiler work per call.
 */
export function selectWith<Row>(build: (knex: Knex) => Knex.QueryBuilder) {
  const compiled = new WeakMap<Knex, { sql: string; bindings: readonly unknown[] }>();
  return async (knex: Knex, values: Record<string, unknown>): Promise<Row[]> => {
    let native = compiled.get(knex);
    if (!native) {
      // `?` placeholders (not PostgreSQL's native $1): knex.raw renumbers them, and SQLite reads them as they are.
      const { sql, bindings } = build(knex).toSQL();
      native = { sql, bindings };
      compiled.set(knex, native);
    }
    const bindings = native.bindings.map((binding) => (binding instanceof Placeholder ? values[binding.name] : binding));
    if (!isSqlite(knex) || inTransaction(knex)) {
      // knex.raw answers { rows } on PostgreSQL and the rows themselves on SQLite.
      const result = await knex.raw(native.sql, bindings as Knex.RawBinding[]);
      return (Array.isArray(result) ? result : result.rows) as Row[];
    }
    return runCached<Row>(knex, native.sql, bindings);
  };
}

/**
 * `column IN (the values of a JSON array bound as one value)`: one SQL text for any number of ids, so a read of
 * a page's rows by their ids is compiled once (`selectWith`, with `placeholder('ids')` and `JSON.stringify(ids)`).
 */
export function whereInJsonList(db: Knex, query: Knex.QueryBuilder, column: string, list: unknown): Knex.QueryBuilder {
  const values = isSqlite(db) ? 'select value from json_each(?)' : 'select json_array_elements_text(?::json)';
  return query.whereRaw(`?? in (${values})`, [column, list as Knex.Value]);
}
