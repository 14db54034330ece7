/**
 * The queries on oidc-provider's storage (table oidc_payloads, oidc/adapter.ts) that the rest of the server
 * needs: ending logins (logout, password changes, suspended accounts) and purging expired rows. They live in
 * db/ so features can end an account's logins without importing the OIDC provider; oidc/ uses them too.
 */
import type { Database } from './database.js';
import type { Knex } from './knex.js';

export const OIDC_PAYLOADS = 'oidc_payloads';
const TABLE = OIDC_PAYLOADS;

/** Ends a login: its grant and every token issued from it. */
export async function revokeGrant(knex: Knex, grantId: string): Promise<void> {
  await knex(TABLE)
    .where('grant_id', grantId)
    .orWhere((query) => query.where('kind', 'Grant').andWhere('id', grantId))
    .delete();
}

/**
 * Ends every login of an account (after a password reset), optionally keeping one grant; through the database or
 * the transaction the account changes in (a feature's `tx`).
 */
export async function revokeAccountGrants(db: Database, accountId: string, keepGrantId?: string): Promise<void> {
  const query = db.knex(TABLE).where('account_id', accountId);
  if (keepGrantId) {
    query.andWhere((scope) => scope.whereNull('grant_id').orWhereNot('grant_id', keepGrantId)).andWhereNot('id', keepGrantId);
  }
  await query.delete();
}

/** The provider never deletes expired rows itself. */
export async function purgeExpiredPayloads(knex: Knex, now = new Date()): Promise<number> {
  return knex(TABLE).where('expires_at', '<', now).delete();
}
