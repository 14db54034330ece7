import type { Knex } from 'knex';
import { isSqlite } from './helpers/dialect.js';
import { createPgTrigramIndexes, dropPgTrigramIndexes, sqliteSearchCopy } from './helpers/search-copies.js';

/**
 * Searching people by name or email anywhere in the value ("Search by name or email") without reading
 * every member of a large organization.
 *
 * SQLite: an FTS5 trigram index answers substring matches of three or more characters. It indexes
 * `user_search`, a copy of each user's name and email keyed by an INTEGER PRIMARY KEY (users has a text
 * id, and the implicit rowid of such a table may change on VACUUM, which would corrupt an external-content
 * index); triggers keep both in step with `users`.
 *
 * PostgreSQL: trigram GIN indexes (pg_trgm, installed in the public schema) serve `lower(column) LIKE
 * '%term%'` directly. Creating the extension needs the CREATE privilege; without it the indexes are skipped
 * and searches scan.
 */

const userSearch = sqliteSearchCopy({ table: 'users', key: 'id', copy: 'user_search', copyKey: 'user_id', columns: ['name', 'email'] });

export async function up(knex: Knex): Promise<void> {
  // An earlier version of the people migration indexed tenant_users (tenant_id, created_at). With it,
  // SQLite answers "search, sorted by joined" by walking all of an organization's members in join order
  // instead of looking up the few matches through (tenant_id, user_id).
  await knex.raw('DROP INDEX IF EXISTS tenant_users_tenant_id_created_at_index');
  if (isSqlite(knex)) {
    for (const statement of userSearch.up) await knex.raw(statement);
    return;
  }
  await createPgTrigramIndexes(knex, 'users', ['name', 'email']);
}

export async function down(knex: Knex): Promise<void> {
  if (isSqlite(knex)) {
    for (const statement of userSearch.down) await knex.raw(statement);
    return;
  }
  await dropPgTrigramIndexes(knex, 'users', ['name', 'email']);
}
