import type { Knex } from 'knex';

/**
 * An organization's former pretty-URL names: the slug follows the name, and a link or embed naming an old slug
 * still reaches the organization (features/tenants/slug.ts). A former slug stays reserved to its organization.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tenant_slugs', (table) => {
    table.string('slug', 255).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['tenant_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_slugs');
}
