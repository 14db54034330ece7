import type { Knex } from 'knex';

/**
 * A video's WebVTT captions tracks (issue 15): one row per track, its file under the video's storage keys. One track
 * per language on a video (the unique index also serves "the captions of these videos" lookups by `media_id`).
 * Deleting the video deletes its tracks' rows (its files are deleted by the media service, or swept as orphans).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('media_captions', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('media_id', 36).notNullable().references('id').inTable('media').onDelete('CASCADE');
    table.string('language', 35).notNullable();
    table.string('label', 255).notNullable();
    table.boolean('is_default').notNullable().defaultTo(false);
    table.string('storage_key', 255).notNullable();
    table.bigInteger('size').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['media_id', 'language'], { indexName: 'media_captions_media_language' });
    table.index(['storage_key'], 'media_captions_storage_key');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('media_captions');
}
