import type { Knex } from 'knex';

/**
 * Adding an account to an organization invites it (ARCHITECTURE.md#member-invitations): the membership waits,
 * `invited_at` set, until the person accepts; an invitation token names the membership it accepts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenant_users', (table) => {
    table.timestamp('invited_at', { useTz: true }).nullable();
  });
  await knex.schema.alterTable('auth_tokens', (table) => {
    table.string('tenant_user_id', 36).nullable().references('id').inTable('tenant_users').onDelete('CASCADE');
    table.index(['tenant_user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('auth_tokens', (table) => {
    table.dropIndex(['tenant_user_id']);
    table.dropColumn('tenant_user_id');
  });
  await knex.schema.alterTable('tenant_users', (table) => {
    table.dropColumn('invited_at');
  });
}
