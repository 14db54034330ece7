/**
 * The organizations' bioreq retention (beyond the spec): where a master set `retention_days`, the files of
 * documents decided longer ago than that are deleted from storage. The row keeps its verdict, message, notes and
 * access log and gets `file_deleted_at`. The row is updated first, so no URL is signed for the file any more; a
 * file whose delete fails is nobody's and goes with the orphan sweep (features/media/orphans.ts).
 */
import type { Knex } from '../../db/knex.js';
import type { Storage } from '../../storage/storage.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/** Deletes the expired files; answers how many. */
export async function purgeExpiredBioreqFiles(services: { db: { knex: Knex }; storage: Storage }, now = new Date()): Promise<number> {
  const { knex } = services.db;
  const settings = (await knex('bioreq_settings').whereNotNull('retention_days').select('tenant_id', 'retention_days')) as {
    tenant_id: string;
    retention_days: number;
  }[];
  let deleted = 0;
  for (const setting of settings) {
    const cutoff = new Date(now.getTime() - setting.retention_days * DAY_MS);
    for (;;) {
      const rows = (await knex('bioreq_documents')
        .where('tenant_id', setting.tenant_id)
        .where('processed', true)
        .whereNotNull('storage_key')
        .where('decided_at', '<', cutoff)
        .limit(BATCH)
        .select('id', 'storage_key')) as { id: string; storage_key: string }[];
      if (rows.length === 0) break;
      await knex('bioreq_documents')
        .whereIn(
          'id',
          rows.map((row) => row.id),
        )
        .update({ storage_key: null, file_deleted_at: now, updated_at: now });
      for (const row of rows) await services.storage.delete(row.storage_key).catch(() => undefined);
      deleted += rows.length;
      if (rows.length < BATCH) break;
    }
  }
  return deleted;
}
