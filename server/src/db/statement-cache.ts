/**
 * The statements a better-sqlite3 connection has prepared, kept per SQL text: preparing parses and plans the SQL
 * (10–30 µs for a page's join), and a server runs a few hundred distinct texts over and over. Beyond `max`, one
 * not used lately is dropped (recently-used.ts). A kept statement is safe to run again: better-sqlite3 runs
 * `all`/`get`/`run` to completion, and SQLite prepares a statement again by itself after a schema change.
 */
import type Database from 'better-sqlite3';
import { RecentlyUsed } from './recently-used.js';

export type Statement = Database.Statement<unknown[], unknown>;

export class StatementCache {
  private readonly statements: RecentlyUsed<Statement>;

  constructor(
    private readonly prepare: (sql: string) => Statement,
    max: number,
  ) {
    this.statements = new RecentlyUsed(max);
  }

  get(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.prepare(sql)));
    return statement;
  }

  clear(): void {
    this.statements.clear();
  }
}
