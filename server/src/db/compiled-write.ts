/**
 * A write of fixed shape (for example "mark a drawn question answered"), written once in plain knex with typed
 * parameters, compiled once per database and run with real values in `db.compiledTransaction` (database.ts): no
 * knex transaction object, builder or compiler work per call.
 *
 * Only for writes a benchmark in server/bench shows to be hot (see ARCHITECTURE.md, "Data access"): every other
 * write goes through its objection model or plain knex in `db.transaction`.
 *
 *   const markAnswered = compiledWrite<{ id: string; at: Date }>((knex, param) =>
 *     knex('kc_response_questions').where('id', param('id')).update({ answered_at: param('at') }));
 *   await db.compiledTransaction(async (tx) => {
 *     if ((await tx.write(markAnswered, { id, at: new Date() })) === 0) throw conflict(…);
 *   });
 */
import type { Buildable, ParameterOf } from './compiled-read.js';
import type { Knex } from './knex.js';

export interface CompiledWrite<Params> extends Buildable<Params> {
  /** Type-only: the values it is run with. */
  readonly params?: Params;
}

export function compiledWrite<Params extends Record<string, unknown>>(
  build: (knex: Knex, param: ParameterOf<Params>) => Knex.QueryBuilder,
): CompiledWrite<Params> {
  return { build };
}

/** What `db.compiledTransaction` hands its work: its statements run in the transaction. */
export interface CompiledTransaction {
  /** Runs the write with these values; answers the number of rows it changed. */
  write<Params extends Record<string, unknown>>(statement: CompiledWrite<Params>, values: Params): Promise<number>;
}
