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
import { sqliteReader, sqliteValue } from './prepared.js';

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

function inTransaction(knex: Knex): boolean {
  return Boolean((knex as Knex & { isTransaction?: boolean }).isTransaction);
}

export async function selectRows<Row>(knex: Knex, query: Knex.QueryBuilder): Promise<Row[]> {
  if (!isSqlite(knex) || inTransaction(knex)) return (await query) as Row[];
  const { sql, bindings } = query.toSQL().toNative();
  knex.client.emit('query', { method: 'select', sql, bindings, prepared: true });
  return cachedStatement(knex, sql).all(...bindings.map(sqliteValue)) as Row[];
}
