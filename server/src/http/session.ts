/**
 * The session behind an access token: the account and its live memberships, what every authenticated route
 * and every tenant policy needs. Infrastructure (authenticate.ts, tenant-access.ts) and features/accounts
 * read it from here.
 *
 * An opaque access token is looked up together with its account and memberships in one indexed query (the
 * provider's AccessToken row joined to users and tenant_users): a compiled read (db/compiled-read.ts), as the
 * users/me benchmark shows it is the hottest read of the API. On SQLite the session is kept (db/change-cache.ts)
 * until the next commit to the database by anyone: a revoked token, a suspended account or a changed membership
 * is a commit, so a kept session is never stale, and the token's expiry is checked on every use.
 *
 * A login made from an embed session (features/embed-sessions) acts in that session's organization only: its
 * session carries that one membership and never the owner's rights, so tenant scoping, policies and the account's
 * reads see nothing else (ARCHITECTURE.md#embed-sessions). This is the one place that decides it.
 */
import { compiledRead } from '../db/compiled-read.js';
import { keptAnswers } from '../db/change-cache.js';
import type { Database } from '../db/database.js';
import { toDate } from '../db/values.js';
import { normaliseRow, withColumns } from '../db/model.js';
import { TenantUser, User, type UserRow } from '../db/models.js';

/** A live membership in a live organization, as sessions carry it. */
export interface MembershipRow extends Pick<TenantUser, 'id' | 'role' | 'is_active' | 'created_at'> {
  tenant_id: string;
  tenant_name: string;
  tenant_slug: string;
  tenant_enable_bioreq: boolean;
}

/** A membership row as read: the model's columns and its organization's (`tenant_` columns). */
export const MEMBERSHIP_ROW = withColumns(TenantUser, { booleanColumns: ['tenant_enable_bioreq'] });

export interface Session {
  user: UserRow;
  /** The login this token belongs to (logout and password changes revoke by grant). */
  grantId: string;
  /** Live memberships in live organizations, by organization name (what tenant policies need). */
  memberships: MembershipRow[];
  /** When the access token expires (epoch ms). */
  expiresAt: number;
  /**
   * The organization a login made from an embed session acts in, alone (ARCHITECTURE.md#embed-sessions); null for
   * every other login. `memberships` then holds that organization's membership only and `user.is_owner` is false.
   */
  confinedTo: string | null;
}

/** An account may sign in and act: active and not archived (banned). */
export function isUsable(user: Pick<UserRow, 'is_active' | 'deleted_at'>): boolean {
  return user.is_active && user.deleted_at === null;
}

/** oidc-provider's opaque tokens are 43 base64url characters (256 bits); this bounds junk before any query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

const USER_COLUMNS = ['id', 'name', 'email', 'password_hash', 'is_owner', 'is_active', 'confirmed_at', 'deleted_at', 'created_at', 'updated_at'] as const;

/** As the database answers it: normalised by `userOf` and `membershipOf`. */
type SessionRow = Record<(typeof USER_COLUMNS)[number], unknown> & {
  session_grant_id: string | null;
  session_expires_at: Date | number | string | null;
  session_confined_to: string | null;
  m_id: string | null;
  m_role: MembershipRow['role'] | null;
  m_is_active: unknown;
  m_created_at: unknown;
  m_tenant_id: string | null;
  m_tenant_name: string | null;
  m_tenant_slug: string | null;
  m_tenant_enable_bioreq: unknown;
};

/**
 * Token, account and memberships: one row per live membership (or one row without a membership). A membership
 * of an archived organization comes back without its tenant and is dropped. It runs before any route, so it is
 * not counted among a route's queries (`announced: false`).
 */
