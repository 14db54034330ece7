/**
 * The app's database: one object, created once by `createApp` (`services.db`), that owns the knex instance and
 * everything kept beside it — compiled reads and writes, the SQLite read-only connection with its statements and
 * read pool (sqlite-reader.ts, read-pool.ts), the commit-scoped kept answers (change-cache.ts) — and closes them
 * together.
 *
 * The data-access rule (ARCHITECTURE.md): a feature writes plain knex (`db.knex`). `db.select`, `db.read` and
 * `db.kept` are for the reads a benchmark in server/bench shows to be hot, `db.compiledTransaction` for such a
 * write, and they go through this object, never around it.
 *
 * A transaction is a `Database` too (`db.transaction(async (tx) => ...)`, `tx.knex` is knex's transaction): it
 * shares the app's compiled reads, and its reads go through the transaction (they must see its own writes), so
 * nothing it reads is kept.
 */
import { createHash } from 'node:crypto';
import type { DatabaseConfig } from '../config.js';
import { ChangeCache, type KeptAnswers } from './change-cache.js';
import type BetterSqlite3 from 'better-sqlite3';
import { bindValues, compile, whereInJsonList, type Buildable, type CompiledRead, type CompiledSql } from './compiled-read.js';
import type { CompiledTransaction, CompiledWrite } from './compiled-write.js';
import { createKnex, type Knex } from './knex.js';
import { defaultReadThreads, type ReadPool } from './read-pool.js';
import { SqliteReader, sqliteValue } from './sqlite-reader.js';
import { TrigramFrequencies } from './trigram-frequencies.js';

interface PgConnection {
  query(config: { name?: string; text: string; values?: readonly unknown[] }): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/** The part of knex's client (and its tarn pool) used here: a pooled pg connection, or SQLite's one connection. */
interface PooledClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
  pool: { on(event: 'release', listener: () => void): void };
}

/** Runs a compiled statement with its bindings, or a command such as COMMIT; answers the rows changed. */
type StatementRunner = (statement: (CompiledSql & { statementName: string }) | string, bindings?: readonly unknown[]) => Promise<number>;

/** Distinct `select` texts prepared on PostgreSQL (a server runs a few hundred list shapes). */
const MAX_PREPARED_SELECTS = 1_000;

