/**
 * Single-use account tokens (email confirmation, invitation, password reset). The emailed token is
 * 256 random bits; only its sha256 is stored. A token expires, is spent by its first use, and a newer
 * token of the same kind for the same account (and, for an invitation to an organization, the same membership)
 * replaces the older ones: invitations from two organizations stay usable side by side.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from '../../db/knex.js';
import { newId } from '../../db/ids.js';
import type { AuthToken, AuthTokenType } from '../../db/models.js';

const HOUR_MS = 60 * 60 * 1000;

const AUTH_TOKEN_TTL_MS: Record<AuthTokenType, number> = {
  email_confirmation: 48 * HOUR_MS,
  invitation: 7 * 24 * HOUR_MS,
  password_reset: HOUR_MS,
};

/** Longer inputs cannot be one of our tokens; checking stops there. */
const MAX_TOKEN_LENGTH = 256;

export type AuthTokenRow = Pick<AuthToken, 'id' | 'user_id' | 'type' | 'email' | 'tenant_user_id' | 'expires_at' | 'used_at'>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueAuthToken(db: Knex, userId: string, type: AuthTokenType, email: string, tenantUserId: string | null = null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const older = db('auth_tokens').where({ user_id: userId, type }).whereNull('used_at');
  if (tenantUserId) older.where('tenant_user_id', tenantUserId);
  else older.whereNull('tenant_user_id');
  await older.update({ used_at: now });
  await db('auth_tokens').insert({
    id: newId(),
    user_id: userId,
    type,
    token_hash: hashToken(token),
    email,
    tenant_user_id: tenantUserId,
    expires_at: new Date(now.getTime() + AUTH_TOKEN_TTL_MS[type]),
    created_at: now,
  });
  return token;
}

/** The unspent, unexpired token of this kind, or undefined. */
export async function findUsableAuthToken(db: Knex, type: AuthTokenType, token: string): Promise<AuthTokenRow | undefined> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
  return db('auth_tokens')
    .where({ token_hash: hashToken(token), type })
    .whereNull('used_at')
    .andWhere('expires_at', '>', new Date())
    .first('id', 'user_id', 'type', 'email', 'tenant_user_id', 'expires_at', 'used_at');
}

/** The token of this kind whatever its state (spent or expired too), or undefined: to say why a link no longer works. */
export async function findAnyAuthToken(db: Knex, type: AuthTokenType, token: string): Promise<AuthTokenRow | undefined> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
  return db('auth_tokens')
    .where({ token_hash: hashToken(token), type })
    .first('id', 'user_id', 'type', 'email', 'tenant_user_id', 'expires_at', 'used_at');
}

/** Spends a token; false when another request spent it first. */
export async function spendAuthToken(db: Knex, id: string): Promise<boolean> {
  const updated = await db('auth_tokens').where('id', id).whereNull('used_at').update({ used_at: new Date() });
  return updated === 1;
}

/** Spent and expired tokens are kept a day for support questions, then deleted. */
export async function purgeAuthTokens(db: Knex, now = new Date()): Promise<number> {
  return db('auth_tokens')
    .where('expires_at', '<', new Date(now.getTime() - 24 * HOUR_MS))
    .delete();
}
