import type { Knex } from 'knex';

/**
 * Embed sessions (issue 32): single-use tokens an organization's integration client creates for a person signed in
 * to its intranet, exchanged at POST /api/token. The row is kept while the login it started lives: `grant_id` names
 * that login, and the session of its every token is confined to the row's organization (http/session.ts).
 * Organizations choose whether an embed session makes a non-member a member just in time (default on); a membership
 * keeps the partner's own stable id of the person, unique in the organization.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('embed_sessions', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('tenant_user_id', 36).notNullable().references('id').inTable('tenant_users').onDelete('CASCADE');
    // The integration client that created it.
    table.string('client_id', 36).notNullable().references('id').inTable('integration_clients').onDelete('CASCADE');
    // sha256 of the token: a leaked table holds no usable token.
    table.string('token_hash', 64).notNullable().unique();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true }).nullable();
    // The login the exchange started (oidc_payloads.grant_id of its tokens).
    table.string('grant_id', 255).nullable().unique();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['expires_at']);
  });
  await knex.schema.alterTable('tenants', (table) => {
    table.boolean('enable_embed_jit').notNullable().defaultTo(true);
  });
  await knex.schema.alterTable('tenant_users', (table) => {
    table.string('external_id', 255).nullable();
    table.unique(['tenant_id', 'external_id'], { indexName: 'tenant_users_external_id' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenant_users', (table) => {
    table.dropUnique(['tenant_id', 'external_id'], 'tenant_users_external_id');
    table.dropColumn('external_id');
  });
  await knex.schema.alterTable('tenants', (table) => {
    table.dropColumn('enable_embed_jit');
  });
  await knex.schema.dropTableIfExists('embed_sessions');
}