/** PostgreSQL parses a named statement once per connection; the name follows the text, so it never clashes. */
function statementNameOf(sql: string): string {
  return `tessera_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
}

/** What the app's database and its transactions share. */
class Shared {
  readonly compiled = new Map<Buildable<never>, CompiledSql & { statementName: string }>();
  /** PostgreSQL: the statement names of `select`'s SQL texts, at most MAX_PREPARED_SELECTS (see `select`). */
  readonly preparedSelects = new Map<string, string>();
  readonly kept = new Map<KeptAnswers<unknown>, ChangeCache<unknown>>();
  trigramFrequencies: TrigramFrequencies | undefined;

  constructor(
    readonly knex: Knex,
    /** Present on SQLite. */
    readonly reader: SqliteReader | undefined,
  ) {}
}

export class Database {
  /** Opens the database of the configuration (no query runs until one is asked for). */
  static open(config: DatabaseConfig): Database {
    const knex = createKnex(config);
    const reader = config.client === 'sqlite' ? new SqliteReader(config.filename, config.readThreads ?? defaultReadThreads()) : undefined;
    if (reader) (knex.client as PooledClient).pool.on('release', () => reader.writerReleased());
    return new Database(knex, new Shared(knex, reader), false);
  }

  private constructor(
    /** The app's knex, or a transaction's: what a feature builds and runs its queries with. */
    readonly knex: Knex,
    private readonly shared: Shared,
    readonly inTransaction: boolean,
  ) {}

  get isSqlite(): boolean {
    return this.shared.reader !== undefined;
  }

  /** SQLite's worker threads for costly reads (none on PostgreSQL or when configured off). */
  get readPool(): ReadPool | undefined {
    return this.shared.reader?.readPool;
  }

  /**
   * Boots SQLite's read threads now (a thread takes some 40 ms to load its driver and open the file), so the first
   * costly read after start does not wait for one. The app's `listen()` calls it.
   */
  startReadThreads(): void {
    this.shared.reader?.startPool();
  }

  /** Runs `work` in a transaction (a savepoint inside one), committed when it resolves. */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.knex.transaction((trx) => work(new Database(trx, this.shared, true)));
  }

  /**
   * SQLite: the trigram counts a long search chooses its trigrams by (trigram-frequencies.ts), shared with
   * transactions. They are read on a read thread outside any transaction, and not announced on knex's `query` event:
   * no request waits for them (a search whose trigrams are uncounted runs as a phrase meanwhile).
   */
  get trigramFrequencies(): TrigramFrequencies | undefined {
    const { reader, knex } = this.shared;
    if (!reader) return undefined;
    this.shared.trigramFrequencies ??= new TrigramFrequencies(async (vocabulary, trigrams) => {
      const { sql, bindings } = whereInJsonList(knex, knex(vocabulary).select('term', 'doc'), 'term', JSON.stringify(trigrams)).toSQL().toNative();
      return (await reader.all(sql, bindings, true)) as { term: string; doc: number }[];
    });
    return this.shared.trigramFrequencies;
  }

  /** The read-only SQLite connection, when a read may use it (not inside a transaction). */
  private readerOutsideTransaction(): SqliteReader | undefined {
    return this.inTransaction ? undefined : this.shared.reader;
  }

  /**
   * A read built anew each time (a list page: sort, direction and search vary, the SQL texts repeat). On SQLite
   * it runs as a kept statement on the read-only connection (or a read thread). On PostgreSQL it runs as a named
   * prepared statement: a page's join of seven tables costs PostgreSQL 1–2 ms to plan and under 1 ms to run
   * (server/bench/kc.ts), and a prepared statement is planned once per connection (a custom plan for its first five
   * runs, then the generic plan when that costs no more). Inside a transaction it goes through the transaction.
   *
   * `costly`: the caller knows the read is costly (an aggregate over a check's 100,000 responses), so on SQLite it
   * goes to a read thread from its first run, leaving the main thread to other requests (and to the caller's other
   * reads, which may run meanwhile).
   */
  async select<Row>(query: Knex.QueryBuilder, { costly = false }: { costly?: boolean } = {}): Promise<Row[]> {
    if (this.inTransaction) return (await query) as Row[];
    const { sql, bindings } = query.toSQL().toNative();
    const reader = this.shared.reader;
    if (reader) {
      this.announce(sql, bindings);
      return (await reader.all(sql, bindings, costly)) as Row[];
    }
    const name = this.preparedSelectName(sql);
    if (!name) return (await query) as Row[];
    this.announce(sql, bindings);
    return (await this.pgPrepared(name, sql, bindings as unknown[])) as Row[];
  }

  /**
   * The statement name of a `select` text, while fewer than MAX_PREPARED_SELECTS texts have one: every pooled
   * connection may prepare each of them once and keeps it for its life, so their number is bounded. Later texts run
   * unnamed (planned each time), which only costs time.
   */
  private preparedSelectName(sql: string): string | undefined {
    const names = this.shared.preparedSelects;
    let name = names.get(sql);
    if (!name && names.size < MAX_PREPARED_SELECTS) {
      name = statementNameOf(sql);
      names.set(sql, name);
    }
    return name;
  }

  /** The first row of `select`. */
  async first<Row>(query: Knex.QueryBuilder): Promise<Row | undefined> {
    const [row] = await this.select<Row>(query.limit(1));
    return row;
  }

  /** Runs a compiled read (compiled-read.ts) with these values. */
  async read<Row, Params extends Record<string, unknown>>(read: CompiledRead<Row, Params>, values: Params): Promise<Row[]> {
    const compiled = this.compiledSql(read);
    const bindings = bindValues(compiled, values);
    const reader = this.readerOutsideTransaction();
    if (reader) {
      if (read.announced) this.announce(compiled.sql, bindings);
      return (await reader.all(compiled.sql, bindings)) as Row[];
    }
    if (this.inTransaction) {
      // knex.raw answers { rows } on PostgreSQL and the rows themselves on SQLite.
      const result = await this.knex.raw(compiled.sql, bindings as Knex.RawBinding[]);
      return (Array.isArray(result) ? result : result.rows) as Row[];
    }
    if (read.announced) this.announce(compiled.sql, bindings);
    return (await this.pgPrepared(compiled.statementName, compiled.native, bindings)) as Row[];
  }

  private compiledSql<Params>(statement: Buildable<Params>) {
    const key = statement as Buildable<never>;
    let compiled = this.shared.compiled.get(key);
    if (!compiled) {
      const sql = compile(this.shared.knex, statement);
      compiled = { ...sql, statementName: statementNameOf(sql.native) };
      this.shared.compiled.set(key, compiled);
    }
    return compiled;
  }

  /** A named prepared statement on a pooled PostgreSQL connection. */
  private async pgPrepared(name: string, text: string, values: unknown[]): Promise<unknown[]> {
    const pool = this.knex.client as PooledClient;
    const connection = (await pool.acquireConnection()) as PgConnection;
    try {
      return (await connection.query({ name, text, values })).rows;
    } finally {
      await pool.releaseConnection(connection);
    }
  }

  /**
   * Runs `work` in a transaction of compiled writes (compiled-write.ts), committed when it resolves and rolled back
   * when it throws: for a hot write (each saved answer), where knex's transaction (a new knex object per
   * transaction) and its builder and compiler per statement cost more than the database's own work. On SQLite it
   * holds the one writer connection from BEGIN IMMEDIATE to COMMIT, as a knex transaction does (other writes wait);
   * on PostgreSQL it runs on one pooled connection with named prepared statements. Inside a transaction it runs
   * through that transaction.
   */
  async compiledTransaction<T>(work: (tx: CompiledTransaction) => Promise<T>): Promise<T> {
    if (this.inTransaction) return work({ write: (statement, values) => this.writeInTransaction(statement, values) });
    const client = this.knex.client as PooledClient;
    const connection = await client.acquireConnection();
    const run = this.isSqlite ? this.sqliteRunner(connection as BetterSqlite3.Database) : this.pgRunner(connection as PgConnection);
    try {
      await run(this.isSqlite ? 'BEGIN IMMEDIATE' : 'BEGIN');
      try {
        const result = await work({
          write: (statement, values) => {
            const compiled = this.compiledSql(statement);
            return run(compiled, bindValues(compiled, values));
          },
        });
        await run('COMMIT');
        return result;
      } catch (error) {
        // A failed COMMIT may have ended the transaction, and a broken connection cannot roll back (the pool
        // discards it): the error to tell is the first one.
        await run('ROLLBACK').catch(() => undefined);
        throw error;
      }
    } finally {
      await client.releaseConnection(connection);
    }
  }

  /** Runs a compiled statement (or a plain command) on SQLite's writer connection; answers the rows changed. */
  private sqliteRunner(connection: BetterSqlite3.Database): StatementRunner {
    // The writer connection keeps its prepared statements (knex.ts), BEGIN and COMMIT among them.
    return async (statement, bindings = []) => {
      const sql = typeof statement === 'string' ? statement : statement.sql;
      this.announce(sql, bindings, 'raw');
      return connection.prepare(sql).run(...bindings.map(sqliteValue)).changes;
    };
  }

  /** Runs a compiled statement as a named prepared statement (or a plain command) on a pooled PostgreSQL connection. */
  private pgRunner(connection: PgConnection): StatementRunner {
    return async (statement, bindings = []) => {
      const query = typeof statement === 'string' ? { text: statement } : { name: statement.statementName, text: statement.native, values: bindings };
      this.announce(query.text, bindings, 'raw');
      return (await connection.query(query)).rowCount ?? 0;
    };
  }

  private async writeInTransaction<Params>(statement: CompiledWrite<Params>, values: Params & Record<string, unknown>): Promise<number> {
    const compiled = this.compiledSql(statement);
    // knex.raw answers better-sqlite3's run() result ({ changes }) on SQLite and pg's result ({ rowCount }) on PostgreSQL.
    const result = (await this.knex.raw(compiled.sql, bindValues(compiled, values) as Knex.RawBinding[])) as { changes?: number; rowCount?: number | null };
    return result.changes ?? result.rowCount ?? 0;
  }

  /** Statements run beside knex are announced on its 'query' event like its own (logging, query counts). */
  private announce(sql: string, bindings: readonly unknown[], method: 'select' | 'raw' = 'select'): void {
    this.knex.client.emit('query', { method, sql, bindings, prepared: true });
  }

  /**
   * The kept answer for `key` while the database has not changed since it was computed (SQLite; see
   * change-cache.ts), else `compute()`'s. PostgreSQL and transactions always compute.
   */
  kept<T>(answers: KeptAnswers<T>, key: string, compute: () => Promise<T>): Promise<T> {
    const reader = this.readerOutsideTransaction();
    if (!reader) return compute();
    // Read before computing: a commit during the computation makes the next request compute again.
    const version = reader.dataVersion();
    return this.changeCache(answers).get(version, key, compute);
  }

  private changeCache<T>(answers: KeptAnswers<T>): ChangeCache<T> {
    const key = answers as KeptAnswers<unknown>;
    let cache = this.shared.kept.get(key);
    if (!cache) {
      cache = new ChangeCache<unknown>(answers.maxEntries);
      this.shared.kept.set(key, cache);
    }
    return cache as ChangeCache<T>;
  }

  /** Closes the read connection, the read threads and knex's connections (the app's `close()` calls it). */
  async close(): Promise<void> {
    await this.shared.reader?.close();
    await this.shared.knex.destroy();
  }
}
