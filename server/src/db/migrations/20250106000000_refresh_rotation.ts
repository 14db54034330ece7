import type { Knex } from 'knex';

/** The pair a refresh token's rotation issued, answered again within the grace window (oidc/rotation-grace.ts). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oidc_payloads', (table) => {
    table.text('rotated_to').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oidc_payloads', (table) => {
    table.dropColumn('rotated_to');
  });
}
