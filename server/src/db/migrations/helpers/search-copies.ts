/**
 * The search copies' schema, for migrations only (see dialect.ts): on SQLite a copy of the searched columns keyed by
 * an INTEGER PRIMARY KEY with its FTS5 trigram index and the triggers keeping both in step (db/trigram-search.ts says
 * why), on PostgreSQL trigram GIN indexes (pg_trgm) on `lower(column)`.
 */
import type { Knex } from 'knex';

export interface SearchCopy {
  /** The searched table, and its text id column. */
  table: string;
  key: string;
  /** The copy's table; its FTS5 index is `${copy}_fts`. */
  copy: string;
  /** The copy's column holding the searched row's id. */
  copyKey: string;
  columns: string[];
}

/** The statements creating the copy, its index and the triggers (`up`), and dropping them (`down`). */
export function sqliteSearchCopy({ table, key, copy, copyKey, columns }: SearchCopy): { up: string[]; down: string[] } {
  const fts = `${copy}_fts`;
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((column) => `${row}.${column}`).join(', ');
  const assignments = columns.map((column) => `${column} = new.${column}`).join(', ');
  return {
    up: [
      `CREATE TABLE ${copy} (
     id INTEGER PRIMARY KEY,
     ${copyKey} VARCHAR(36) NOT NULL UNIQUE,
${columns.map((column) => `     ${column} TEXT NOT NULL`).join(',\n')}
   )`,
      `INSERT INTO ${copy} (${copyKey}, ${list}) SELECT ${key}, ${list} FROM ${table}`,
      `CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='${copy}', content_rowid='id', tokenize='trigram')`,
      `INSERT INTO ${fts} (${fts}) VALUES ('rebuild')`,
      sqliteVocabulary(copy).up,
      `CREATE TRIGGER ${table}_search_insert AFTER INSERT ON ${table} BEGIN
     INSERT INTO ${copy} (${copyKey}, ${list}) VALUES (new.${key}, ${values('new')});
   END`,
      `CREATE TRIGGER ${table}_search_update AFTER UPDATE OF ${list} ON ${table} BEGIN
     UPDATE ${copy} SET ${assignments} WHERE ${copyKey} = old.${key};
   END`,
      `CREATE TRIGGER ${table}_search_delete AFTER DELETE ON ${table} BEGIN
     DELETE FROM ${copy} WHERE ${copyKey} = old.${key};
   END`,
      `CREATE TRIGGER ${fts}_insert AFTER INSERT ON ${copy} BEGIN
     INSERT INTO ${fts} (rowid, ${list}) VALUES (new.id, ${values('new')});
   END`,
      `CREATE TRIGGER ${fts}_delete AFTER DELETE ON ${copy} BEGIN
     INSERT INTO ${fts} (${fts}, rowid, ${list}) VALUES ('delete', old.id, ${values('old')});
   END`,
      `CREATE TRIGGER ${fts}_update AFTER UPDATE ON ${copy} BEGIN
     INSERT INTO ${fts} (${fts}, rowid, ${list}) VALUES ('delete', old.id, ${values('old')});
     INSERT INTO ${fts} (rowid, ${list}) VALUES (new.id, ${values('new')});
   END`,
    ],
    down: [
      sqliteVocabulary(copy).down,
      `DROP TRIGGER IF EXISTS ${fts}_update`,
      `DROP TRIGGER IF EXISTS ${fts}_delete`,
      `DROP TRIGGER IF EXISTS ${fts}_insert`,
      `DROP TRIGGER IF EXISTS ${table}_search_delete`,
      `DROP TRIGGER IF EXISTS ${table}_search_update`,
      `DROP TRIGGER IF EXISTS ${table}_search_insert`,
      `DROP TABLE IF EXISTS ${fts}`,
      `DROP TABLE IF EXISTS ${copy}`,
    ],
  };
}

/** Trigram GIN indexes on `lower(column)`, named `${table}_${column}_trgm`; skipped where pg_trgm cannot be had. */
export async function createPgTrigramIndexes(knex: Knex, table: string, columns: string[]): Promise<void> {
  const available = await knex('pg_available_extensions').where('name', 'pg_trgm').first('name');
  if (!available) return;
  try {
    // A savepoint, so that a missing privilege does not abort the migration's transaction.
    await knex.transaction(async (savepoint) => {
      // In public, not the app's schema: dropping a schema drops the extensions in it, and with them the
      // indexes of every other schema that uses them (test databases are schemas, dropped after each file).
      await savepoint.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
      // It may already exist in another schema: name its operator class fully.
      const { rows } = await savepoint.raw(
        "SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'",
      );
      const opclass = `"${String(rows[0].schema).replace(/"/g, '""')}".gin_trgm_ops`;
      for (const column of columns) await savepoint.raw(`CREATE INDEX ${table}_${column}_trgm ON ${table} USING gin (lower(${column}) ${opclass})`);
    });
  } catch {
    // Without pg_trgm, searches scan; they stay correct.
  }
}

export async function dropPgTrigramIndexes(knex: Knex, table: string, columns: string[]): Promise<void> {
  for (const column of [...columns].reverse()) await knex.raw(`DROP INDEX IF EXISTS ${table}_${column}_trgm`);
}

/**
 * Creating and dropping a copy's vocabulary table. It stores nothing (it reads the index). `sqliteSearchCopy` makes
 * one with each copy; migration 20250121000000 added them to the copies made before (hence IF NOT EXISTS).
 */
export function sqliteVocabulary(copy: string): { up: string; down: string } {
  const vocabulary = `${copy}_vocab`;
  return {
    up: `CREATE VIRTUAL TABLE IF NOT EXISTS ${vocabulary} USING fts5vocab(${copy}_fts, 'row')`,
    down: `DROP TABLE IF EXISTS ${vocabulary}`,
  };
}
