/**
 * Single-use account tokens (email confirmation, invitation, password reset). The emailed token is
 * 256 random bits; only its sha256 is stored. A token expires, is spent by its first use, and a newer
 * token of the same kind for the same account (and, for an invitation to an organization, the same membership)
 * replaces the older ones: invitations from two organizations stay usable side by side.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { AuthToken, type AuthTokenType } from '../../db/models.js';

const HOUR_MS = 60 * 60 * 1000;

const AUTH_TOKEN_TTL_MS: Record<AuthTokenType, number> = {
  email_confirmation: 48 * HOUR_MS,
  invitation: 7 * 24 * HOUR_MS,
  password_reset: HOUR_MS,
};

/** Longer inputs cannot be one of our tokens; checking stops there. */
const MAX_TOKEN_LENGTH = 256;

export type AuthTokenRow = Pick<AuthToken, 'id' | 'user_id' | 'type' | 'email' | 'tenant_user_id' | 'expires_at' | 'used_at'>;

/** An invitation's token with the organization of the membership it accepts (null without one). */
export interface InvitationTokenRow extends AuthTokenRow {
  membership_tenant_id: string | null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueAuthToken(db: Database, userId: string, type: AuthTokenType, email: string, tenantUserId: string | null = null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const older = db.write(AuthToken).where({ user_id: userId, type }).whereNull('used_at');
  if (tenantUserId) older.where('tenant_user_id', tenantUserId);
  else older.whereNull('tenant_user_id');
  await older.patch({ used_at: now.toISOString() });
  await db.write(AuthToken).insert({
    id: newId(),
    user_id: userId,
    type,
    token_hash: hashToken(token),
    email,
    tenant_user_id: tenantUserId,
    expires_at: new Date(now.getTime() + AUTH_TOKEN_TTL_MS[type]).toISOString(),
    created_at: now.toISOString(),
  });
  return token;
}

const TOKEN_COLUMNS = ['id', 'user_id', 'type', 'email', 'tenant_user_id', 'expires_at', 'used_at'];

function isTokenShaped(token: string): boolean {
  return token !== '' && token.length <= MAX_TOKEN_LENGTH;
}

/** The unspent, unexpired token of this kind, or undefined. */
export async function findUsableAuthToken(db: Database, type: AuthTokenType, token: string): Promise<AuthTokenRow | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const query = db
    .from('auth_tokens')
    .where({ token_hash: hashToken(token), type })
    .whereNull('used_at')
    .andWhere('expires_at', '>', new Date());
  return db.row<AuthTokenRow>(query.select(TOKEN_COLUMNS), AuthToken);
}

/**
 * The unspent, unexpired invitation token with the organization of the membership it accepts (that membership is
 * written in its organization), or undefined.
 */
export async function findUsableInvitationToken(db: Database, token: string): Promise<InvitationTokenRow | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const query = db
    .from('auth_tokens as at')
    .leftJoin('tenant_users as tu', 'tu.id', 'at.tenant_user_id')
    .where({ 'at.token_hash': hashToken(token), 'at.type': 'invitation' })
    .whereNull('at.used_at')
    .andWhere('at.expires_at', '>', new Date());
  return db.row<InvitationTokenRow>(query.select(...TOKEN_COLUMNS.map((column) => `at.${column}`), 'tu.tenant_id as membership_tenant_id'), AuthToken);
}

/** The token of this kind whatever its state (spent or expired too), or undefined: to say why a link no longer works. */
export async function findAnyAuthToken(db: Database, type: AuthTokenType, token: string): Promise<AuthTokenRow | undefined> {
  if (!isTokenShaped(token)) return undefined;
  return db.row<AuthTokenRow>(
    db
      .from('auth_tokens')
      .where({ token_hash: hashToken(token), type })
      .select(TOKEN_COLUMNS),
    AuthToken,
  );
}

/** Spends a token; false when another request spent it first. */
export async function spendAuthToken(db: Database, id: string): Promise<boolean> {
  const updated = await db.write(AuthToken).where('id', id).whereNull('used_at').patch({ used_at: new Date().toISOString() });
  return updated === 1;
}

/** Spent and expired tokens are kept a day for support questions, then deleted. */
export async function purgeAuthTokens(db: Database, now = new Date()): Promise<number> {
  return db
    .write(AuthToken)
    .where('expires_at', '<', new Date(now.getTime() - 24 * HOUR_MS))
    .delete();
}
