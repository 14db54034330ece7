/**
 * Files no row references: what a server killed in the middle of an upload leaves behind (a temporary `.part`
 * file, or a stored file whose row was never committed). The purge sweeps them: every stored object older than
 * `graceMs` (so an upload in progress is never touched) that no media row names as its file or thumbnail is
 * deleted. Media rows (suggestion images are media rows too), videos' captions tracks and bioreq documents own stored
 * files.
 */
import type { Database } from '../../db/database.js';
import type { Storage } from '../../storage/storage.js';

const BATCH = 500;
/** Longer than any upload takes; a sweep never races one. */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** The keys no row of any organization names (stored files are the whole platform's). */
async function unreferenced(db: Database, keys: string[]): Promise<string[]> {
  const rows = await db.rows<{ storage_key: string; thumbnail_key: string | null }>(
    db
      .acrossTenants('media')
      .where((scope) => scope.whereIn('storage_key', keys).orWhereIn('thumbnail_key', keys))
      .select('storage_key', 'thumbnail_key'),
  );
  const documents = await db.rows<{ storage_key: string }>(db.acrossTenants('bioreq_documents').whereIn('storage_key', keys).select('storage_key'));
  const captions = await db.rows<{ storage_key: string }>(db.acrossTenants('media_captions').whereIn('storage_key', keys).select('storage_key'));
  const referenced = new Set([
    ...rows.flatMap((row) => [row.storage_key, row.thumbnail_key]),
    ...documents.map((row) => row.storage_key),
    ...captions.map((row) => row.storage_key),
  ]);
  return keys.filter((key) => !referenced.has(key));
}

/** Deletes the orphaned files; answers how many. */
export async function sweepOrphanFiles(services: { db: Database; storage: Storage }, options: { graceMs?: number; now?: Date } = {}): Promise<number> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  let deleted = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const orphans = await unreferenced(services.db, batch);
    for (const key of orphans) await services.storage.delete(key);
    deleted += orphans.length;
    batch = [];
  };
  for await (const object of services.storage.list()) {
    if (object.modifiedAt.getTime() > cutoff) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await sweep();
  }
  if (batch.length > 0) await sweep();
  return deleted;
}
