/**
 * How SQL is built (ARCHITECTURE.md#data-access): the one query API of the app. `Sql` hands out knex query builders
 * that build and compile only: awaiting one throws, because a read runs through the Database (`db.rows(query)`,
 * `db.row(query)`: kept statements, the read pool, rows normalised by their model) and a write through a model
 * (`db.write(Model)`).
 *
 * Tenant scope is applied here, once: a table that carries `tenant_id` (read from the migrated schema, see
 * `TableCatalog`) is read through an organization's `TenantSql` (`db.inTenant(tenantId)`), whose `from` adds
 * `<alias>.tenant_id = ?`. `Sql.from` refuses such a table, so a query that forgets the scope fails at its first run
 * in any test. Two doors leave the condition out, each by name: `reached(table)`, for rows reached from a row already
 * found in the organization (a correlated subquery, the responses of checks found in it), where a second tenant
 * condition would only give the planner a worse index to choose; and `acrossTenants(table)`, for what spans every
 * organization (the owner's lists, the sweeps, an account's own memberships).
 */
import type { Knex } from './knex.js';

/** A query being built: knex's builder (where, join, select …). Run it with `db.rows` / `db.row`. */
export type Query = Knex.QueryBuilder;
/** A piece of SQL with its bindings (`sql.raw`). */
export type Fragment = Knex.Raw;
export type RawBinding = Knex.RawBinding;
/** A value a query compares with or a fragment binds (a compiled read's parameter too). */
export type Value = Knex.Value;
/** Another column of the query, as a value (`sql.ref('tu.id')`). */
export type Reference = Knex.Ref<string, Record<string, string>>;

/**
 * Which tables belong to an organization: those with a `tenant_id` column, read from the database once it is
 * migrated (`Database.migrate`). Nobody keeps a list of them by hand.
 */
export class TableCatalog {
  private tenantOwned: ReadonlySet<string> | undefined;

  load(tables: Iterable<string>): void {
    this.tenantOwned = new Set(tables);
  }

  isTenantOwned(table: string): boolean {
    if (!this.tenantOwned) throw new Error('The schema has not been read yet: migrate the database (db.migrate()) before querying it.');
    return this.tenantOwned.has(table);
  }
}

/** `'topics as t'` → the table and the alias its columns are named by. */
function tableOf(reference: string): { table: string; alias: string } {
  const match = /^\s*([a-z_][a-z0-9_]*)(?:\s+as\s+([a-z_][a-z0-9_]*))?\s*$/i.exec(reference);
  if (!match) throw new Error(`Not a table reference: ${reference}`);
  return { table: match[1], alias: match[2] ?? match[1] };
}

const NOT_RUN_HERE = 'A query built by Sql runs through the Database: db.rows(query) or db.row(query); writes go through db.write(Model).';

/**
 * A knex client that builds and compiles like the database's own (the same dialect and configuration) but runs
 * nothing: a builder made by it throws when awaited.
 */
function compileOnlyClient(client: Knex.Client): Knex.Client {
  const compileOnly = Object.create(client) as Knex.Client & { runner(): never };
  compileOnly.runner = () => {
    throw new Error(NOT_RUN_HERE);
  };
  return compileOnly;
}

/** Builds the SQL of one database (its dialect), for any organization or none. */
export class Sql {
  private readonly client: Knex.Client;

  constructor(
    client: Knex.Client,
    private readonly catalog: TableCatalog,
    /** The database's dialect, for the db layer's dialect-specific SQL (json lists); features never branch on it. */
    readonly isSqlite: boolean,
  ) {
    this.client = compileOnlyClient(client);
  }

  /** A table of no organization (accounts, organizations, link tables reached by a member's id): refuses a tenant-owned one. */
  from(reference: string): Query {
    const { table } = tableOf(reference);
    if (this.isTenantOwned(table))
      throw new Error(`${table} belongs to an organization: read it through db.inTenant(tenantId), or acrossTenants() where a query spans every organization.`);
    return this.table(reference);
  }

  /**
   * Every organization's rows of a table, by name: the owner's lists of organizations and accounts, the sweeps over
   * stored files, an account's own memberships. Each use says why in a comment.
   */
  acrossTenants(reference: string): Query {
    return this.table(reference);
  }

  /** The organization's queries: its tenant-owned tables read with the tenant condition. */
  inTenant(tenantId: Value): TenantSql {
    return new TenantSql(this, tenantId);
  }

  /** Whether the table carries `tenant_id` (for the db layer: scoped writes). */
  isTenantOwned(table: string): boolean {
    return this.catalog.isTenantOwned(table);
  }

  /** A query without a table of its own: `select * from (…) as x`, a union of derived tables. */
  query(): Query {
    return this.client.queryBuilder();
  }

  raw(sql: string, bindings: readonly RawBinding[] = []): Fragment {
    return this.client.raw(sql, bindings as RawBinding[]);
  }

  ref(column: string): Reference {
    return this.client.ref(column) as Reference;
  }

  /** A builder of the table, unchecked: for this module and TenantSql. */
  table(reference: string): Query {
    return this.client.queryBuilder().from(reference);
  }
}

/** The SQL of one organization: what `db.inTenant(tenantId)` builds with. */
export class TenantSql {
  constructor(
    readonly sql: Sql,
    readonly tenantId: Value,
  ) {}

  /** The organization's rows of the table (`<alias>.tenant_id = ?` when it carries one). */
  from(reference: string): Query {
    const { table, alias } = tableOf(reference);
    const query = this.sql.table(reference);
    return this.sql.isTenantOwned(table) ? query.where(`${alias}.tenant_id`, this.tenantId) : query;
  }

  /**
   * Rows reached from a row already found in this organization (a correlated subquery on the outer row, the
   * responses of the organization's checks by their ids): no tenant condition of their own, which would only offer
   * the planner another index (the knowledge check report's, see its hot.ts).
   */
  reached(reference: string): Query {
    return this.sql.table(reference);
  }

  /**
   * Holds a table read with `reached` to the organization after all, once a query knows it needs the condition (the
   * knowledge check report: only when no check or member already settles the organization).
   */
  scope(query: Query, alias: string): Query {
    return query.where(`${alias}.tenant_id`, this.tenantId);
  }

  query(): Query {
    return this.sql.query();
  }

  raw(sql: string, bindings: readonly RawBinding[] = []): Fragment {
    return this.sql.raw(sql, bindings);
  }

  ref(column: string): Reference {
    return this.sql.ref(column);
  }
}
