import type { Knex } from 'knex';

/**
 * Only sessions carry a `uid` and only device codes a `user_code`: indexed whole, every other row (grants, tokens,
 * codes: the many) wrote an entry for its null into both indexes on each save. Indexed where present, a token's save
 * changes two pages fewer (oidc/hot.ts; server/bench/embed-sessions.ts).
 */
const LOOKUPS = ['uid', 'user_code'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const column of LOOKUPS) {
    await knex.schema.alterTable('oidc_payloads', (table) => {
      table.dropIndex([column]);
      table.index([column], `oidc_payloads_${column}_present_index`, { predicate: knex.whereNotNull(column) });
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const column of LOOKUPS) {
    await knex.schema.alterTable('oidc_payloads', (table) => {
      table.dropIndex([column], `oidc_payloads_${column}_present_index`);
      table.index([column]);
    });
  }
}
