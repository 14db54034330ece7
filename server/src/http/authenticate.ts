/**
 * The one authentication middleware for /api routes that need a person: the bearer token's session
 * (session.ts), or 401 `unauthenticated` for unknown, expired or revoked tokens and suspended or banned
 * accounts. In a running server the lookup costs 20-60 µs of a request's CPU (cold caches and file locks), the
 * check of the database's change counter a few.
 */
import type { Context, Next } from 'koa';
import { forbidden, unauthenticated } from './errors.js';
import { findSession, type Session } from './session.js';

export type { Session };

declare module 'koa' {
  interface DefaultState {
    session?: Session;
  }
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('Authorization');
  return header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}

/** What a login made from an embed session may call besides its organization's routes: reading its account. */
const CONFINED_ACCOUNT_ROUTES = new Set(['GET /api/users/me', 'HEAD /api/users/me', 'POST /api/token']);

const confinedMessage = 'This session was opened from an organization and acts in that organization only.';

/**
 * A login made from an embed session acts in its organization only (ARCHITECTURE.md#embed-sessions): its session
 * holds that one membership and is never the owner (session.ts), so other organizations' routes are 404 and the
 * owner's 403 through `inTenant` and the policies. What acts on the account beyond the organization (its profile,
 * asking to join or accepting an invitation elsewhere, the owner's screens) is refused here, in one place: a new route
 * outside `/tenants/:tenantId/` is closed to such logins until it is named above.
 */
function assertWithinConfinement(ctx: Context, session: Session): void {
  if (!session.confinedTo) return;
  // The token endpoint's logout runs outside the router: it is named by its path.
  const route = ctx.state.route ?? ctx.path;
  if (route.startsWith('/api/tenants/:tenantId/') || CONFINED_ACCOUNT_ROUTES.has(`${ctx.method} ${route}`)) return;
  throw forbidden('forbidden', confinedMessage);
}

/** The route step for calls that need a person: the session of the bearer token, or 401 `unauthenticated`. */
export async function authenticated(ctx: Context, next: Next): Promise<void> {
  const token = bearerToken(ctx);
  const session = token ? await findSession(ctx.services.db, token) : undefined;
  if (!session) throw unauthenticated();
  assertWithinConfinement(ctx, session);
  ctx.state.session = session;
  await next();
}

/** The session of an authenticated route (after `authenticated`). */
export function sessionOf(ctx: Context): Session {
  const { session } = ctx.state;
  if (!session) throw unauthenticated();
  return session;
}
