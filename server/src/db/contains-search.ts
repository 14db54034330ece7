/**
 * "Contains" searches of lists (a term anywhere in a name or email, any letter case). On SQLite, terms of three
 * or more characters go through a trigram index (trigram-search.ts), so a search in an organization of 10,000
 * members or 2,000 media files reads only the matches; shorter terms, and PostgreSQL (whose trigram GIN
 * indexes serve LIKE itself), use LIKE.
 */
import type { Knex } from './knex.js';
import { isSqlite } from './knex.js';
import { applySearch } from './paginate.js';
import { ftsPhrase, TRIGRAM_LENGTH } from './trigram-search.js';

export interface ContainsSearch {
  /** The indexed copy (migration) and its column holding the searched row's id. */
  copy: string;
  copyKey: string;
  /** The searched row's id in the list's query (e.g. tu.user_id). */
  key: string;
  /** The list query's columns for the LIKE path. */
  columns: string[];
}

export function containsSearch({ copy, copyKey, key, columns }: ContainsSearch) {
  return (knex: Knex, query: Knex.QueryBuilder, term: string): Knex.QueryBuilder => {
    if (!isSqlite(knex) || [...term].length < TRIGRAM_LENGTH) return applySearch(query, columns, term);
    const matches = knex(`${copy}_fts`)
      .join(copy, `${copy}.id`, `${copy}_fts.rowid`)
      .whereRaw(`${copy}_fts MATCH ?`, [ftsPhrase(term)])
      .select(`${copy}.${copyKey}`);
    return query.whereIn(key, matches);
  };
}

export interface PeopleColumns {
  /** The column holding the user's id in the searched query (e.g. tu.user_id). */
  userId: string;
  /** The joined users' name and email columns, for the LIKE path. */
  name: string;
  email: string;
}

/** "Search by name or email" (migration 20250102000001_people_search). */
export function searchPeople(columns: PeopleColumns) {
  return containsSearch({ copy: 'user_search', copyKey: 'user_id', key: columns.userId, columns: [columns.name, columns.email] });
}
