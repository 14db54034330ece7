import type { Knex } from 'knex';

/**
 * Single sign-on (issue 33): an organization's connection to its identity provider (one at most), the email domains it
 * claims (each served by one connection in the whole platform, once the platform owner approves it), the provider
 * subjects linked to accounts, the sign-ins in progress (state, nonce and PKCE verifier, single use), the SAML assertions already accepted and the
 * single-use login codes the portal exchanges at POST /api/token.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sso_connections', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().unique().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('protocol', 8).notNullable();
    table.string('name', 255).notNullable();
    table.string('default_role', 16).notNullable();
    table.boolean('just_in_time').notNullable();
    table.boolean('enforce_sso').notNullable();
    table.string('groups_claim', 255).nullable();
    table.string('issuer', 2000).nullable();
    table.string('client_id', 255).nullable();
    // AES-256-GCM under a key derived from the server's secret: a leaked table holds no usable secret.
    table.text('client_secret_encrypted').nullable();
    // A JSON array's text.
    table.text('scopes').notNullable();
    table.string('idp_entity_id', 2000).nullable();
    table.string('idp_sso_url', 2000).nullable();
    table.text('idp_certificate').nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('sso_domains', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('connection_id', 36).notNullable().references('id').inTable('sso_connections').onDelete('CASCADE');
    // Lower-cased; the password login looks its address's domain up here on every attempt.
    table.string('domain', 253).notNullable().unique();
    table.string('status', 16).notNullable();
    table.timestamp('requested_at', { useTz: true }).notNullable();
    table.timestamp('decided_at', { useTz: true }).nullable();
    table.index(['status', 'requested_at']);
    table.index(['connection_id']);
  });
  await knex.schema.createTable('external_identities', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('connection_id', 36).notNullable().references('id').inTable('sso_connections').onDelete('CASCADE');
    // The provider's `sub`: stable per provider, never reassigned (OpenID Connect Core 1.0 section 2).
    table.string('subject', 255).notNullable();
    table.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.unique(['connection_id', 'subject']);
    table.index(['user_id']);
  });
  await knex.schema.createTable('sso_logins', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('connection_id', 36).notNullable().references('id').inTable('sso_connections').onDelete('CASCADE');
    // sha256 of the `state` sent to the provider; spent by one conditional update.
    table.string('state_hash', 64).notNullable().unique();
    // sha256 of the value of the cookie set on the browser that started the sign-in: the callback must come back to it
    // (without it, a person's browser could be signed in to someone else's account: login CSRF).
    table.string('browser_hash', 64).notNullable();
    // OpenID Connect's nonce and PKCE verifier (null for SAML, whose request id is the state: its AuthnRequest's ID,
    // which the response's InResponseTo must name).
    table.string('nonce', 128).nullable();
    table.string('code_verifier', 128).nullable();
    // `sign-in`, or `test` (a master trying the connection: nobody is signed in).
    table.string('purpose', 16).notNullable();
    table.string('redirect', 2000).nullable();
    // The connection's `updated_at` when the sign-in started: a connection changed since refuses it.
    table.timestamp('connection_version', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('spent_at', { useTz: true }).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['expires_at']);
  });
  // The SAML assertions accepted, kept until their NotOnOrAfter: the same assertion posted again is refused even while
  // it is still valid (a replay), whichever process receives it.
  await knex.schema.createTable('saml_assertions_seen', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('connection_id', 36).notNullable().references('id').inTable('sso_connections').onDelete('CASCADE');
    table.string('assertion_id', 255).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.unique(['connection_id', 'assertion_id']);
    table.index(['expires_at']);
  });
  await knex.schema.createTable('sso_login_codes', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
    // sha256 of the code handed to the portal in the URL fragment.
    table.string('code_hash', 64).notNullable().unique();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true }).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sso_login_codes');
  await knex.schema.dropTableIfExists('saml_assertions_seen');
  await knex.schema.dropTableIfExists('sso_logins');
  await knex.schema.dropTableIfExists('external_identities');
  await knex.schema.dropTableIfExists('sso_domains');
  await knex.schema.dropTableIfExists('sso_connections');
}
