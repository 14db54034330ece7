/**
 * The base of every objection model (ARCHITECTURE.md#data-access): the one place where a row's columns are typed and
 * normalised. SQLite hands booleans back as 0/1 and timestamps as epoch milliseconds, PostgreSQL as booleans and
 * Dates, and PostgreSQL hands bigint and decimal columns back as strings. A model lists its columns of each kind
 * once; rows read through it arrive as booleans, ISO 8601 strings and numbers, so presenters convert nothing.
 * Queries are always bound to the app's own knex (`Model.query(db.knex)` or a transaction), never to a global one,
 * so several apps can share a process.
 */
import { Model, type Pojo, type QueryContext } from 'objection';
import { toIso } from './values.js';

function parseBoolean(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  return value === true || value === 1 || value === '1' || value === 't';
}

function parseNumber(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === 'number') return value;
  return Number(value);
}

/** A JSON column (a list of event types), stored as text on both databases. */
function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

function formatJson(value: unknown): unknown {
  return value === null || value === undefined || typeof value === 'string' ? value : JSON.stringify(value);
}

function parseDate(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  return toIso(value);
}

/** ISO strings go back to Dates, so both databases store the type knex binds for a Date (ms on SQLite). */
function formatDate(value: unknown): unknown {
  return typeof value === 'string' ? new Date(value) : value;
}

/** The kinds of a row's columns that need normalising: a model class, or a model's columns plus those a read adds. */
export interface ColumnKinds {
  readonly booleanColumns: readonly string[];
  readonly dateColumns: readonly string[];
  readonly numberColumns: readonly string[];
  /** Text columns holding JSON: read parsed, written as JSON text. */
  readonly jsonColumns?: readonly string[];
}

/** The query context key of the organization a scoped write belongs to (`TenantDatabase.write`). */
export const TENANT_SCOPE = 'tesseraTenantId';

export class TesseraModel extends Model {
  /** Columns stored as booleans: read as `true`/`false` on both databases. */
  static booleanColumns: readonly string[] = [];
  /** Timestamps: read as ISO 8601 strings in UTC (`Date#toISOString`). */
  static dateColumns: readonly string[] = [];
  /** bigint and decimal columns, which PostgreSQL answers as strings: read as numbers. */
  static numberColumns: readonly string[] = [];
  /** Text columns holding JSON (a list): read parsed, written as JSON text. */
  static jsonColumns: readonly string[] = [];

  override $parseDatabaseJson(json: Pojo): Pojo {
    const row = super.$parseDatabaseJson(json);
    const model = this.constructor as typeof TesseraModel;
    convert(row, model.booleanColumns, parseBoolean);
    convert(row, model.dateColumns, parseDate);
    convert(row, model.numberColumns, parseNumber);
    convert(row, model.jsonColumns, parseJson);
    return row;
  }

  /**
   * An insert through `db.inTenant(tenantId).write(Model)` (database.ts) carries the organization in its context: the
   * row takes its `tenant_id`, and a row naming another organization is refused.
   */
  override $beforeInsert(context: QueryContext): void {
    const tenantId = (context as Record<string, unknown>)[TENANT_SCOPE] as string | undefined;
    if (tenantId === undefined) return;
    const row = this as unknown as { tenant_id?: string };
    if (row.tenant_id !== undefined && row.tenant_id !== tenantId)
      throw new Error(`A row of organization ${row.tenant_id} inserted in organization ${tenantId}.`);
    row.tenant_id = tenantId;
  }

  override $formatDatabaseJson(json: Pojo): Pojo {
    const row = super.$formatDatabaseJson(json);
    const model = this.constructor as typeof TesseraModel;
    convert(row, model.dateColumns, formatDate);
    convert(row, model.jsonColumns, formatJson);
    return row;
  }
}

function convert(row: Pojo, columns: readonly string[], to: (value: unknown) => unknown): void {
  for (const column of columns) {
    if (column in row) row[column] = to(row[column]);
  }
}

/**
 * A model's columns plus the columns a knex read adds beside them (counts, flags computed for the caller, joined
 * columns): the column kinds of one resource's list row, declared once beside its read.
 */
export function withColumns(model: ColumnKinds, added: Partial<ColumnKinds>): ColumnKinds {
  return {
    booleanColumns: [...model.booleanColumns, ...(added.booleanColumns ?? [])],
    dateColumns: [...model.dateColumns, ...(added.dateColumns ?? [])],
    numberColumns: [...model.numberColumns, ...(added.numberColumns ?? [])],
    jsonColumns: [...(model.jsonColumns ?? []), ...(added.jsonColumns ?? [])],
  };
}

/**
 * A row read with plain knex, normalised as the model reads it: for hot list reads that stay knex
 * (ARCHITECTURE.md#data-access) but present the same types. `model` is a model class or `withColumns(Model, …)`.
 * The row is copied, never changed: a kept answer's rows are shared between requests.
 */
export function normaliseRow<Row extends object>(model: ColumnKinds, row: object): Row {
  const copy: Pojo = { ...row };
  convert(copy, model.booleanColumns, parseBoolean);
  convert(copy, model.dateColumns, parseDate);
  convert(copy, model.numberColumns, parseNumber);
  convert(copy, model.jsonColumns ?? [], parseJson);
  return copy as Row;
}

/**
 * A link of two rows (a member's star on a topic, a module's group): the two ids are its key, `created_at` when it was
 * made. Link tables carry no tenant_id: they are written and read through ids found in the organization.
 */
export class LinkModel extends TesseraModel {
  static override dateColumns = ['created_at'];
  declare created_at: string | Date;
}
