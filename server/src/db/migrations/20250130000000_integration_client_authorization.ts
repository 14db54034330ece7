import type { Knex } from 'knex';

/**
 * "Log in with Tessera" (issue 32, ARCHITECTURE.md#tessera-as-an-openid-provider): an integration client's redirect
 * URIs and grant types, each a JSON array's text. Existing clients keep what they had: client_credentials, no URI.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('integration_clients', (table) => {
    table.text('redirect_uris').notNullable().defaultTo('[]');
    table.text('grant_types').notNullable().defaultTo('["client_credentials"]');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('integration_clients', (table) => {
    table.dropColumn('redirect_uris');
    table.dropColumn('grant_types');
  });
}
