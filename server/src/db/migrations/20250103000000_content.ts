import type { Knex } from 'knex';

/**
 * Content (issue 4): the media library, modules > components > topics > items, who sees which module
 * (directly or through a group), each member's hidden modules/components, favourite topics and completed
 * procedure rows, and suggestions.
 *
 * Ordering is an integer `position` (answered as `order`; "order" is an SQL keyword). Every content row
 * carries its `tenant_id`, so each query is scoped to the organization without joining up the tree.
 */

function timestamps(table: Knex.CreateTableBuilder, knex: Knex): void {
  table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

function id(table: Knex.CreateTableBuilder): void {
  table.string('id', 36).primary();
}

function tenant(table: Knex.CreateTableBuilder): void {
  table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
}

/** A member-owned flag row (hidden, favourite, completed): the pair is the key. */
function memberPivot(knex: Knex, name: string, column: string, otherTable: string) {
  return knex.schema.createTable(name, (table) => {
    table.string(column, 36).notNullable().references('id').inTable(otherTable).onDelete('CASCADE');
    table.string('tenant_user_id', 36).notNullable().references('id').inTable('tenant_users').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary([column, 'tenant_user_id']);
    table.index(['tenant_user_id']);
  });
}

function pivot(knex: Knex, name: string, left: [string, string], right: [string, string]) {
  return knex.schema.createTable(name, (table) => {
    table.string(left[0], 36).notNullable().references('id').inTable(left[1]).onDelete('CASCADE');
    table.string(right[0], 36).notNullable().references('id').inTable(right[1]).onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary([left[0], right[0]]);
    table.index([right[0]]);
  });
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('media', (table) => {
    id(table);
    tenant(table);
    table.string('name', 255).notNullable();
    table.string('type', 16).notNullable();
    table.string('mime_type', 64).notNullable();
    table.bigInteger('size').notNullable();
    table.string('storage_key', 255).notNullable();
    table.integer('width').nullable();
    table.integer('height').nullable();
    table.string('thumbnail_key', 255).nullable();
    table.string('thumbnail_mime_type', 64).nullable();
    table.bigInteger('thumbnail_size').nullable();
    timestamps(table, knex);
    table.index(['tenant_id', 'created_at']);
    table.index(['tenant_id', 'type']);
  });

  await knex.schema.createTable('modules', (table) => {
    id(table);
    tenant(table);
    table.string('name', 255).notNullable();
    table.text('description').notNullable();
    table.boolean('is_active').notNullable().defaultTo(true);
    table.integer('position').notNullable().defaultTo(0);
    table.string('image_id', 36).nullable().references('id').inTable('media').onDelete('SET NULL');
    table.timestamp('deleted_at', { useTz: true }).nullable();
    timestamps(table, knex);
    table.index(['tenant_id', 'position']);
  });

  await knex.schema.createTable('components', (table) => {
    id(table);
    tenant(table);
    table.string('module_id', 36).notNullable().references('id').inTable('modules').onDelete('CASCADE');
    table.string('name', 255).notNullable();
    table.text('description').notNullable();
    table.boolean('is_active').notNullable().defaultTo(true);
    table.integer('position').notNullable().defaultTo(0);
    table.string('image_id', 36).nullable().references('id').inTable('media').onDelete('SET NULL');
    table.timestamp('deleted_at', { useTz: true }).nullable();
    timestamps(table, knex);
    table.index(['module_id', 'position']);
    table.index(['tenant_id']);
  });

  await knex.schema.createTable('topics', (table) => {
    id(table);
    tenant(table);
    table.string('component_id', 36).notNullable().references('id').inTable('components').onDelete('CASCADE');
    table.string('name', 255).notNullable();
    table.text('description').notNullable();
    table.boolean('is_active').notNullable().defaultTo(true);
    table.integer('position').notNullable().defaultTo(0);
    table.timestamp('deleted_at', { useTz: true }).nullable();
    timestamps(table, knex);
    table.index(['component_id', 'position']);
    table.index(['tenant_id']);
  });

  await knex.schema.createTable('items', (table) => {
    id(table);
    tenant(table);
    table.string('topic_id', 36).notNullable().references('id').inTable('topics').onDelete('CASCADE');
    table.string('row_id', 36).nullable().references('id').inTable('items').onDelete('CASCADE');
    table.string('type', 16).notNullable();
    table.integer('position').notNullable().defaultTo(0);
    table.text('text').nullable();
    table.boolean('is_procedure').notNullable().defaultTo(false);
    table.string('media_id', 36).nullable().references('id').inTable('media').onDelete('SET NULL');
    timestamps(table, knex);
    table.index(['topic_id', 'position']);
    table.index(['row_id']);
    table.index(['media_id']);
  });

  await pivot(knex, 'module_media', ['module_id', 'modules'], ['media_id', 'media']);
  await pivot(knex, 'module_groups', ['module_id', 'modules'], ['group_id', 'groups']);
  await pivot(knex, 'module_tenant_users', ['module_id', 'modules'], ['tenant_user_id', 'tenant_users']);
  await memberPivot(knex, 'module_hidden', 'module_id', 'modules');
  await memberPivot(knex, 'component_hidden', 'component_id', 'components');
  await memberPivot(knex, 'topic_favorites', 'topic_id', 'topics');
  await memberPivot(knex, 'item_completions', 'item_id', 'items');

  await knex.schema.createTable('suggestions', (table) => {
    id(table);
    tenant(table);
    table.string('tenant_user_id', 36).notNullable().references('id').inTable('tenant_users').onDelete('CASCADE');
    table.text('text').notNullable();
    table.string('module_id', 36).nullable().references('id').inTable('modules').onDelete('SET NULL');
    table.string('component_id', 36).nullable().references('id').inTable('components').onDelete('SET NULL');
    table.string('topic_id', 36).nullable().references('id').inTable('topics').onDelete('SET NULL');
    table.boolean('is_active').notNullable().defaultTo(true);
    timestamps(table, knex);
    table.index(['tenant_id', 'created_at']);
  });
  await pivot(knex, 'suggestion_media', ['suggestion_id', 'suggestions'], ['media_id', 'media']);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'suggestion_media',
    'suggestions',
    'item_completions',
    'topic_favorites',
    'component_hidden',
    'module_hidden',
    'module_tenant_users',
    'module_groups',
    'module_media',
    'items',
    'topics',
    'components',
    'modules',
    'media',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
