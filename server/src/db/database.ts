/**
 * The app's database: one object, created once by `createApp` (`services.db`), that owns the knex instance and
 * everything kept beside it — compiled reads and writes, the SQLite read-only connection with its statements and
 * read pool (sqlite-reader.ts, read-pool.ts), the commit-scoped kept answers (change-cache.ts) — and closes them
 * together.
 *
 * The one door into the database (ARCHITECTURE.md#data-access): a feature builds reads with `from` / `inTenant(id).from`
 * (query.ts) and runs them with `rows` / `row` (or, for every row of a long read, `batches`: one `rows` read after
 * another, in keyset order), writes through `write(Model)` / `insertRows`, and opens every
 * transaction with `transaction`. `read` (compiled reads), `kept` (answers kept until the next commit),
 * `compiledTransaction` and `writeGrouped` (group-commit.ts) are the hot paths a benchmark in server/bench
 * justifies, named in each feature's hot.ts.
 * `knex` is for the db and http layers only (ESLint keeps it out of features).
 *
 * A transaction is a `Database` too (`db.transaction(async (tx) => ...)`, `tx.knex` is knex's transaction): it
 * shares the app's compiled reads, and its reads go through the transaction (they must see its own writes), so
 * nothing it reads is kept. `inTenant(tenantId)` answers the organization's side of either (`TenantDatabase`).
 */
import { createHash } from 'node:crypto';
import type { DatabaseConfig } from '../config.js';
import { ChangeCache, type KeptAnswers } from './change-cache.js';
import { GroupCommit } from './group-commit.js';
import type BetterSqlite3 from 'better-sqlite3';
import { bindValues, compile, whereInJsonList, type Buildable, type CompiledRead, type CompiledSql } from './compiled-read.js';
import type { CompiledTransaction, CompiledWrite } from './compiled-write.js';
import { createKnex, type Knex } from './knex.js';
import { migrateToLatest, pendingMigrations } from './migrate.js';
import { normaliseRow, TENANT_SCOPE, type ColumnKinds, type TesseraModel } from './model.js';
import { Sql, TableCatalog, TenantSql, type Fragment, type Query, type RawBinding } from './query.js';
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
  pool: { on(event: 'release', listener: () => void): void; numUsed(): number };
}

/** Runs a compiled statement with its bindings, or a command such as COMMIT; answers the rows changed. */
type StatementRunner = (statement: (CompiledSql & { statementName: string }) | string, bindings?: readonly unknown[]) => Promise<number>;

/** Runs `work` in a savepoint of the open transaction: when it throws, only its changes are undone. */
async function inSavepoint<T>(command: (sql: string) => Promise<void>, work: () => Promise<T>): Promise<T> {
  await command('SAVEPOINT tessera_write');
  try {
    const result = await work();
    await command('RELEASE SAVEPOINT tessera_write');
    return result;
  } catch (error) {
    await command('ROLLBACK TO SAVEPOINT tessera_write');
    await command('RELEASE SAVEPOINT tessera_write');
    throw error;
  }
}

/** Distinct read texts prepared on PostgreSQL (a server runs a few hundred read shapes). */
const MAX_PREPARED_SELECTS = 1_000;

