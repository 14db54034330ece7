/**
 * The organizations' bioreq retention (beyond the spec): where a master set `retention_days`, the files of
 * documents decided longer ago than that are deleted from storage. The row keeps its verdict, message, notes and
 * access log and gets `file_deleted_at`. The row is updated first, so no URL is signed for the file any more; a
 * file whose delete fails is nobody's and goes with the orphan sweep (features/media/orphans.ts).
 */
import { BioreqDocument, BioreqSetting } from '../../db/bioreq-models.js';
import type { Database } from '../../db/database.js';
import type { Storage } from '../../storage/storage.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/** Deletes the expired files; answers how many. */
export async function purgeExpiredBioreqFiles(services: { db: Database; storage: Storage }, now = new Date()): Promise<number> {
  const { db } = services;
  // A sweep over every organization: each one's setting, then its documents within it.
  const settings = await db.rows<{ tenant_id: string; retention_days: number }>(
    db.acrossTenants('bioreq_settings').whereNotNull('retention_days').select('tenant_id', 'retention_days'),
    BioreqSetting,
  );
  let deleted = 0;
  for (const setting of settings) {
    const org = db.inTenant(setting.tenant_id);
    const cutoff = new Date(now.getTime() - setting.retention_days * DAY_MS);
    for (;;) {
      const rows = await org.rows<{ id: string; storage_key: string }>(
        org
          .from('bioreq_documents')
          .where('processed', true)
          .whereNotNull('storage_key')
          .where('decided_at', '<', cutoff)
          .limit(BATCH)
          .select('id', 'storage_key'),
      );
      if (rows.length === 0) break;
      await org
        .write(BioreqDocument)
        .whereIn(
          'id',
          rows.map((row) => row.id),
        )
        .patch({ storage_key: null, file_deleted_at: now.toISOString(), updated_at: now.toISOString() });
      for (const row of rows) await services.storage.delete(row.storage_key).catch(() => undefined);
      deleted += rows.length;
      if (rows.length < BATCH) break;
    }
  }
  return deleted;
}
