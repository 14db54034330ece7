/**
 * "Contains" searches (a term anywhere in a name or email, any letter case) that read only the matching rows
 * instead of every row of a large organization.
 *
 * SQLite: an FTS5 trigram index answers substring matches of three or more characters. It indexes a copy of
 * the searched columns keyed by an INTEGER PRIMARY KEY (the searched tables have text ids, and the implicit
 * rowid of such a table may change on VACUUM, which would corrupt an external-content index); triggers keep
 * the copy and the index in step with the table.
 *
 * PostgreSQL: trigram GIN indexes (pg_trgm, installed in the public schema) serve `lower(column) LIKE '%term%'`
 * directly. Creating the extension needs the CREATE privilege; without it the indexes are skipped and searches scan.
 */
import type { Knex } from 'knex';

export const TRIGRAM_LENGTH = 3;

/** An FTS5 phrase: the term as one quoted string, its quotes doubled. */
export function ftsPhrase(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/** An FTS5 query for the rows holding every one of these trigrams, anywhere in any column. */
export function ftsAllOf(trigrams: string[]): string {
  return trigrams.map(ftsPhrase).join(' AND ');
}

/** The distinct trigrams of a term, as the index folds them; an ASCII term's only (see `contains-search.ts`). */
export function asciiTrigramsOf(term: string): string[] | undefined {
  if (!/^[\x20-\x7e]*$/.test(term)) return undefined;
  const folded = term.toLowerCase();
  const trigrams = new Set<string>();
  for (let start = 0; start + TRIGRAM_LENGTH <= folded.length; start += 1) trigrams.add(folded.slice(start, start + TRIGRAM_LENGTH));
  return [...trigrams];
}

/** The fts5vocab table counting the rows of each trigram of a copy's index (trigram-frequencies.ts). */
export function vocabularyOf(copy: string): string {
  return `${copy}_vocab`;
}

/**
 * Merges each SQLite trigram index into one segment. FTS5 adds a segment per write and merges them only now and
 * then, so an index filled row by row (an import, a year of uploads) answers a search from dozens of segments:
 * a third slower (2,000 media names: 100 µs, 64 µs merged). Run at start and with the periodic purge; an index
 * already merged costs nothing.
 */
export async function mergeSearchIndexes(knex: Knex): Promise<void> {
  const indexes: { name: string }[] = await knex('sqlite_master')
    .where('type', 'table')
    .where('sql', 'like', 'CREATE VIRTUAL TABLE % USING fts5(%')
    .select('name');
  for (const { name } of indexes) await knex.raw(`INSERT INTO ?? (??) VALUES ('optimize')`, [name, name]);
}
