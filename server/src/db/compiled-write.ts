/**
 * A write of fixed shape (for example "mark a drawn question answered"), built once with the query API (query.ts) and
 * typed parameters, compiled once per database and run with real values in `db.compiledTransaction` (database.ts): no
 * knex transaction object, builder or compiler work per call.
 *
 * Only for writes a benchmark in server/bench shows to be hot (ARCHITECTURE.md#data-access), in their feature's
 * `hot.ts`: every other write goes through its model (`db.write(Model)`).
 *
 *   const markAnswered = compiledWrite<{ tenantId: string; id: string; at: Date }>((sql, param) =>
 *     sql.inTenant(param('tenantId')).from('kc_response_questions').where('id', param('id')).update({ answered_at: param('at') }));
 *   await db.compiledTransaction(async (tx) => {
 *     if ((await tx.write(markAnswered, { id, at: new Date() })) === 0) throw conflict(…);
 *   });
 */
import type { Buildable, ParameterOf } from './compiled-read.js';
import type { Knex } from './knex.js';
import type { Sql } from './query.js';

export interface CompiledWrite<Params> extends Buildable<Params> {
  /** Type-only: the values it is run with. */
  readonly params?: Params;
}

export function compiledWrite<Params extends Record<string, unknown>>(
  build: (sql: Sql, param: ParameterOf<Params>) => Knex.QueryBuilder,
): CompiledWrite<Params> {
  return { build };
}

/** What `db.compiledTransaction` hands its work: its statements run in the transaction. */
export interface CompiledTransaction {
  /** Runs the write with these values; answers the number of rows it changed. */
  write<Params extends Record<string, unknown>>(statement: CompiledWrite<Params>, values: Params): Promise<number>;
  /** As `write`, in a savepoint: when it fails, only it is undone, and the transaction can go on. */
  writeAlone<Params extends Record<string, unknown>>(statement: CompiledWrite<Params>, values: Params): Promise<number>;
}
