import type { Knex } from 'knex';

/**
 * Accounts, organizations, memberships, access requests, single-use account tokens, the OIDC
 * provider's storage and spent captcha solutions. Emails are stored lower-cased, which makes the
 * unique index case-insensitive on both databases.
 */

function timestamps(table: Knex.CreateTableBuilder, knex: Knex) {
  table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (table) => {
    table.string('id', 36).primary();
    table.string('name', 255).notNullable().defaultTo('');
    table.string('email', 255).notNullable().unique();
    table.string('password_hash', 255).nullable();
    table.boolean('is_owner').notNullable().defaultTo(false);
    table.boolean('is_active').notNullable().defaultTo(true);
    table.timestamp('confirmed_at', { useTz: true }).nullable();
    table.timestamp('deleted_at', { useTz: true }).nullable();
    timestamps(table, knex);
  });

  await knex.schema.createTable('tenants', (table) => {
    table.string('id', 36).primary();
    table.string('name', 255).notNullable();
    table.string('slug', 255).notNullable().unique();
    table.boolean('enable_bioreq').notNullable().defaultTo(false);
    table.timestamp('deleted_at', { useTz: true }).nullable();
    timestamps(table, knex);
  });

  await knex.schema.createTable('tenant_users', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.enu('role', ['user', 'admin', 'master']).notNullable().defaultTo('user');
    table.boolean('is_active').notNullable().defaultTo(true);
    table.timestamp('deleted_at', { useTz: true }).nullable();
    timestamps(table, knex);
    table.unique(['tenant_id', 'user_id']);
    table.index(['user_id']);
  });

  await knex.schema.createTable('access_requests', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.enu('status', ['pending', 'approved', 'declined']).notNullable().defaultTo('pending');
    table.timestamp('deleted_at', { useTz: true }).nullable();
    timestamps(table, knex);
    table.index(['tenant_id', 'user_id']);
  });

  await knex.schema.createTable('auth_tokens', (table) => {
    table.string('id', 36).primary();
    table.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.enu('type', ['email_confirmation', 'invitation', 'password_reset']).notNullable();
    /** sha256 of the emailed token: a leaked table holds no usable link. */
    table.string('token_hash', 64).notNullable().unique();
    table.string('email', 255).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true }).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id', 'type']);
    table.index(['expires_at']);
  });

  await knex.schema.createTable('oidc_payloads', (table) => {
    table.string('kind', 64).notNullable();
    table.string('id', 255).notNullable();
    table.text('payload').notNullable();
    table.string('grant_id', 255).nullable();
    table.string('account_id', 36).nullable();
    table.string('uid', 255).nullable();
    table.string('user_code', 255).nullable();
    table.timestamp('expires_at', { useTz: true }).nullable();
    table.timestamp('consumed_at', { useTz: true }).nullable();
    table.primary(['kind', 'id']);
    table.index(['grant_id']);
    table.index(['account_id']);
    table.index(['expires_at']);
    table.index(['uid']);
    table.index(['user_code']);
  });

  await knex.schema.createTable('used_captchas', (table) => {
    table.string('signature_hash', 64).primary();
    table.timestamp('expires_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['used_captchas', 'oidc_payloads', 'auth_tokens', 'access_requests', 'tenant_users', 'tenants', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
