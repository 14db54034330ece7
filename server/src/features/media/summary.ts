/**
 * A media file as other rows show it (a main image, an item's media, a suggestion's images): selected as
 * prefixed columns of a LEFT JOIN in the row's own query, and presented with signed URLs.
 */
import type { MediaSummary } from '@tessera/sdk';
import type { MediaType } from '../../db/content-models.js';
import { toIso } from '../../db/knex.js';
import type { DbDate } from '../../db/models.js';
import type { UrlSigner } from '../../storage/signed-urls.js';

export interface MediaSummaryColumns {
  id: string | null;
  tenant_id: string | null;
  name: string | null;
  type: MediaType | null;
  mime_type: string | null;
  size: number | string | null;
  created_at: DbDate | null;
  thumbnail_key: string | null;
}

const FIELDS = ['id', 'tenant_id', 'name', 'type', 'mime_type', 'size', 'created_at', 'thumbnail_key'] as const;

/** `alias.column as prefix_column` for each summary column. */
export function mediaSummaryColumns(alias: string, prefix: string): string[] {
  return FIELDS.map((field) => `${alias}.${field} as ${prefix}_${field}`);
}

/** Reads the prefixed columns back off a row; null when the join found no media. */
export function mediaSummaryOf(row: Record<string, unknown>, prefix: string): MediaSummaryColumns | null {
  const column = (field: (typeof FIELDS)[number]) => row[`${prefix}_${field}`];
  if (!column('id')) return null;
  return {
    id: column('id') as string,
    tenant_id: column('tenant_id') as string,
    name: column('name') as string,
    type: column('type') as MediaType,
    mime_type: column('mime_type') as string,
    size: column('size') as number | string,
    created_at: column('created_at') as DbDate,
    thumbnail_key: column('thumbnail_key') as string | null,
  };
}

export function presentMediaSummary(media: MediaSummaryColumns, signer: UrlSigner): MediaSummary {
  const tenantId = media.tenant_id as string;
  const mediaId = media.id as string;
  return {
    id: mediaId,
    name: media.name as string,
    type: media.type as MediaType,
    mime_type: media.mime_type as MediaSummary['mime_type'],
    size: Number(media.size),
    created_at: toIso(media.created_at),
    url: signer.url({ tenantId, mediaId, variant: 'file' }),
    thumbnail: media.thumbnail_key ? { url: signer.url({ tenantId, mediaId, variant: 'thumbnail' }) } : null,
  };
}