/** PostgreSQL parses a named statement once per connection; the name follows the text, so it never clashes. */
function statementNameOf(sql: string): string {
  return `tessera_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
}

/** What the app's database and its transactions share. */
class Shared {
  readonly compiled = new Map<Buildable<never>, CompiledSql & { statementName: string }>();
  /** PostgreSQL: the statement names of the reads' SQL texts, at most MAX_PREPARED_SELECTS (see `preparedSelectName`). */
  readonly preparedSelects = new Map<string, string>();
  readonly kept = new Map<KeptAnswers<unknown>, ChangeCache<unknown>>();
  trigramFrequencies: TrigramFrequencies | undefined;
  readonly catalog = new TableCatalog();
  readonly sql: Sql;
  /** The app's group commit (`writeGrouped`), made by the app's database. */
  groupCommit: GroupCommit | undefined;

  constructor(
    readonly knex: Knex,
    /** Present on SQLite. */
    readonly reader: SqliteReader | undefined,
  ) {
    this.sql = new Sql(knex.client, this.catalog, reader !== undefined);
  }
}

export class Database {
  /** Opens the database of the configuration (no query runs until one is asked for). */
  static open(config: DatabaseConfig): Database {
    let writer: BetterSqlite3.Database | undefined;
    const knex = createKnex(config, (connection) => (writer = connection));
    const pool = (knex.client as PooledClient).pool;
    // The writer while no query or transaction holds it (better-sqlite3 runs a read to completion, so none can start meanwhile).
    const idleWriter = () => (pool.numUsed() === 0 ? writer : undefined);
    const reader = config.client === 'sqlite' ? new SqliteReader(config.filename, config.readThreads ?? defaultReadThreads(), idleWriter) : undefined;
    if (reader) pool.on('release', () => reader.writerReleased());
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

  /**
   * Whether an answer may be kept between requests (`kept`: SQLite outside a transaction, see change-cache.ts). For the
   * db and http layers, which choose how to count or find what a kept answer depends on; features never ask.
   */
  get keepsAnswers(): boolean {
    return this.readerOutsideTransaction() !== undefined;
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

  /** Brings the schema to the latest migration and reads which tables belong to an organization; answers the migrations run. */
  async migrate(): Promise<string[]> {
    const ran = await migrateToLatest(this.shared.knex);
    await this.readSchema();
    return ran;
  }

  /** The migrations this server knows that the database has not run (readiness: a server ahead of its schema is not ready). */
  pendingMigrations(): Promise<string[]> {
    return pendingMigrations(this.shared.knex);
  }

  /** Resolves once the database has answered a query (readiness). */
  async ping(): Promise<void> {
    await this.shared.knex.raw('select 1');
  }

  /** Reads which tables belong to an organization (`migrate` does; a test building its own tables calls it). */
  async readSchema(): Promise<void> {
    this.shared.catalog.load(await tenantOwnedTables(this.shared.knex, this.isSqlite));
  }

  /** What this database's queries are built with (query.ts). */
  get sql(): Sql {
    return this.shared.sql;
  }

  /** A table of no organization (query.ts: tenant-owned tables are refused here). */
  from(reference: string): Query {
    return this.shared.sql.from(reference);
  }

  /** Every organization's rows of a table, by name (query.ts). */
  acrossTenants(reference: string): Query {
    return this.shared.sql.acrossTenants(reference);
  }

  raw(sql: string, bindings: readonly RawBinding[] = []): Fragment {
    return this.shared.sql.raw(sql, bindings);
  }

  /** A query without a table of its own (`select * from (…)`, unions). */
  query(): Query {
    return this.shared.sql.query();
  }

  /** One organization's side of the database: its scoped queries, reads and writes (`TenantDatabase`). */
  inTenant(tenantId: string): TenantDatabase {
    return new TenantDatabase(this, tenantId);
  }

  /**
   * The rows of a query built with `db.from` / `org.from` (never awaited by itself): a kept statement on SQLite's read
   * connection (or a read thread), a prepared statement on PostgreSQL, through the transaction inside one (see
   * `run`). `columns` (a model, or `withColumns(Model, …)`) normalises them: booleans, ISO 8601 strings, numbers.
   */
  async rows<Row>(query: Query, columns?: ColumnKinds, options: { costly?: boolean } = {}): Promise<Row[]> {
    const rows = await this.run<object>(query, options.costly ?? false);
    return columns ? rows.map((row) => normaliseRow<Row & object>(columns, row)) : (rows as Row[]);
  }

  /** The first row of `rows` (the query is limited to one). */
  async row<Row>(query: Query, columns?: ColumnKinds): Promise<Row | undefined> {
    const [row] = await this.rows<Row>(query.limit(1), columns);
    return row;
  }

  /**
   * Every row of a read, in `order`, a batch at a time (a CSV download of 100,000 responses: http/csv.ts), never all
   * in memory. Each batch is a read of its own, run as `rows` runs one (a kept statement on SQLite's read connection
   * or a read thread, a prepared statement on PostgreSQL; between batches no connection is held) and normalised by
   * `columns` as `rows` does: `order.size` rows (the first batch fewer, so the first rows come at once) that come after
   * the previous batch's last row in the order (keyset pagination: `(by…, key) > (last values)`, never an offset), so
   * each batch starts where the sort's index says, and pages never overlap or skip a row even when the sort has ties.
   * The batches are not one snapshot: a row written meanwhile may or may not be among them (as when paging).
   *
   * NULLs of the first sort expression are walked apart, where the database puts them (PostgreSQL after every value
   * ascending, SQLite before): `e is not null and e >= last` reads down an index, where `e >= last or e is null` would
   * not. The keys are read back as the database wrote them (as text on PostgreSQL: a timestamp keeps its microseconds).
   */
  async *batches<Row>(query: Query, columns: ColumnKinds | undefined, order: BatchOrder): AsyncGenerator<Row[], void, undefined> {
    const size = order.size ?? BATCH_SIZE;
    const direction = order.desc ? 'desc' : 'asc';
    // The sort expressions may be NULL; the unique key never is.
    const keys = [...order.by.map((expression) => ({ expression, nullable: true })), { expression: order.key, nullable: false }];
    const [first, ...rest] = keys;
    const selected = query
      .clone()
      .select(keys.map(({ expression }, index) => this.raw(`${this.isSqlite ? expression : `(${expression})::text`} as ${BATCH_KEY}${index}`)));
    for (const { expression } of keys) selected.orderByRaw(`${expression} ${direction}`);
    // Where the database puts NULLs: PostgreSQL sorts them above every value, SQLite below.
    const nullsLast = this.isSqlite === order.desc;
    const phases = rest.length === 0 ? [false] : nullsLast ? [false, true] : [true, false];
    for (const nulls of phases) {
      const phase = rest.length === 0 ? selected.clone() : selected.clone().whereRaw(`${first.expression} is ${nulls ? '' : 'not '}null`);
      // The keys this phase walks: the first expression is NULL throughout the NULL phase, and never in the other.
      const walked = nulls ? rest : [{ ...first, nullable: false }, ...rest];
      const skipped = nulls ? 1 : 0;
      let last: unknown[] | undefined;
      for (let limit = Math.min(FIRST_BATCH, size); ; limit = size) {
        const batch = phase.clone().limit(limit, { skipBinding: true });
        if (last) batch.where(this.raw(...afterKeys(walked, last, order.desc, nullsLast)));
        const read = await this.run<Record<string, unknown>>(batch, false);
        if (read.length === 0) break;
        const end = read[read.length - 1];
        last = walked.map((_, index) => end[`${BATCH_KEY}${index + skipped}`]);
        const names = Object.keys(end).slice(0, -keys.length);
        yield read.map((row) => rowOf<Row>(row, names, columns));
        if (read.length < limit) break;
      }
    }
  }

  /**
   * A write through the model (insert, patch, delete), bound to this database or transaction. A model of a tenant-owned
   * table is written through `db.inTenant(tenantId).write(Model)`; a find through it throws (reads are `rows`/`row`).
   */
  write<M extends typeof TesseraModel>(model: M): ReturnType<M['query']> {
    if (this.shared.catalog.isTenantOwned(model.tableName))
      throw new Error(`${model.tableName} belongs to an organization: write it through db.inTenant(tenantId).write(${model.name}).`);
    return writesOnly(model.query(this.knex)) as ReturnType<M['query']>;
  }

  /**
   * Inserts many rows in one statement per 500 (objection inserts several rows at once on PostgreSQL only), each
   * formatted by its model as `write(Model).insert` would. `onConflict` with `ignore` keeps the rows already there; with
   * `merge`, updates those columns.
   */
  async insertRows<M extends typeof TesseraModel>(model: M, rows: readonly object[], conflict?: InsertConflict): Promise<void> {
    if (this.shared.catalog.isTenantOwned(model.tableName))
      throw new Error(`${model.tableName} belongs to an organization: insert through db.inTenant(tenantId).insertRows(${model.name}, …).`);
    await this.insertFormatted(model, rows, conflict);
  }

  /** For TenantDatabase and insertRows: the rows formatted by the model, inserted in chunks. */
  async insertFormatted(model: typeof TesseraModel, rows: readonly object[], conflict?: InsertConflict): Promise<void> {
    const formatted = rows.map((row) => model.fromJson(row, { skipValidation: true }).$toDatabaseJson());
    for (let start = 0; start < formatted.length; start += INSERT_CHUNK) {
      const insert = this.knex(model.tableName).insert(formatted.slice(start, start + INSERT_CHUNK));
      if (!conflict) await insert;
      else if ('ignore' in conflict) await insert.onConflict(conflict.onConflict).ignore();
      else await insert.onConflict(conflict.onConflict).merge(conflict.merge);
    }
  }

  /**
   * SQLite: the trigram counts a long search chooses its trigrams by (trigram-frequencies.ts), shared with
   * transactions. They are read on a read thread outside any transaction, and not announced on knex's `query` event:
   * no request waits for them (a search whose trigrams are uncounted runs as a phrase meanwhile).
   */
  get trigramFrequencies(): TrigramFrequencies | undefined {
    const { reader } = this.shared;
    if (!reader) return undefined;
    this.shared.trigramFrequencies ??= new TrigramFrequencies(async (vocabulary, trigrams) => {
      const { sql, bindings } = whereInJsonList(this.shared.sql, this.shared.sql.from(vocabulary).select('term', 'doc'), 'term', JSON.stringify(trigrams))
        .toSQL()
        .toNative();
      return (await reader.all(sql, bindings, true)) as { term: string; doc: number }[];
    });
    return this.shared.trigramFrequencies;
  }

  /** The read-only SQLite connection, when a read may use it (not inside a transaction). */
  private readerOutsideTransaction(): SqliteReader | undefined {
    return this.inTransaction ? undefined : this.shared.reader;
  }

  /**
   * How every read runs: a read built anew each time (a list page: sort, direction and search vary, the SQL texts
   * repeat). On SQLite it runs as a kept statement on the read-only connection (or a read thread). On PostgreSQL it
   * runs as a named prepared statement: a page's join of seven tables costs PostgreSQL more to plan than to run, and a
   * prepared statement is planned once per connection (a custom plan for its first five runs, then the generic plan
   * when that costs no more). Inside a transaction it goes through the transaction. `costly`: the caller knows the
   * read is costly (an aggregate over a check's 100,000 responses), so on SQLite it goes to a read thread from its
   * first run, leaving the main thread to other requests.
   */
  private async run<Row>(query: Query, costly: boolean): Promise<Row[]> {
    if (this.inTransaction) return this.runInTransaction<Row>(query);
    const { sql, bindings } = query.toSQL().toNative();
    const reader = this.shared.reader;
    if (reader) {
      this.announce(sql, bindings);
      return (await reader.all(sql, bindings, costly)) as Row[];
    }
    const name = this.preparedSelectName(sql);
    this.announce(sql, bindings);
    if (!name) return (await this.pgUnnamed(sql, bindings as unknown[])) as Row[];
    return (await this.pgPrepared(name, sql, bindings as unknown[])) as Row[];
  }

  /** A read inside the transaction, on its connection (it must see the transaction's own writes). */
  private async runInTransaction<Row>(query: Query): Promise<Row[]> {
    const { sql, bindings } = query.toSQL();
    // knex.raw answers { rows } on PostgreSQL and the rows themselves on SQLite.
    const result = await this.knex.raw(sql, bindings as Knex.RawBinding[]);
    return (Array.isArray(result) ? result : result.rows) as Row[];
  }

  /**
   * The statement name of a read's text, while fewer than MAX_PREPARED_SELECTS texts have one: every pooled
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

  /** Runs a compiled read (compiled-read.ts) with these values; `columns` normalises its rows as `rows` does. */
  async read<Row, Params extends Record<string, unknown>>(read: CompiledRead<Row, Params>, values: Params, columns?: ColumnKinds): Promise<Row[]> {
    const rows = await this.readRaw(read, values);
    return columns ? rows.map((row) => normaliseRow<Row & object>(columns, row as object)) : rows;
  }

  private async readRaw<Row, Params extends Record<string, unknown>>(read: CompiledRead<Row, Params>, values: Params): Promise<Row[]> {
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
      const sql = compile(this.shared.sql, statement);
      compiled = { ...sql, statementName: statementNameOf(sql.native) };
      this.shared.compiled.set(key, compiled);
    }
    return compiled;
  }

  /** An unnamed statement (planned on each run) on a pooled PostgreSQL connection. */
  private async pgUnnamed(text: string, values: unknown[]): Promise<unknown[]> {
    const pool = this.knex.client as PooledClient;
    const connection = (await pool.acquireConnection()) as PgConnection;
    try {
      return (await connection.query({ text, values })).rows;
    } finally {
      await pool.releaseConnection(connection);
    }
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
    if (this.inTransaction) {
      const command = async (sql: string) => void (await this.knex.raw(sql));
      const write = <Params extends Record<string, unknown>>(statement: CompiledWrite<Params>, values: Params) => this.writeInTransaction(statement, values);
      return work({ write, writeAlone: (statement, values) => inSavepoint(command, () => write(statement, values)) });
    }
    const client = this.knex.client as PooledClient;
    const connection = await client.acquireConnection();
    const run = this.isSqlite ? this.sqliteRunner(connection as BetterSqlite3.Database) : this.pgRunner(connection as PgConnection);
    try {
      await run(this.isSqlite ? 'BEGIN IMMEDIATE' : 'BEGIN');
      try {
        const write = <Params extends Record<string, unknown>>(statement: CompiledWrite<Params>, values: Params) => {
          const compiled = this.compiledSql(statement);
          return run(compiled, bindValues(compiled, values));
        };
        const command = async (sql: string) => void (await run(sql));
        const result = await work({ write, writeAlone: (statement, values) => inSavepoint(command, () => write(statement, values)) });
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

  /**
   * Runs a compiled write in this turn's group commit (group-commit.ts): committed with the other writes asked for in
   * the same turn of the event loop, in one transaction, each in a savepoint (a failing write is undone alone).
   * Inside a transaction it runs through that transaction.
   */
  writeGrouped<Params extends Record<string, unknown>>(statement: CompiledWrite<Params>, values: Params): Promise<number> {
    if (this.inTransaction) return this.writeInTransaction(statement, values);
    this.shared.groupCommit ??= new GroupCommit((work) => this.compiledTransaction(work));
    return this.shared.groupCommit.write(statement, values);
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

/** Rows per INSERT statement: well under the bound-parameter limits of SQLite (32766) and PostgreSQL (65535). */
const INSERT_CHUNK = 500;

/** How `batches` walks a read: its order, and the rows per batch. */
export interface BatchOrder {
  /** The SQL expressions the rows are ordered by, in turn (constants written in code, never from input). */
  by: readonly string[];
  /** A unique column that ends the order (a list's tie-breaker): the next batch starts after the last row's. */
  key: string;
  desc: boolean;
  /** Rows per batch (BATCH_SIZE when left out). */
  size?: number;
}

/** Rows per batch of `batches`: 100,000 responses in 50 reads (server/bench/csv-export.ts). */
const BATCH_SIZE = 2_000;
/** The first batch: the download's first rows without waiting for a whole batch. */
const FIRST_BATCH = 200;
/** The keys `batches` selects beside a read's columns (and leaves out of the rows it answers). */
const BATCH_KEY = 'batch_key_';

/** A key of a batched read's order: its SQL, and whether it may be NULL where it is walked. */
interface BatchKey {
  expression: string;
  nullable: boolean;
}

/**
 * The rows after `last` in the order of `keys` (`desc` or not; NULLs last or first): an OR of "equal on the keys
 * before, later on this one", led by a bound on the first key (`k0 >= last0`) that an index can start from when that
 * key is never NULL.
 */
function afterKeys(keys: readonly BatchKey[], last: readonly unknown[], desc: boolean, nullsLast: boolean): [string, RawBinding[]] {
  const later = desc ? '<' : '>';
  const equals: string[] = [];
  const equalBindings: RawBinding[] = [];
  const alternatives: string[] = [];
  const bindings: RawBinding[] = [];
  for (const [index, { expression: key, nullable }] of keys.entries()) {
    const value = last[index] as RawBinding;
    // Strictly later on this key: a later value (and NULL, where NULLs come last), or after a NULL every value
    // (where NULLs come first).
    let after: string | null;
    if (value === null) after = nullsLast ? null : `${key} is not null`;
    else after = nullable && nullsLast ? `(${key} ${later} ? or ${key} is null)` : `${key} ${later} ?`;
    if (after !== null) {
      alternatives.push(`(${[...equals, after].join(' and ')})`);
      bindings.push(...equalBindings, ...(value === null ? [] : [value]));
    }
    equals.push(value === null ? `${key} is null` : `${key} = ?`);
    if (value !== null) equalBindings.push(value);
  }
  const condition = `(${alternatives.join(' or ')})`;
  const [lead] = keys;
  const leadValue = last[0] as RawBinding;
  if (leadValue !== null && !lead.nullable) return [`${lead.expression} ${later}= ? and ${condition}`, [leadValue, ...bindings]];
  return [condition, bindings];
}

/**
 * A batch's row: its `names` (every column but the keys `batches` selected, copied rather than deleted: a deleted
 * property costs each row its fast shape), normalised by `columns` as `rows` does.
 */
function rowOf<Row>(read: Record<string, unknown>, names: readonly string[], columns: ColumnKinds | undefined): Row {
  const row: Record<string, unknown> = {};
  for (const name of names) row[name] = read[name];
  return columns ? normaliseRow<Row & object>(columns, row) : (row as Row);
}

/** What `insertRows` does with a row whose key is already there. */
export type InsertConflict = { onConflict: string[]; ignore: true } | { onConflict: string[]; merge: string[] };

/** An objection query that refuses to run a find: reads go through `db.rows` (query.ts). */
function writesOnly<Q extends { onBuild(hook: (builder: { isFind(): boolean }) => void): Q }>(query: Q): Q {
  return query.onBuild((builder) => {
    if (builder.isFind()) throw new Error('db.write(Model) writes (insert, patch, delete); read with db.rows(query) or db.row(query).');
  });
}

/** The row with the organization's `tenant_id`; a row naming another organization is a programming error. */
function inTenantRow(row: object, tenantId: string): object {
  const named = (row as { tenant_id?: unknown }).tenant_id;
  if (named !== undefined && named !== tenantId) throw new Error(`A row of organization ${String(named)} written in organization ${tenantId}.`);
  return { ...row, tenant_id: tenantId };
}

/** The tables with a tenant_id column, as the migrated schema has them. */
async function tenantOwnedTables(knex: Knex, isSqlite: boolean): Promise<string[]> {
  if (isSqlite) {
    const rows = (await knex.raw("select m.name from sqlite_master m join pragma_table_info(m.name) c on c.name = 'tenant_id' where m.type = 'table'")) as {
      name: string;
    }[];
    return rows.map((row) => row.name);
  }
  const { rows } = (await knex.raw(
    "select table_name as name from information_schema.columns where column_name = 'tenant_id' and table_schema = current_schema()",
  )) as { rows: { name: string }[] };
  return rows.map((row) => row.name);
}

/**
 * One organization's side of the database (`db.inTenant(tenantId)`): its queries are scoped (query.ts), its writes
 * through a model carry and are held to its `tenant_id`, and its transactions stay in it.
 */
export class TenantDatabase extends TenantSql {
  constructor(
    readonly db: Database,
    override readonly tenantId: string,
  ) {
    super(db.sql, tenantId);
  }

  rows<Row>(query: Query, columns?: ColumnKinds, options?: { costly?: boolean }): Promise<Row[]> {
    return this.db.rows<Row>(query, columns, options);
  }

  row<Row>(query: Query, columns?: ColumnKinds): Promise<Row | undefined> {
    return this.db.row<Row>(query, columns);
  }

  batches<Row>(query: Query, columns: ColumnKinds | undefined, order: BatchOrder): AsyncGenerator<Row[], void, undefined> {
    return this.db.batches<Row>(query, columns, order);
  }

  /**
   * A write through the model, held to the organization: an insert takes its `tenant_id` (a row naming another is
   * refused), a patch or delete changes only the organization's rows. A find through it throws.
   */
  write<M extends typeof TesseraModel>(model: M): ReturnType<M['query']> {
    const { tableName } = model;
    const tenantId = this.tenantId;
    const query = model.query(this.db.knex);
    // A link table without tenant_id (a member's stars) is reached through the ids it is written with.
    if (this.db.sql.isTenantOwned(tableName))
      query.context({ [TENANT_SCOPE]: tenantId }).onBuild((builder) => {
        if (!builder.isInsert()) builder.where(`${tableName}.tenant_id`, tenantId);
      });
    return writesOnly(query) as ReturnType<M['query']>;
  }

  /** `db.insertRows` for the organization: each row takes its `tenant_id` when the table has one. */
  async insertRows<M extends typeof TesseraModel>(model: M, rows: readonly object[], conflict?: InsertConflict): Promise<void> {
    const owned = this.db.sql.isTenantOwned(model.tableName);
    await this.db.insertFormatted(model, owned ? rows.map((row) => inTenantRow(row, this.tenantId)) : rows, conflict);
  }

  transaction<T>(work: (tx: TenantDatabase) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx.inTenant(this.tenantId)));
  }
}
