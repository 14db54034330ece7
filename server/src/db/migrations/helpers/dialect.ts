/**
 * Helpers for migrations only (ARCHITECTURE.md#data-access): a migration imports nothing from src/ but this folder, so
 * an old migration never changes because application code did. Change a helper only in ways every migration that
 * uses it still means; a new need gets a new helper.
 */
import type { Knex } from 'knex';

/** Whether the migration runs on SQLite (knex's better-sqlite3 client) rather than PostgreSQL. */
export function isSqlite(knex: Knex): boolean {
  return knex.client.config.client === 'better-sqlite3';
}
