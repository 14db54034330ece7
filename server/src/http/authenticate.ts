/**
 * The one authentication middleware for /api routes that need a person: the bearer token's session
 * (session.ts), or 401 `unauthenticated` for unknown, expired or revoked tokens and suspended or banned
 * accounts. In a running server the lookup costs 20-60 µs of a request's CPU (cold caches and file locks), the
 * check of the database's change counter a few.
 */
import type { Context, Next } from 'koa';
import { unauthenticated } from './errors.js';
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

/** The route step for calls that need a person: the session of the bearer token, or 401 `unauthenticated`. */
export async function authenticated(ctx: Context, next: Next): Promise<void> {
  const token = bearerToken(ctx);
  const session = token ? await findSession(ctx.services.db, token) : undefined;
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
