/**
 * "Search by name or email": people whose name or email contains the term, in any letter case.
 * On SQLite, terms of three or more characters go through the trigram index (migration
 * 20250102000001_people_search), so a search in an organization of 10,000 members reads only the
 * matches; shorter terms, and PostgreSQL (whose trigram GIN indexes serve LIKE itself), use LIKE.
 */
import type { Knex } from './knex.js';
import { isSqlite } from './knex.js';
import { applySearch } from '../http/list-query.js';

const TRIGRAM_LENGTH = 3;

/** An FTS5 phrase: the term as one quoted string, its quotes doubled. */
export function ftsPhrase(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

export interface PeopleColumns {
  /** The column holding the user's id in the searched query (e.g. tu.user_id). */
  userId: string;
  /** The joined users' name and email columns, for the LIKE path. */
  name: string;
  email: string;
}

export function searchPeople(columns: PeopleColumns) {
  return (knex: Knex, query: Knex.QueryBuilder, term: string): Knex.QueryBuilder => {
    if (!isSqlite(knex) || [...term].length < TRIGRAM_LENGTH) return applySearch(query, [columns.name, columns.email], term);
    const matches = knex('user_search_fts')
      .join('user_search', 'user_search.id', 'user_search_fts.rowid')
      .whereRaw('user_search_fts MATCH ?', [ftsPhrase(term)])
      .select('user_search.user_id');
    return query.whereIn(columns.userId, matches);
  };
}
