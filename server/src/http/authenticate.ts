/**
 * The one authentication middleware for /api routes that need a person. An opaque access token is
 * looked up together with its account in one indexed query (the provider's AccessToken row joined to
 * users), so a request costs a single round trip. Unknown, expired or revoked tokens, and suspended
 * or banned accounts, answer 401 `unauthenticated`.
 */
import type { Context, Next } from 'koa';
import type { Knex } from '../db/knex.js';
import type { UserRow } from '../db/models.js';
import { isUsable } from '../features/accounts/service.js';
import { unauthenticated } from './errors.js';

export interface Session {
  user: UserRow;
  /** The login this token belongs to (logout and password changes revoke by grant). */
  grantId: string;
}

declare module 'koa' {
  interface DefaultState {
    session?: Session;
  }
}

/** oidc-provider's opaque tokens are 43 base64url characters (256 bits); this bounds junk before any query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export async function findSession(knex: Knex, accessToken: string): Promise<Session | undefined> {
  if (!TOKEN_PATTERN.test(accessToken)) return undefined;
  const row = (await knex('oidc_payloads as p')
    .join('users as u', 'u.id', 'p.account_id')
    .where('p.kind', 'AccessToken')
    .andWhere('p.id', accessToken)
    .andWhere('p.expires_at', '>', new Date())
    .first(
      'u.id',
      'u.name',
      'u.email',
      'u.password_hash',
      'u.is_owner',
      'u.is_active',
      'u.confirmed_at',
      'u.deleted_at',
      'u.created_at',
      'u.updated_at',
      'p.grant_id as session_grant_id',
    )) as (UserRow & { session_grant_id: string | null }) | undefined;
  if (!row?.session_grant_id || !isUsable(row)) return undefined;
  const { session_grant_id: grantId, ...user } = row;
  return { user, grantId };
}

export function authenticate(knex: Knex) {
  return async function requireSession(ctx: Context, next: Next) {
    const token = bearerToken(ctx);
    const session = token ? await findSession(knex, token) : undefined;
    if (!session) throw unauthenticated();
    ctx.state.session = session;
    await next();
  };
}

/** The session of an authenticated route (after `authenticate`). */
export function sessionOf(ctx: Context): Session {
  const { session } = ctx.state;
  if (!session) throw unauthenticated();
  return session;
}
