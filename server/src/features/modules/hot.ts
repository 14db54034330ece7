/**
 * The modules' hot path (ARCHITECTURE.md#data-access), measured by server/bench/content.ts ("content tree (learner)"):
 * the caller's content tree, encoded once and kept until the database changes (change-cache.ts). An organization of
 * 20,000 topics answers 1.7 MB, and learners open this page far more often than authors change content.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { keptAnswers, keptJson } from '../../db/change-cache.js';
import type { Database } from '../../db/database.js';
import type { Viewer } from '../content/visibility.js';
import { contentTree } from './content-tree.js';

/** The answer as JSON bytes (`{ data: tree }`), and gzipped: a tree of 20,000 topics is 1.7 MB, about 100 KB gzipped. */
export interface ContentTreeBody {
  json: Buffer;
  gzip: Buffer;
}

const keptTrees = keptAnswers<ContentTreeBody>(256);

/** The answer, encoded once and kept per viewer until the database changes (each answer would otherwise encode it anew). */
export function contentTreeBody(db: Database, viewer: Viewer, options: { includeInactive?: boolean } = {}): Promise<ContentTreeBody> {
  const withInactive = Boolean(options.includeInactive) && viewer.seesAll;
  const key = `${viewer.tenantId}/${viewer.memberId}/${viewer.seesAll ? 'all' : 'related'}${withInactive ? '/inactive' : ''}`;
  return db.kept(keptTrees, key, async () => {
    const json = keptJson({ data: await contentTree(db, viewer, withInactive) });
    return { json, gzip: await gzipped(json) };
  });
}

const gzipped = promisify(gzip);
