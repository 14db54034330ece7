/**
 * GET /users/me: the caller's account and memberships. Every portal page and every widget asks for it, so:
 * - its answer is kept, serialized, per session: a kept session (http/authenticate.ts) is replaced by a new
 *   object as soon as the database changes, so the answer (memberships and their counts included) is never stale;
 * - a plain same-origin GET /api/users/me with a bearer token is answered before Koa's middleware chain, with
 *   the same headers (`currentUserFastPath`): the chain costs about twice what the answer itself does. Anything
 *   it does not answer from a valid session — no or unknown token, another origin (CORS), a query string, HEAD,
 *   debug logging, an error — goes through the app's route as usual, which answers the same way.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Knex } from '../../db/knex.js';
import { findSession, parseBearer, type Session } from '../../http/authenticate.js';
import type { RequestTracker } from '../../http/error-middleware.js';
import { countMembershipRelations } from './membership-counts.js';
import { presentCurrentUser } from './presenter.js';

const answers = new WeakMap<Session, string>();

/** The `{ data: CurrentUser }` answer of a session, serialized and kept with it. */
export async function currentUserBody(knex: Knex, session: Session): Promise<string> {
  let body = answers.get(session);
  if (body === undefined) {
    const { user, memberships } = session;
    const counts = memberships.length > 0 ? await countMembershipRelations(knex, user.id) : new Map();
    body = JSON.stringify({ data: presentCurrentUser(user, memberships, counts) });
    answers.set(session, body);
  }
  return body;
}

export interface FastPathOptions {
  knex: Knex;
  requests: RequestTracker;
  /** The API answers' security headers (http/security.ts). */
  apiHeaders: Record<string, string>;
  /** Off when request logging is on: those requests go through the logged chain. */
  enabled: boolean;
}

const PATH = '/api/users/me';

function answerable(request: IncomingMessage): string | undefined {
  if (request.method !== 'GET' || request.url !== PATH || request.headers.origin !== undefined) return undefined;
  return parseBearer(request.headers.authorization);
}

/** Wraps the app's request listener: answers what it can of GET /api/users/me, hands the rest to `app`. */
export function currentUserFastPath(options: FastPathOptions, app: RequestListener): RequestListener {
  if (!options.enabled) return app;
  const headers = { ...options.apiHeaders, 'Content-Type': 'application/json; charset=utf-8' };
  const answer = async (token: string, request: IncomingMessage, response: ServerResponse) => {
    const session = await findSession(options.knex, token).catch(() => undefined);
    const body = session && (await currentUserBody(options.knex, session).catch(() => undefined));
    if (body === undefined) {
      app(request, response);
      return;
    }
    response.writeHead(200, { 'X-Request-Id': randomUUID(), ...headers, 'Content-Length': Buffer.byteLength(body) });
    response.end(body);
  };
  return (request, response) => {
    const token = answerable(request);
    if (token === undefined) {
      app(request, response);
      return;
    }
    void options.requests.track(answer(token, request, response));
  };
}
