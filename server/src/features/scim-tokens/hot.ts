/**
 * The SCIM endpoint's hot read (ARCHITECTURE.md#caching), measured by server/bench/scim.ts (its lookup phase,
 * `GET /Users?filter=userName eq "…"`): the caller behind a token, kept until the next commit, so a run of reads
 * costs one query each instead of two. Revoking is a commit: the next request looks the token up again.
 */
import { keptAnswers } from '../../db/change-cache.js';
import type { Database } from '../../db/database.js';

const CALLERS = keptAnswers<unknown>(1000);

export function keptCaller<T>(db: Database, tokenHash: string, compute: () => Promise<T>): Promise<T> {
  return db.kept(CALLERS, tokenHash, compute) as Promise<T>;
}
