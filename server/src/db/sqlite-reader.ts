/**
 * The SQLite side of the app's `Database` (database.ts): a read-only better-sqlite3 connection beside knex's
 * single writer connection, its prepared statements, the database's change counter, and the read pool.
 *
 * Why a second connection, now that knex itself runs on better-sqlite3:
 * - knex has one connection (SQLite has one writer): a read through it waits behind every transaction in
 *   flight. WAL lets this connection read meanwhile, and each read sees every commit made before it.
 * - knex prepares every statement anew and goes through its pool and builder per query; a kept statement
 *   answers a session lookup or a list page in a few microseconds.
 * - `PRAGMA data_version` changes only with commits of *other* connections: read on the writer, it would
 *   never see the app's own writes (change-cache.ts needs them all).
 *
 * Statements are kept per SQL text, one not used lately dropped beyond a bound (statement-cache.ts). A statement
 * whose cost proves high runs on a worker thread of the read pool instead (read-pool.ts).
 *
 * While no query or transaction holds the writer connection, a read runs there instead: SQLite drops a connection's
 * page cache whenever another connection has committed, so under writes every read here started cold and read each
 * page of its path again (a primary-key lookup after a commit: about 30 µs here, 18 on the writer, whose cache its
 * own commits keep; the OIDC provider's lookups then measured above the read pool's threshold and went to a thread,
 * a round trip dearer than the read: server/bench/oidc-code.ts). Idle, the writer has no transaction open, so it
 * sees exactly the commits this connection would.
 */
import Database from 'better-sqlite3';
import { SQLITE_BUSY_TIMEOUT_MS } from './knex.js';
import { ReadPool } from './read-pool.js';
import { StatementCache, type Statement } from './statement-cache.js';

// Every read of the app runs here outside a transaction: room for its few hundred shapes.
const MAX_STATEMENTS = 512;

/** knex's better-sqlite3 client stores Dates as epoch milliseconds and booleans as 0/1; bind the same way. */
export function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

export class SqliteReader {
  private connection: Database.Database | undefined;
  private readonly statements = new StatementCache((sql) => this.reader().prepare(sql), MAX_STATEMENTS);
  private versionStatement: Statement | undefined;
  /** The change counter read in this turn of the event loop (see `dataVersion`). */
  private versionThisTurn: number | undefined;
  private pool: ReadPool | undefined;
  private closed = false;

  /** `readThreads`: worker threads for costly reads (0: every read on the main thread). */
  constructor(
    readonly filename: string,
    private readonly readThreads: number,
    /** The writer connection while nothing holds it, else undefined. */
    private readonly idleWriter: () => Database.Database | undefined = () => undefined,
  ) {}

  /** Opened on first use: the file exists once knex has migrated it. */
  private reader(): Database.Database {
    this.connection ??= new Database(this.filename, { readonly: true, fileMustExist: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
    return this.connection;
  }

  /** The worker threads for costly reads, started on first use; none when configured with 0 threads. */
  get readPool(): ReadPool | undefined {
    return this.startPool();
  }

  /** Starts the worker threads unless they run (or are configured off); answers them. */
  startPool(): ReadPool | undefined {
    if (!this.pool && this.readThreads > 0 && !this.closed) this.pool = new ReadPool(this.filename, this.readThreads);
    return this.pool;
  }

  /**
   * Runs a read here, or on a read thread when it has proved costly or its caller says it is (`costly`): its cost
   * is measured on every run on the main thread (only while a pool runs).
   */
  async all(sql: string, bindings: readonly unknown[], costly = false): Promise<unknown[]> {
    // Closed, it would open the file again and hold it (a search's trigram counts may be read as the app stops).
    if (this.closed) throw new Error('The database is closed.');
    const values = bindings.map(sqliteValue);
    const pool = this.readPool;
    if (pool?.prefers(sql, costly)) return pool.all(sql, values);
    // The writer keeps its statements itself (knex.ts).
    const statement = this.idleWriter()?.prepare(sql) ?? this.statements.get(sql);
    const started = pool ? performance.now() : 0;
    const rows = statement.all(...values);
    pool?.measured(sql, (performance.now() - started) * 1000);
    return rows;
  }

  /**
   * `PRAGMA data_version`: it changes whenever a commit was made by another connection (the app's writer or
   * another process). Read once per turn of the event loop and shared by the requests of that turn (the read
   * takes SQLite's read lock, two fcntl calls): a request handled in this turn was received before the turn
   * began, so every commit it could know of happened before the counter was read — except this process's own,
   * which may complete within the turn: `writerReleased` forgets the counter after each of them.
   */
  dataVersion(): number {
    if (this.versionThisTurn === undefined) {
      // Prepared once: better-sqlite3's `pragma()` compiles its statement on every call.
      this.versionStatement ??= this.reader().prepare('PRAGMA data_version').pluck();
      this.versionThisTurn = this.versionStatement.get() as number;
      setImmediate(() => {
        this.versionThisTurn = undefined;
      });
    }
    return this.versionThisTurn;
  }

  /**
   * Called whenever the app's writer connection is handed back (after each query outside a transaction, after a
   * transaction's COMMIT or ROLLBACK): knex on better-sqlite3 may finish a commit within the current turn, and a
   * read after it in the same turn must see its change.
   */
  writerReleased(): void {
    this.versionThisTurn = undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.connection?.close();
    this.connection = undefined;
    this.statements.clear();
    this.versionStatement = undefined;
    await this.pool?.close();
    this.pool = undefined;
  }
}
