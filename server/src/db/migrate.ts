import type { Knex } from 'knex';
import { MIGRATIONS, type Migration } from './migrations/all.generated.js';

/**
 * Every migration of src/db/migrations, in the order of their names, from the registry `npm run generate` writes
 * (imported rather than read from the folder, so that the bundled server carries them and tests, tsx and node run
 * the same list; a new migration is a new file, then `npm run generate`).
 */
const source: Knex.MigrationSource<Migration> = {
  getMigrations: async () => [...MIGRATIONS],
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration.module,
};

/** Brings the database to the latest schema; answers the names of the migrations it ran. */
export async function migrateToLatest(knex: Knex): Promise<string[]> {
  const [, ran] = (await knex.migrate.latest({ migrationSource: source })) as [number, string[]];
  return ran;
}

/** The names of the migrations this server knows that the database has not run (readiness: none may be left). */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const [, pending] = (await knex.migrate.list({ migrationSource: source })) as [unknown[], Migration[]];
  return pending.map((migration) => migration.name);
}