const sessionRows = compiledRead<SessionRow, { token: string; now: Date }>(
  (sql, param) =>
    sql
      .from('oidc_payloads as p')
      .join('users as u', 'u.id', 'p.account_id')
      // Every organization's memberships of the account. An invitation not yet accepted is no membership
      // (ARCHITECTURE.md#member-invitations).
      .leftJoin('tenant_users as tu', (join) => join.on('tu.user_id', 'u.id').andOnNull('tu.deleted_at').andOnNull('tu.invited_at'))
      .leftJoin('tenants as t', (join) => join.on('t.id', 'tu.tenant_id').andOnNull('t.deleted_at'))
      // The organization of the embed session the login was made from, if it was (its grant).
      .leftJoin('embed_sessions as es', 'es.grant_id', 'p.grant_id')
      .where('p.kind', 'AccessToken')
      .andWhere('p.id', param('token'))
      .andWhere('p.expires_at', '>', param('now'))
      .orderBy('t.name')
      .select(
        ...USER_COLUMNS.map((column) => `u.${column}`),
        'p.grant_id as session_grant_id',
        'p.expires_at as session_expires_at',
        'es.tenant_id as session_confined_to',
        'tu.id as m_id',
        'tu.role as m_role',
        'tu.is_active as m_is_active',
        'tu.created_at as m_created_at',
        't.id as m_tenant_id',
        't.name as m_tenant_name',
        't.slug as m_tenant_slug',
        't.enable_bioreq as m_tenant_enable_bioreq',
      ),
  { announced: false },
);

function userOf(row: SessionRow): UserRow {
  const { id, name, email, password_hash, is_owner, is_active, confirmed_at, deleted_at, created_at, updated_at } = row;
  return normaliseRow<UserRow>(User, { id, name, email, password_hash, is_owner, is_active, confirmed_at, deleted_at, created_at, updated_at });
}

function membershipOf(row: SessionRow): MembershipRow | undefined {
  if (!row.m_id || !row.m_tenant_id || !row.m_role) return undefined;
  const membership = {
    id: row.m_id,
    role: row.m_role,
    is_active: row.m_is_active ?? false,
    created_at: row.m_created_at ?? 0,
    tenant_id: row.m_tenant_id,
    tenant_name: row.m_tenant_name ?? '',
    tenant_slug: row.m_tenant_slug ?? '',
    tenant_enable_bioreq: row.m_tenant_enable_bioreq ?? false,
  };
  return Object.freeze(normaliseRow<MembershipRow>(MEMBERSHIP_ROW, membership));
}

function toSession(rows: SessionRow[]): Session | undefined {
  const [first] = rows;
  if (!first?.session_grant_id) return undefined;
  const confinedTo = first.session_confined_to;
  // An embed login is never the owner, and holds its organization's membership alone.
  const user = confinedTo ? { ...userOf(first), is_owner: false } : userOf(first);
  if (!isUsable(user)) return undefined;
  const memberships = rows.flatMap((row) => membershipOf(row) ?? []).filter((membership) => !confinedTo || membership.tenant_id === confinedTo);
  // Kept sessions are shared by requests: nothing may change one.
  return Object.freeze({
    user: Object.freeze(user),
    grantId: first.session_grant_id,
    memberships: Object.freeze(memberships) as MembershipRow[],
    expiresAt: toDate(first.session_expires_at)?.getTime() ?? 0,
    confinedTo,
  });
}

/** Sessions of the most recently used tokens (unknown tokens too: they stay unknown until a commit). */
const keptSessions = keptAnswers<Session | undefined>(10_000);

/** The live session of an access token, or undefined (unknown, expired or revoked token; unusable account). */
export async function findSession(db: Database, accessToken: string): Promise<Session | undefined> {
  if (!TOKEN_PATTERN.test(accessToken)) return undefined;
  const session = await db.kept(keptSessions, accessToken, async () => toSession(await db.read(sessionRows, { token: accessToken, now: new Date() })));
  return session && session.expiresAt > Date.now() ? session : undefined;
}

/**
 * The session an answer kept per token (db.kept: GET /users/me) is computed from. A kept answer is labelled with the
 * change counter read before computing it, so where answers are kept (SQLite outside a transaction) it must be built
 * from the session as kept at that counter — a lookup of the kept sessions, no query — not from the one the request
 * found, which a commit since may have outdated. Where nothing is kept (PostgreSQL) the answer is computed for this
 * request alone: the session it found is current, and reading it again would cost a query per call.
 */
export async function sessionForKeptAnswer(db: Database, token: string, found: Session): Promise<Session> {
  return db.keepsAnswers ? ((await findSession(db, token)) ?? found) : found;
}
