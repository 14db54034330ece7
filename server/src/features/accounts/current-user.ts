/**
 * GET /users/me: the caller's account and memberships. Every portal page and every widget asks for it, so its
 * answer is kept serialized per access token until the database changes (db/change-cache.ts): memberships and
 * their counts included, it is never stale.
 */
import type { Database } from '../../db/database.js';
import { keptAnswers } from '../../db/change-cache.js';
import { findSession, type Session } from '../../http/session.js';
import { countMembershipRelations } from './membership-counts.js';
import { presentCurrentUser } from './presenter.js';

/** The serialized answers of the most recently used tokens. */
const keptBodies = keptAnswers<string>(10_000);

/** The `{ data: CurrentUser }` answer of the session of `token`, serialized. */
export function currentUserBody(db: Database, token: string, session: Session): Promise<string> {
  return db.kept(keptBodies, token, async () => {
    // A kept answer is labelled with the change counter read before computing it: on SQLite, take the session
    // as kept at that counter (no query), not the one the request found, which a commit since may have outdated.
    const current = db.isSqlite ? ((await findSession(db, token)) ?? session) : session;
    const counts = current.memberships.length > 0 ? await countMembershipRelations(db, current.user.id) : new Map();
    return JSON.stringify({ data: presentCurrentUser(current.user, current.memberships, counts) });
  });
}
