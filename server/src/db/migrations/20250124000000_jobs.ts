import type { Knex } from 'knex';
import { isSqlite } from './helpers/dialect.js';

/**
 * The job queue's table on SQLite (src/jobs/sqlite-queue.ts). On PostgreSQL the queue is pg-boss, which keeps its
 * own tables in its own schema: this migration writes nothing there.
 *
 * `once_per` names the time slot of a scheduled job (kind and slot): unique, so a slot is queued once across
 * processes. The index serves the claim: due queued jobs by `run_at`, and running ones whose lease ended.
 */
export async function up(knex: Knex): Promise<void> {
  if (!isSqlite(knex)) return;
  await knex.schema.createTable('jobs', (table) => {
    table.string('id').primary();
    table.string('kind').notNullable();
    table.text('data').notNullable();
    table.string('state').notNullable();
    table.integer('attempts').notNullable();
    table.integer('max_attempts').notNullable();
    table.string('run_at').notNullable();
    table.string('locked_until');
    table.text('last_error');
    table.string('once_per').unique();
    table.string('created_at').notNullable();
    table.string('updated_at').notNullable();
    table.index(['state', 'run_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!isSqlite(knex)) return;
  await knex.schema.dropTable('jobs');
}
