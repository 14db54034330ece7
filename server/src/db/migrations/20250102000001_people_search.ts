import type { Knex } from 'knex';

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

const SQLITE_UP = [
  `CREATE TABLE user_search (
     id INTEGER PRIMARY KEY,
     user_id VARCHAR(36) NOT NULL UNIQUE,
     name TEXT NOT NULL,
     email TEXT NOT NULL
   )`,
  `INSERT INTO user_search (user_id, name, email) SELECT id, name, email FROM users`,
  `CREATE VIRTUAL TABLE user_search_fts USING fts5(name, email, content='user_search', content_rowid='id', tokenize='trigram')`,
  `INSERT INTO user_search_fts (user_search_fts) VALUES ('rebuild')`,
  `CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
     INSERT INTO user_search (user_id, name, email) VALUES (new.id, new.name, new.email);
   END`,
  `CREATE TRIGGER users_search_update AFTER UPDATE OF name, email ON users BEGIN
     UPDATE user_search SET name = new.name, email = new.email WHERE user_id = old.id;
   END`,
  `CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
     DELETE FROM user_search WHERE user_id = old.id;
   END`,
  `CREATE TRIGGER user_search_fts_insert AFTER INSERT ON user_search BEGIN
     INSERT INTO user_search_fts (rowid, name, email) VALUES (new.id, new.name, new.email);
   END`,
  `CREATE TRIGGER user_search_fts_delete AFTER DELETE ON user_search BEGIN
     INSERT INTO user_search_fts (user_search_fts, rowid, name, email) VALUES ('delete', old.id, old.name, old.email);
   END`,
  `CREATE TRIGGER user_search_fts_update AFTER UPDATE ON user_search BEGIN
     INSERT INTO user_search_fts (user_search_fts, rowid, name, email) VALUES ('delete', old.id, old.name, old.email);
     INSERT INTO user_search_fts (rowid, name, email) VALUES (new.id, new.name, new.email);
   END`,
];

const SQLITE_DOWN = [
  'DROP TRIGGER IF EXISTS user_search_fts_update',
  'DROP TRIGGER IF EXISTS user_search_fts_delete',
  'DROP TRIGGER IF EXISTS user_search_fts_insert',
  'DROP TRIGGER IF EXISTS users_search_delete',
  'DROP TRIGGER IF EXISTS users_search_update',
  'DROP TRIGGER IF EXISTS users_search_insert',
  'DROP TABLE IF EXISTS user_search_fts',
  'DROP TABLE IF EXISTS user_search',
];

function isSqlite(knex: Knex): boolean {
  return knex.client.config.client === 'sqlite3';
}

async function pgTrigramIndexes(knex: Knex): Promise<void> {
  const available = await knex('pg_available_extensions').where('name', 'pg_trgm').first('name');
  if (!available) return;
  try {
    // A savepoint, so that a missing privilege does not abort the migration's transaction.
    await knex.transaction(async (savepoint) => {
      // In public, not the app's schema: dropping a schema drops the extensions in it, and with them the
      // indexes of every other schema that uses them (test databases are schemas, dropped after each file).
      await savepoint.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
      // It may already exist in another schema: name its operator class fully.
      const { rows } = await savepoint.raw("SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'");
      const opclass = `"${String(rows[0].schema).replace(/"/g, '""')}".gin_trgm_ops`;
      await savepoint.raw(`CREATE INDEX users_name_trgm ON users USING gin (lower(name) ${opclass})`);
      await savepoint.raw(`CREATE INDEX users_email_trgm ON users USING gin (lower(email) ${opclass})`);
    });
  } catch {
    // Without pg_trgm, people searches scan; they stay correct.
  }
}

export async function up(knex: Knex): Promise<void> {
  // An earlier version of the people migration indexed tenant_users (tenant_id, created_at). With it,
  // SQLite answers "search, sorted by joined" by walking all of an organization's members in join order
  // instead of looking up the few matches through (tenant_id, user_id).
  await knex.raw('DROP INDEX IF EXISTS tenant_users_tenant_id_created_at_index');
  if (isSqlite(knex)) {
    for (const statement of SQLITE_UP) await knex.raw(statement);
    return;
  }
  await pgTrigramIndexes(knex);
}

export async function down(knex: Knex): Promise<void> {
  if (isSqlite(knex)) {
    for (const statement of SQLITE_DOWN) await knex.raw(statement);
    return;
  }
  await knex.raw('DROP INDEX IF EXISTS users_email_trgm');
  await knex.raw('DROP INDEX IF EXISTS users_name_trgm');
}
