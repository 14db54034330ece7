import type { Knex } from 'knex';
import { isSqlite } from './helpers/dialect.js';
import { createPgTrigramIndexes, dropPgTrigramIndexes, sqliteSearchCopy } from './helpers/search-copies.js';

/**
 * The media library's search by name reads only the matching files (trigram-search.ts): a search among an
 * organization's 2,000 files read every file's name for the page and again for its count.
 */
const mediaSearch = sqliteSearchCopy({ table: 'media', key: 'id', copy: 'media_search', copyKey: 'media_id', columns: ['name'] });

export async function up(knex: Knex): Promise<void> {
  if (isSqlite(knex)) {
    for (const statement of mediaSearch.up) await knex.raw(statement);
    return;
  }
  await createPgTrigramIndexes(knex, 'media', ['name']);
}

export async function down(knex: Knex): Promise<void> {
  if (isSqlite(knex)) {
    for (const statement of mediaSearch.down) await knex.raw(statement);
    return;
  }
  await dropPgTrigramIndexes(knex, 'media', ['name']);
}
