import type { Knex } from 'knex';

/**
 * SCIM 2.0 provisioning (features/scim, features/scim-tokens) and the organization's audit trail
 * (features/audit-events, db/audit.ts).
 *
 * - `scim_tokens`: an identity provider's bearer token for one organization, kept as its SHA-256 (256 random bits:
 *   nothing to slow down); revoking sets `revoked_at`, and the lookup refuses it from the next request.
 * - `audit_events`: who (a SCIM token, later a person or single sign-on) did what to what, when; written in the same
 *   transaction as the change it records.
 * - `groups.external_id`: the provider's own id of a SCIM Group, unique per organization (a SCIM User's is
 *   `tenant_users.external_id`, which embed sessions added).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scim_tokens', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('name', 255).notNullable();
    table.string('token_hash', 64).notNullable();
    table.string('created_by', 36).nullable().references('id').inTable('users').onDelete('SET NULL');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('last_used_at', { useTz: true }).nullable();
    table.timestamp('revoked_at', { useTz: true }).nullable();
    table.unique(['token_hash']);
    table.index(['tenant_id', 'created_at']);
  });
  await knex.schema.createTable('audit_events', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('actor_kind', 32).notNullable();
    table.string('actor_id', 36).nullable();
    table.string('actor_name', 255).notNullable();
    table.string('action', 64).notNullable();
    table.string('target_kind', 32).nullable();
    table.string('target_id', 36).nullable();
    table.string('target_name', 255).nullable();
    table.text('details').nullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['tenant_id', 'created_at']);
    table.index(['tenant_id', 'action']);
  });
  await knex.schema.alterTable('groups', (table) => {
    table.string('external_id', 255).nullable();
    table.unique(['tenant_id', 'external_id'], { indexName: 'groups_external_id' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('groups', (table) => {
    table.dropUnique(['tenant_id', 'external_id'], 'groups_external_id');
    table.dropColumn('external_id');
  });
  await knex.schema.dropTable('audit_events');
  await knex.schema.dropTable('scim_tokens');
}
