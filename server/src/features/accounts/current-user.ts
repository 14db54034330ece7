/**
 * GET /users/me: the caller's account and memberships. Every portal page and every widget asks for it, so its
 * answer is kept serialized per access token until the database changes (hot.ts): memberships and their counts
 * included, it is never stale.
 */
import { keptJson } from '../../db/change-cache.js';
import type { Database } from '../../db/database.js';
import { sessionForKeptAnswer, type Session } from '../../http/session.js';
import { countMembershipRelations, keptCurrentUserBody } from './hot.js';
import { presentCurrentUser } from './presenter.js';

/** The `{ data: CurrentUser }` answer of the session of `token`, as JSON bytes. */
export function currentUserBody(db: Database, token: string, session: Session): Promise<Buffer> {
  return keptCurrentUserBody(db, token, async () => {
    // The session the kept answer is labelled with (http/session.ts), not necessarily the one the request found.
    const current = await sessionForKeptAnswer(db, token, session);
    const counts = current.memberships.length > 0 ? await countMembershipRelations(db, current.user.id) : new Map();
    return keptJson({ data: presentCurrentUser(current.user, current.memberships, counts) });
  });
}
