/**
 * The statements a better-sqlite3 connection has prepared, kept per SQL text: preparing parses and plans the SQL
 * (10–30 µs for a page's join), and a server runs a few hundred distinct texts over and over. The least recently
 * used is dropped beyond `max`. A kept statement is safe to run again: better-sqlite3 runs `all`/`get`/`run`
 * to completion, and SQLite prepares a statement again by itself after a schema change.
 */
import type Database from 'better-sqlite3';

export type Statement = Database.Statement<unknown[], unknown>;

export class StatementCache {
  /** Map order is recency order. */
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly prepare: (sql: string) => Statement,
    private readonly max: number,
  ) {}

  get(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement) {
      this.statements.delete(sql);
    } else {
      statement = this.prepare(sql);
      if (this.statements.size >= this.max) this.statements.delete(this.statements.keys().next().value as string);
    }
    this.statements.set(sql, statement);
    return statement;
  }

  clear(): void {
    this.statements.clear();
  }
}
