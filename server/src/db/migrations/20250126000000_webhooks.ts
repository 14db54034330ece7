import type { Knex } from 'knex';

/**
 * Webhooks (issue 35): an organization's endpoints, each event sent to one of them (a delivery, whose id is the
 * `webhook-id` of every attempt and replay), and each attempt of a delivery (the log masters read).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('url', 2000).notNullable();
    table.string('description', 255).notNullable().defaultTo('');
    // The subscribed event types, a JSON array (the model reads it as a list).
    table.text('events').notNullable();
    table.boolean('enabled').notNullable().defaultTo(true);
    table.string('disabled_reason', 20).nullable();
    table.timestamp('failing_since', { useTz: true }).nullable();
    // HMAC keys must be kept as they are to sign; never answered after creation or rotation.
    table.string('secret', 100).notNullable();
    table.string('previous_secret', 100).nullable();
    table.timestamp('previous_secret_expires_at', { useTz: true }).nullable();
    table.string('created_by', 36).nullable().references('id').inTable('users').onDelete('SET NULL');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
    table.index(['tenant_id']);
  });
  await knex.schema.createTable('webhook_deliveries', (table) => {
    table.string('id', 40).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('endpoint_id', 36).notNullable().references('id').inTable('webhook_endpoints').onDelete('CASCADE');
    table.string('event_type', 64).notNullable();
    // The body as signed and sent, byte for byte on every attempt.
    table.text('payload').notNullable();
    table.string('state', 16).notNullable();
    table.integer('attempts').notNullable().defaultTo(0);
    // How many retries this round has had: the next failure waits the schedule's delay at this step (a replay restarts it).
    table.integer('retry_step').notNullable().defaultTo(0);
    table.integer('last_status_code').nullable();
    table.string('last_error', 500).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('last_attempt_at', { useTz: true }).nullable();
    table.timestamp('next_attempt_at', { useTz: true }).nullable();
    table.timestamp('delivered_at', { useTz: true }).nullable();
    // The log's read: an endpoint's deliveries, newest first (and by state).
    table.index(['endpoint_id', 'created_at'], 'webhook_deliveries_by_endpoint');
    table.index(['endpoint_id', 'state', 'created_at'], 'webhook_deliveries_by_endpoint_state');
    // The purge's read: deliveries past their keeping.
    table.index(['created_at'], 'webhook_deliveries_by_age');
  });
  await knex.schema.createTable('webhook_attempts', (table) => {
    table.string('id', 36).primary();
    table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    table.string('delivery_id', 40).notNullable().references('id').inTable('webhook_deliveries').onDelete('CASCADE');
    table.integer('attempt').notNullable();
    table.integer('status_code').nullable();
    table.string('error', 500).nullable();
    table.integer('duration_ms').notNullable();
    table.timestamp('attempted_at', { useTz: true }).notNullable();
    table.index(['delivery_id', 'attempt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_attempts');
  await knex.schema.dropTable('webhook_deliveries');
  await knex.schema.dropTable('webhook_endpoints');
}
