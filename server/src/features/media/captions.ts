/**
 * A video's WebVTT captions tracks (ARCHITECTURE.md#media-storage-and-signed-urls): the tracks of many videos in one
 * query (media lists, a topic's items), adding one (one per language; at most one default) and deleting one. The
 * file lives under the video's storage keys and is served through the signed file route as `caption-{id}`.
 */
import type { Caption } from '@tessera/sdk';
import { messages } from '@tessera/sdk/rules';
import { compiledRead, whereInJsonList } from '../../db/compiled-read.js';
import type { Database } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { isUniqueViolation } from '../../db/values.js';
import { MediaCaption } from '../../db/content-models.js';
import { fieldError, notFound } from '../../http/errors.js';
import type { ReceivedFile } from '../../storage/received-file.js';
import type { UrlSigner } from '../../storage/signed-urls.js';
import type { Storage } from '../../storage/storage.js';

export type CaptionRow = Pick<MediaCaption, 'id' | 'tenant_id' | 'media_id' | 'language' | 'label' | 'is_default'>;

const captionMessages = {
  notFound: 'These captions could not be found.',
} as const;

/** The signed-file variant of a track. */
function captionVariant(captionId: string): `caption-${string}` {
  return `caption-${captionId}`;
}

export function presentCaption(row: CaptionRow, signer: UrlSigner): Caption {
  return {
    id: row.id,
    language: row.language,
    label: row.label,
    url: signer.url({ tenantId: row.tenant_id, mediaId: row.media_id, variant: captionVariant(row.id) }),
    is_default: row.is_default,
  };
}

/**
 * The tracks of a page's videos, compiled once (one SQL text for any number of ids): read with every media list page
 * and a topic's items (server/bench/content.ts, "topic items (learner)").
 */
const captionsOfMediaRead = compiledRead<CaptionRow, { tenantId: string; ids: string }>((sql, param) => {
  const org = sql.inTenant(param('tenantId'));
  return whereInJsonList(org, org.from('media_captions as mc'), 'mc.media_id', param('ids'))
    .orderBy('mc.language')
    .orderBy('mc.id')
    .select('mc.id', 'mc.tenant_id', 'mc.media_id', 'mc.language', 'mc.label', 'mc.is_default');
});

/** The tracks of each of the organization's videos, by language, for any number of videos in one query (none asked: no query). */
export async function captionsOfMedia(db: Database, tenantId: string, videoIds: string[]): Promise<Map<string, CaptionRow[]>> {
  const byMedia = new Map<string, CaptionRow[]>(videoIds.map((id) => [id, []]));
  if (videoIds.length === 0) return byMedia;
  const rows = await db.read(captionsOfMediaRead, { tenantId, ids: JSON.stringify([...new Set(videoIds)]) }, MediaCaption);
  for (const row of rows) byMedia.get(row.media_id)?.push(row);
  return byMedia;
}

/** The contract's `captions` of a file: its tracks for a video, nothing for other kinds. */
export function captionsField(type: string | null, rows: CaptionRow[] | undefined, signer: UrlSigner): Caption[] | undefined {
  if (type !== 'video') return undefined;
  return (rows ?? []).map((row) => presentCaption(row, signer));
}

export interface NewCaption {
  mediaId: string;
  file: ReceivedFile;
  language: string;
  label: string;
  isDefault: boolean;
}

/**
 * Adds a track to a video (the caller checked it is one): 422 on `language` when the video has a track in that
 * language already (also when a parallel upload wins the race: the unique index decides). A default track takes
 * the flag from the video's other tracks, in the same transaction.
 */
export async function insertCaption(db: Database, tenantId: string, caption: NewCaption): Promise<CaptionRow> {
  const taken = () => fieldError('language', messages.captionLanguageTaken);
  try {
    return await db.inTenant(tenantId).transaction(async (org) => {
      const existing = await org.row(org.from('media_captions').where({ media_id: caption.mediaId, language: caption.language }).select('id'));
      if (existing) throw taken();
      const now = new Date().toISOString();
      if (caption.isDefault) await org.write(MediaCaption).where('media_id', caption.mediaId).patch({ is_default: false, updated_at: now });
      const row = {
        id: newId(),
        tenant_id: tenantId,
        media_id: caption.mediaId,
        language: caption.language,
        label: caption.label,
        is_default: caption.isDefault,
      };
      await org.write(MediaCaption).insert({ ...row, storage_key: caption.file.key, size: caption.file.size, created_at: now, updated_at: now });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Deletes a track of the organization's video (404 otherwise), then its file. */
export async function deleteCaption(db: Database, storage: Storage, tenantId: string, mediaId: string, captionId: string): Promise<void> {
  const key = await db.inTenant(tenantId).transaction(async (org) => {
    const row = await org.row<{ storage_key: string }>(org.from('media_captions').where({ id: captionId, media_id: mediaId }).select('storage_key'));
    if (!row) throw notFound(captionMessages.notFound);
    await org.write(MediaCaption).where('id', captionId).delete();
    return row.storage_key;
  });
  // Best effort, as media/service.ts's deleteKeys: a file that cannot be removed now is an orphan the sweep takes.
  await storage.delete(key).catch(() => undefined);
}
