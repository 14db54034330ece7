import type { Knex } from 'knex';
import { isSqlite } from './helpers/dialect.js';
import { createPgTrigramIndexes, dropPgTrigramIndexes, sqliteSearchCopy } from './helpers/search-copies.js';

/**
 * Bioreq documents (issue 13): a member's uploaded document and its review (status, reviewer, verdict and
 * message), its one note with the note's earlier texts, the access log of every download, and each
 * organization's retention setting. The file itself is in private storage under `storage_key` (null once the
 * retention deleted it). Every row carries `tenant_id`, so each query is scoped to the organization.
 */

function timestamps(table: Knex.CreateTableBuilder, knex: Knex): void {
  table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

function tenant(table: Knex.CreateTableBuilder): void {
  table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
}

function account(table: Knex.CreateTableBuilder, column: string): void {
  table.string(column, 36).nullable().references('id').inTable('users').onDelete('SET NULL');
}

/** "Search by title" reads only the matching documents (trigram-search.ts), as the media library's search does. */
const titleSearch = sqliteSearchCopy({ table: 'bioreq_documents', key: 'id', copy: 'bioreq_search', copyKey: 'document_id', columns: ['title'] });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bioreq_documents', (table) => {
    table.string('id', 36).primary();
    tenant(table);
    table.string('tenant_user_id', 36).notNullable().references('id').inTable('tenant_users').onDelete('CASCADE');
    table.string('title', 255).notNullable();
    table.text('description').notNullable();
    table.string('storage_key', 255).nullable();
    table.string('mime_type', 100).notNullable();
    table.bigInteger('size').notNullable();
    table.string('status', 16).notNullable().defaultTo('pending');
    /** match or nomatch: the Processed tab. Its own column so each tab is one index range, in upload order. */
    table.boolean('processed').notNullable().defaultTo(false);
    table.text('message').nullable();
    account(table, 'reviewer_user_id');
    table.timestamp('downloaded_at', { useTz: true }).nullable();
    account(table, 'decided_by_user_id');
    table.timestamp('decided_at', { useTz: true }).nullable();
    table.timestamp('file_deleted_at', { useTz: true }).nullable();
    timestamps(table, knex);
    table.index(['tenant_id', 'processed', 'created_at', 'id']);
    table.index(['tenant_user_id', 'processed', 'created_at', 'id']);
    table.index(['decided_at']);
  });
  await knex.schema.createTable('bioreq_notes', (table) => {
    table.string('id', 36).primary();
    tenant(table);
    table.string('document_id', 36).notNullable().unique().references('id').inTable('bioreq_documents').onDelete('CASCADE');
    table.text('note').notNullable();
    account(table, 'author_user_id');
    timestamps(table, knex);
  });
  await knex.schema.createTable('bioreq_note_history', (table) => {
    table.string('id', 36).primary();
    table.string('note_id', 36).notNullable().references('id').inTable('bioreq_notes').onDelete('CASCADE');
    table.text('note').notNullable();
    account(table, 'author_user_id');
    /** When this text was written (the note's updated_at before it was replaced). */
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['note_id', 'created_at']);
  });
  await knex.schema.createTable('bioreq_downloads', (table) => {
    table.string('id', 36).primary();
    tenant(table);
    table.string('document_id', 36).notNullable().references('id').inTable('bioreq_documents').onDelete('CASCADE');
    account(table, 'user_id');
    table.string('ip', 64).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['document_id', 'created_at']);
  });
  await knex.schema.createTable('bioreq_settings', (table) => {
    table.string('tenant_id', 36).primary().references('id').inTable('tenants').onDelete('CASCADE');
    table.integer('retention_days').nullable();
    timestamps(table, knex);
  });
  if (isSqlite(knex)) {
    for (const statement of titleSearch.up) await knex.raw(statement);
  } else {
    await createPgTrigramIndexes(knex, 'bioreq_documents', ['title']);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (isSqlite(knex)) {
    for (const statement of titleSearch.down) await knex.raw(statement);
  } else {
    await dropPgTrigramIndexes(knex, 'bioreq_documents', ['title']);
  }
  for (const table of ['bioreq_settings', 'bioreq_downloads', 'bioreq_note_history', 'bioreq_notes', 'bioreq_documents']) {
    await knex.schema.dropTableIfExists(table);
  }
}
