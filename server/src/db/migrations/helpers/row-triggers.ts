import type { Knex } from 'knex';
import { isSqlite } from './dialect.js';

/** A trigger run for each row an event touches, written once for both databases (migrations keep totals with them). */
export interface RowTrigger {
  on: string;
  /** `after insert`, `after update of status`, … */
  event: string;
  /** The condition on `new` / `old`, or null for every row. */
  when: string | null;
  /** Statements over `new` / `old`. */
  body: readonly string[];
}

/** Creates each trigger under its key's name: SQLite's trigger body, or a PL/pgSQL function of the same name. */
export async function createRowTriggers(knex: Knex, triggers: Record<string, RowTrigger>): Promise<void> {
  for (const [name, trigger] of Object.entries(triggers)) {
    const statements = trigger.body.map((statement) => `${statement};`).join(' ');
    if (isSqlite(knex)) {
      await knex.raw(`create trigger ${name} ${trigger.event} on ${trigger.on} for each row
        ${trigger.when ? `when ${trigger.when}` : ''} begin ${statements} end`);
    } else {
      await knex.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${statements} return null; end $$`);
      await knex.raw(`create trigger ${name} ${trigger.event} on ${trigger.on} for each row
        ${trigger.when ? `when (${trigger.when})` : ''} execute function ${name}()`);
    }
  }
}

export async function dropRowTriggers(knex: Knex, triggers: Record<string, RowTrigger>): Promise<void> {
  for (const [name, trigger] of Object.entries(triggers)) {
    if (isSqlite(knex)) await knex.raw(`drop trigger if exists ${name}`);
    else {
      await knex.raw(`drop trigger if exists ${name} on ${trigger.on}`);
      await knex.raw(`drop function if exists ${name}()`);
    }
  }
}
