import type { Knex } from 'knex';
import { isSqlite } from './helpers/dialect.js';
import { sqliteVocabulary } from './helpers/search-copies.js';

/**
 * SQLite: an fts5vocab table beside each trigram index (people, media and bioreq titles), counting the rows that hold
 * each trigram, so that a long search asks its index for its rarest trigrams only (trigram-frequencies.ts). It reads
 * the index itself and stores nothing. Copies made later get theirs from `sqliteSearchCopy`. PostgreSQL's trigram
 * GIN indexes need none.
 */
const SEARCH_COPIES = ['user_search', 'media_search', 'bioreq_search'];

export async function up(knex: Knex): Promise<void> {
  if (!isSqlite(knex)) return;
  for (const copy of SEARCH_COPIES) await knex.raw(sqliteVocabulary(copy).up);
}

export async function down(knex: Knex): Promise<void> {
  if (!isSqlite(knex)) return;
  for (const copy of SEARCH_COPIES) await knex.raw(sqliteVocabulary(copy).down);
}
