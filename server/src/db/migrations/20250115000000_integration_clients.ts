import type { Knex } from 'knex';

/**
 * Integration clients (service accounts, features/integration-clients): an OAuth client a script uses with
 * client_credentials. Each acts through an account of its own (`users.is_service_account`, no password) holding one
 * membership of one organization with the client's role, so tokens, sessions, tenant scoping and policies work
 * for it as for a person. The secret is kept as its SHA-256 (it is 256 random bits: nothing to slow down).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.boolean('is_service_account').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('integration_clients', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('name', 255).notNullable();
    table.string('secret_hash', 64).notNullable();
    table.string('created_by', 36).nullable().references('id').inTable('users').onDelete('SET NULL');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('revoked_at', { useTz: true }).nullable();
    table.index(['tenant_id']);
    table.unique(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('integration_clients');
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('is_service_account');
  });
}
