import type { Knex } from 'knex';

/**
 * People in organizations: groups and their members, organization names unique in any letter case
 * (the access request form finds an organization by name), and the access request lists' index.
 */

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('groups', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('name', 255).notNullable();
    table.text('description').notNullable();
    table.timestamp('deleted_at', { useTz: true }).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['tenant_id', 'name']);
  });

  await knex.schema.createTable('group_tenant_users', (table) => {
    table.string('group_id', 36).notNullable().references('id').inTable('groups').onDelete('CASCADE');
    table.string('tenant_user_id', 36).notNullable().references('id').inTable('tenant_users').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['group_id', 'tenant_user_id']);
    table.index(['tenant_user_id']);
  });

  await knex.schema.alterTable('access_requests', (table) => {
    table.index(['tenant_id', 'created_at']);
  });
  await knex.raw('CREATE UNIQUE INDEX tenants_name_lower_unique ON tenants (lower(name))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS tenants_name_lower_unique');
  await knex.schema.alterTable('access_requests', (table) => {
    table.dropIndex(['tenant_id', 'created_at']);
  });
  await knex.schema.dropTableIfExists('group_tenant_users');
  await knex.schema.dropTableIfExists('groups');
}
