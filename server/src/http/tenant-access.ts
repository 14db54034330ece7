/**
 * Who the caller is in the organization of a `/tenants/{tenantId}/...` route: the one place that resolves
 * the organization (by id or slug) together with the caller's membership, for every tenant-scoped feature.
 *
 * - An unknown or archived organization, or one the caller has no live membership of, is 404 (never 403:
 *   an outsider learns nothing about another organization). The platform owner may enter every live one.
 * - A member whose email is unconfirmed gets 403 `email_unconfirmed`; a suspended membership 403
 *   `membership_suspended` (the portal shows the spec's modals for both).
 * - A login made from an embed session holds one membership and is never the owner (session.ts): every other
 *   organization is 404 to it, as to any non-member (ARCHITECTURE.md#embed-sessions).
 * - What the role may do is the resource's policy (see policy.ts); rows are scoped to `access.tenant.id`
 *   inside each query, so another organization's row is 404 as well.
 */
import type { Context, Next } from 'koa';
import compose from 'koa-compose';
import type { Knex } from '../db/knex.js';
import { Tenant, type Role, type UserRow } from '../db/models.js';
import { authenticated, sessionOf } from './authenticate.js';
import { forbidden, notFound } from './errors.js';
import type { MembershipRow, Session } from './session.js';

export type AccessRole = Role | 'owner';

const tenantAccessMessages = {
  emailUnconfirmed: 'You must confirm your email before accessing this organization',
  membershipSuspended: 'Your membership with this organization has been suspended.',
  notFound: 'This organization could not be found.',
} as const;

export interface TenantRef {
  id: string;
  name: string;
  slug: string;
  enable_bioreq: boolean;
}

export interface TenantAccess {
  tenant: TenantRef;
  user: UserRow;
  /** owner when the caller is the platform owner, else the membership's role. */
  role: AccessRole;
  /** The caller's own membership id, or null (an owner who is not a member). */
  membershipId: string | null;
}

declare module 'koa' {
  interface DefaultState {
    tenantAccess?: TenantAccess;
  }
}

const RANK: Record<AccessRole, number> = { user: 0, admin: 1, master: 2, owner: 3 };

/** user < admin < master < owner (ARCHITECTURE.md#roles-and-policies). */
export function atLeast(role: AccessRole, minimum: AccessRole): boolean {
  return RANK[role] >= RANK[minimum];
}

/** The caller's platform-level role: owner, or user for everyone else (owner-only resources). */
function platformRole(user: Pick<UserRow, 'is_owner'>): AccessRole {
  return user.is_owner ? 'owner' : 'user';
}

/** The caller's live membership of the organization, as the session carries it (no query). */
function membershipIn(memberships: MembershipRow[], idOrSlug: string): MembershipRow | undefined {
  return memberships.find((membership) => membership.tenant_id === idOrSlug || membership.tenant_slug === idOrSlug);
}

function tenantOf(membership: MembershipRow): TenantRef {
  return { id: membership.tenant_id, name: membership.tenant_name, slug: membership.tenant_slug, enable_bioreq: membership.tenant_enable_bioreq };
}

/** A live organization by id or slug, for the owner (who may enter organizations without a membership). */
async function findLiveTenant(knex: Knex, idOrSlug: string): Promise<TenantRef | undefined> {
  const row = await Tenant.query(knex)
    .where((scope) => scope.where('id', idOrSlug).orWhere('slug', idOrSlug))
    .whereNull('deleted_at')
    .first()
    .select('id', 'name', 'slug', 'enable_bioreq');
  return row ? { id: row.id, name: row.name, slug: row.slug, enable_bioreq: row.enable_bioreq } : undefined;
}

/**
 * Decides entry into an organization; throws 404 or 403 as described above. `session.memberships`
 * holds the caller's live memberships of live organizations (authenticate.ts), so members cost no query.
 */
async function resolveAccess(knex: Knex, session: Pick<Session, 'user' | 'memberships' | 'confinedTo'>, requested: string): Promise<TenantAccess> {
  const { user } = session;
  let idOrSlug = requested;
  let membership = membershipIn(session.memberships, idOrSlug);
  if (!membership) {
    // A former slug (the organization was renamed) still reaches it: one lookup, only when nothing matched.
    const renamed = await knex('tenant_slugs').where('slug', requested).first('tenant_id');
    if (renamed) {
      idOrSlug = renamed.tenant_id as string;
      membership = membershipIn(session.memberships, idOrSlug);
    }
  }
  if (user.is_owner) {
    const tenant = membership ? tenantOf(membership) : await findLiveTenant(knex, idOrSlug);
    if (!tenant) throw notFound(tenantAccessMessages.notFound);
    return { tenant, user, role: 'owner', membershipId: membership?.id ?? null };
  }
  if (!membership) throw notFound(tenantAccessMessages.notFound);
  // An embed login's organization vouched for the address (ARCHITECTURE.md#embed-sessions); it reaches no other.
  if (user.confirmed_at === null && !session.confinedTo) throw forbidden('email_unconfirmed', tenantAccessMessages.emailUnconfirmed);
  if (!membership.is_active) throw forbidden('membership_suspended', tenantAccessMessages.membershipSuspended);
  return { tenant: tenantOf(membership), user, role: membership.role, membershipId: membership.id };
}

async function enterTenant(ctx: Context, next: Next): Promise<void> {
  ctx.state.tenantAccess = await resolveAccess(ctx.services.db.knex, sessionOf(ctx), ctx.params.tenantId ?? '');
  await next();
}

/**
 * The first step of every `/tenants/:tenantId/...` route: the caller is authenticated (401), then let into the
 * organization as described above (404, 403); `accessOf(ctx)` answers who they are there.
 */
export const inTenant = compose<Context>([authenticated, enterTenant]);

/** The caller's role on this route: in an organization (after `inTenant`) their role there, elsewhere their platform role. */
export function roleOf(ctx: Context): AccessRole {
  return ctx.state.tenantAccess?.role ?? platformRole(sessionOf(ctx).user);
}

/** The caller's access on a route behind `inTenant`. */
export function accessOf(ctx: Context): TenantAccess {
  const access = ctx.state.tenantAccess;
  if (!access) throw new Error('accessOf() needs inTenant earlier in the route');
  return access;
}
