import type { Knex } from 'knex';

/**
 * A member's responses in the report's order, in the index alone: `(tenant_user_id, status)` becomes
 * `kc_responses_by_member (tenant_user_id, status, completed_date_time, id)`. The report page with a `user` filter reads
 * every completed response of the matching members to sort and count them (db/paginate.ts); through the narrow index
 * each was a visit to the table for its date and id. With them in the index, PostgreSQL's page (25 learners, 250
 * responses) reads 139 buffers instead of 414, 0.73 → 0.49 ms (issue 11, server/bench/kc.ts); SQLite reads no table
 * row either. It still serves every lookup the narrow one served (its first columns, the foreign key's cascade).
 */
const NARROW = { columns: ['tenant_user_id', 'status'], name: 'kc_responses_tenant_user_id_status_index' };
const BY_MEMBER = { columns: ['tenant_user_id', 'status', 'completed_date_time', 'id'], name: 'kc_responses_by_member' };

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('kc_responses', (table) => {
    table.index(BY_MEMBER.columns, BY_MEMBER.name);
    table.dropIndex([], NARROW.name);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('kc_responses', (table) => {
    table.index(NARROW.columns, NARROW.name);
    table.dropIndex([], BY_MEMBER.name);
  });
}
