/**
 * Prepared statements for the hottest read queries (the session lookup runs on every authenticated
 * request). Compiling a join is most of its cost in SQLite, and knex prepares every query anew; a
 * statement prepared once per pooled connection answers several times faster. PostgreSQL gets a
 * named prepared statement, parsed once per connection by the server.
 *
 * The query is written with the knex builder (so it stays readable and dialect-correct) using
 * placeholder values, compiled once per knex instance, and run with the real values.
 */
import type { Knex } from 'knex';
import { isSqlite } from './knex.js';

interface SqliteStatement {
  all(bindings: unknown[], callback: (error: Error | null, rows: unknown[]) => void): void;
}
interface SqliteConnection {
  prepare(sql: string, callback: (error: Error | null) => void): SqliteStatement;
}
interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface PooledClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
}

/** Stands for a value supplied at run time; `placeholder('token')` in the builder, `{ token }` when running. */
export class Placeholder {
  constructor(readonly name: string) {}
}
export const placeholder = (name: string) => new Placeholder(name);

export type PreparedSelect<Row> = (values: Record<string, unknown>) => Promise<Row[]>;

function prepareSqlite(connection: SqliteConnection, sql: string): Promise<SqliteStatement> {
  return new Promise((resolve, reject) => {
    const statement = connection.prepare(sql, (error) => (error ? reject(error) : resolve(statement)));
  });
}

export function preparedSelect<Row>(knex: Knex, name: string, build: (knex: Knex) => Knex.QueryBuilder): PreparedSelect<Row> {
  const native = build(knex).toSQL().toNative();
  const bind = (values: Record<string, unknown>) =>
    native.bindings.map((binding) => (binding instanceof Placeholder ? values[binding.name] : binding));
  const pool = knex.client as PooledClient;

  async function withConnection<T>(run: (connection: unknown) => Promise<T>): Promise<T> {
    const connection = await pool.acquireConnection();
    try {
      return await run(connection);
    } finally {
      await pool.releaseConnection(connection);
    }
  }

  if (isSqlite(knex)) {
    const statements = new WeakMap<object, Promise<SqliteStatement>>();
    return (values) =>
      withConnection(async (connection) => {
        let statement = statements.get(connection as object);
        if (!statement) {
          statement = prepareSqlite(connection as SqliteConnection, native.sql);
          statements.set(connection as object, statement);
        }
        const ready = await statement;
        // Running to completion ends SQLite's implicit read transaction, so the next run sees new commits.
        return new Promise<Row[]>((resolve, reject) => ready.all(bind(values), (error, rows) => (error ? reject(error) : resolve(rows as Row[]))));
      });
  }
  return (values) =>
    withConnection(async (connection) => (await (connection as PgConnection).query({ name: `tessera_${name}`, text: native.sql, values: bind(values) })).rows as Row[]);
}
