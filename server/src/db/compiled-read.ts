/**
 * A read of fixed shape (for example "the session of a token", "a page's topics by their ids"), built once with the
 * query API (query.ts) and typed parameters, compiled once per database, and run with real values: no builder or
 * compiler work per call. Run it with `db.read(definition, values)` (database.ts).
 *
 * Only for reads a benchmark in server/bench shows to be hot (ARCHITECTURE.md#data-access): they live in their
 * feature's `hot.ts`, which names the benchmark; every other read is `db.rows(query)`.
 *
 *   const itemsOfTopic = compiledRead<ItemRow, { tenantId: string; topicId: string }>((sql, param) =>
 *     sql.inTenant(param('tenantId')).from('items').where('topic_id', param('topicId')).select('*'));
 *   const rows = await db.read(itemsOfTopic, { tenantId, topicId });
 */
import type { Knex } from './knex.js';
import type { Sql, TenantSql } from './query.js';

/**
 * Stands for a value supplied at run time. The index signature makes it a knex `Value` (knex hands it through to
 * the compiled bindings untouched), so a compiled read is written without casts.
 */
class Parameter {
  [key: string]: unknown;
  constructor(readonly name: string) {}
}

/** A value, or the parameter of a compiled read standing for it (query builders shared by both take this). */
export type Bound<T> = T | Parameter;

/** `param('topicId')`: a parameter of the read, by one of its names. */
export type ParameterOf<Params> = (name: keyof Params & string) => Parameter;

export interface CompiledReadOptions {
  /**
   * Announce each run on knex's 'query' event, as knex does for its own queries (logging, and the query counts of
   * tests and benchmarks). The session lookup runs before any route and is left out of those counts.
   */
  announced?: boolean;
}

export interface CompiledRead<Row, Params> extends Buildable<Params> {
  readonly announced: boolean;
  /** Type-only: the row this read answers. */
  readonly row?: Row;
}

export function compiledRead<Row, Params extends Record<string, unknown>>(
  build: (sql: Sql, param: ParameterOf<Params>) => Knex.QueryBuilder,
  options: CompiledReadOptions = {},
): CompiledRead<Row, Params> {
  return { build, announced: options.announced ?? true };
}

/** A compiled read's SQL: `sql` with `?` placeholders (knex.raw's form), `native` in the database's own form. */
export interface CompiledSql {
  sql: string;
  native: string;
  bindings: readonly unknown[];
}

/** A statement of fixed shape, built with parameters in place of its values: a compiled read or write. */
export interface Buildable<Params> {
  build(sql: Sql, param: ParameterOf<Params>): Knex.QueryBuilder;
}

export function compile<Params>(builder: Sql, statement: Buildable<Params>): CompiledSql {
  const query = statement.build(builder, (name) => new Parameter(name));
  const { sql, bindings } = query.toSQL();
  return { sql, native: query.toSQL().toNative().sql, bindings };
}

/** The bindings of a compiled read with the run's values in place of its parameters. */
export function bindValues(compiled: CompiledSql, values: Record<string, unknown>): unknown[] {
  return compiled.bindings.map((binding) => (binding instanceof Parameter ? values[binding.name] : binding));
}

/**
 * `column IN (the values of a JSON array bound as one value)`: one SQL text for any number of ids, so a read of
 * a page's rows by their ids is compiled once (`param('ids')`, run with `JSON.stringify(ids)`).
 */
export function whereInJsonList(sql: Sql | TenantSql, query: Knex.QueryBuilder, column: string, list: Knex.Value): Knex.QueryBuilder {
  const values = dialectOf(sql).isSqlite ? 'select value from json_each(?)' : 'select json_array_elements_text(?::json)';
  return query.whereRaw(`?? in (${values})`, [column, list]);
}

/**
 * The values of a JSON array bound as one value, as a table of one column, `value` (a `from` source): one SQL text
 * for any number of them, as in `insert … select …, value from` the list (compiled-write.ts).
 */
export function jsonListValues(sql: Sql | TenantSql, list: Knex.Value): Knex.Raw {
  return dialectOf(sql).isSqlite ? sql.raw('json_each(?)', [list]) : sql.raw('json_array_elements_text(?::json) as value', [list]);
}

function dialectOf(sql: Sql | TenantSql): Sql {
  return 'tenantId' in sql ? sql.sql : sql;
}
