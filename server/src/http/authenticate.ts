/**
 * The one authentication middleware for /api routes that need a person. An opaque access token is
 * looked up together with its account and memberships in one indexed query (the provider's
 * AccessToken row joined to users and tenant_users), so an authenticated request costs one round
 * trip. Unknown, expired or revoked tokens, and suspended or banned accounts, answer 401 `unauthenticated`.
 *
 * On SQLite the session is kept (db/change-cache.ts) until the next commit to the database by anyone: a
 * revoked token, a suspended account or a changed membership is a commit, so a kept session is never stale,
 * and the token's expiry is checked on every use. In a running server the lookup costs 20-60 µs of a
 * request's CPU (cold caches and file locks), the check of the database's change counter a few.
 */
import type { Context, Next } from 'koa';
import { createChangeCache } from '../db/change-cache.js';
import type { Knex } from '../db/knex.js';
import { placeholder, preparedSelect, type PreparedSelect } from '../db/prepared.js';
import type { UserRow } from '../db/models.js';
import type { MembershipRow } from '../features/accounts/presenter.js';
import { isUsable } from '../features/accounts/service.js';
import { unauthenticated } from './errors.js';

export interface Session {
  user: UserRow;
  /** The login this token belongs to (logout and password changes revoke by grant). */
  grantId: string;
  /** Live memberships in live organizations, by organization name (what tenant policies need). */
  memberships: MembershipRow[];
  /** When the access token expires (epoch ms). */
  expiresAt: number;
}

declare module 'koa' {
  interface DefaultState {
    session?: Session;
  }
}

/** oidc-provider's opaque tokens are 43 base64url characters (256 bits); this bounds junk before any query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** The token of an `Authorization: Bearer <token>` header. */
export function parseBearer(header: string | undefined): string | undefined {
  return header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}

export function bearerToken(ctx: Context): string | undefined {
  return parseBearer(ctx.get('Authorization'));
}

const USER_COLUMNS = ['id', 'name', 'email', 'password_hash', 'is_owner', 'is_active', 'confirmed_at', 'deleted_at', 'created_at', 'updated_at'] as const;

type SessionRow = UserRow & {
  session_grant_id: string | null;
  session_expires_at: Date | number | string | null;
  m_id: string | null;
  m_role: MembershipRow['role'] | null;
  m_is_active: MembershipRow['is_active'] | null;
  m_created_at: MembershipRow['created_at'] | null;
  m_tenant_id: string | null;
  m_tenant_name: string | null;
  m_tenant_slug: string | null;
  m_tenant_enable_bioreq: MembershipRow['tenant_enable_bioreq'] | null;
};

function sessionQuery(knex: Knex) {
  return knex('oidc_payloads as p')
    .join('users as u', 'u.id', 'p.account_id')
    .leftJoin('tenant_users as tu', (join) => join.on('tu.user_id', 'u.id').andOnNull('tu.deleted_at'))
    .leftJoin('tenants as t', (join) => join.on('t.id', 'tu.tenant_id').andOnNull('t.deleted_at'))
    .where('p.kind', 'AccessToken')
    .andWhere('p.id', placeholder('token') as unknown as string)
    .andWhere('p.expires_at', '>', placeholder('now') as unknown as Date)
    .orderBy('t.name')
    .select(
      ...USER_COLUMNS.map((column) => `u.${column}`),
      'p.grant_id as session_grant_id',
      'p.expires_at as session_expires_at',
      'tu.id as m_id',
      'tu.role as m_role',
      'tu.is_active as m_is_active',
      'tu.created_at as m_created_at',
      't.id as m_tenant_id',
      't.name as m_tenant_name',
      't.slug as m_tenant_slug',
      't.enable_bioreq as m_tenant_enable_bioreq',
    );
}

const lookups = new WeakMap<Knex, PreparedSelect<SessionRow>>();

function toSession(rows: SessionRow[]): Session | undefined {
  const [first] = rows;
  if (!first?.session_grant_id || !isUsable(first)) return undefined;
  const user = Object.fromEntries(USER_COLUMNS.map((column) => [column, first[column]])) as unknown as UserRow;
  const memberships: MembershipRow[] = rows
    .filter((row) => row.m_id && row.m_tenant_id)
    .map((row) => ({
      id: row.m_id as string,
      role: row.m_role as MembershipRow['role'],
      is_active: row.m_is_active as MembershipRow['is_active'],
      created_at: row.m_created_at as MembershipRow['created_at'],
      tenant_id: row.m_tenant_id as string,
      tenant_name: row.m_tenant_name as string,
      tenant_slug: row.m_tenant_slug as string,
      tenant_enable_bioreq: row.m_tenant_enable_bioreq as MembershipRow['tenant_enable_bioreq'],
    }));
  // Kept sessions are shared by requests: nothing may change one.
  for (const membership of memberships) Object.freeze(membership);
  return Object.freeze({
    user: Object.freeze(user),
    grantId: first.session_grant_id,
    memberships: Object.freeze(memberships) as MembershipRow[],
    expiresAt: new Date(first.session_expires_at as Date).getTime(),
  });
}

/**
 * Token, account and memberships in one prepared query: one row per live membership (or one row
 * without a membership). A membership of an archived organization comes back without its tenant and is dropped.
 */
async function lookUpSession(knex: Knex, accessToken: string): Promise<Session | undefined> {
  let lookup = lookups.get(knex);
  if (!lookup) {
    lookup = preparedSelect<SessionRow>(knex, 'session', sessionQuery);
    lookups.set(knex, lookup);
  }
  return toSession(await lookup({ token: accessToken, now: new Date() }));
}

/** Sessions of the most recently used tokens (unknown tokens too: they stay unknown until a commit). */
const keptSessions = createChangeCache<Session | undefined>(10_000);

export async function findSession(knex: Knex, accessToken: string): Promise<Session | undefined> {
  if (!TOKEN_PATTERN.test(accessToken)) return undefined;
  const session = await keptSessions.get(knex, accessToken, () => lookUpSession(knex, accessToken));
  return session && session.expiresAt > Date.now() ? session : undefined;
}

/** The route step for calls that need a person: the session of the bearer token, or 401 `unauthenticated`. */
export async function authenticated(ctx: Context, next: Next): Promise<void> {
  const token = bearerToken(ctx);
  const session = token ? await findSession(ctx.services.knex, token) : undefined;
  if (!session) throw unauthenticated();
  ctx.state.session = session;
  await next();
}

/** The session of an authenticated route (after `authenticated`). */
export function sessionOf(ctx: Context): Session {
  const { session } = ctx.state;
  if (!session) throw unauthenticated();
  return session;
}
