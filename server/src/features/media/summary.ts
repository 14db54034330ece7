/**
 * A media file as other rows show it (a main image, an item's media, a suggestion's images): selected as
 * prefixed columns of a LEFT JOIN in the row's own query, and presented with signed URLs.
 */
import type { MediaSummary } from '@tessera/sdk';
import { Media } from '../../db/content-models.js';
import { normaliseRow } from '../../db/model.js';
import type { UrlSigner } from '../../storage/signed-urls.js';

export type MediaSummaryField = (typeof MEDIA_SUMMARY_FIELDS)[number];
export type MediaSummaryColumns = Pick<Media, MediaSummaryField>;

/** The media columns a summary shows. */
export const MEDIA_SUMMARY_FIELDS = ['id', 'tenant_id', 'name', 'type', 'mime_type', 'size', 'created_at', 'thumbnail_key'] as const;

/** `alias.column as prefix_column` for each summary column. */
export function mediaSummaryColumns(alias: string, prefix: string): string[] {
  return MEDIA_SUMMARY_FIELDS.map((field) => `${alias}.${field} as ${prefix}_${field}`);
}

/** Reads the prefixed columns back off a row, normalised as the Media model reads them; null when the join found no media. */
export function mediaSummaryOf(row: Record<string, unknown>, prefix: string): MediaSummaryColumns | null {
  const column = (field: MediaSummaryField) => row[`${prefix}_${field}`];
  if (!column('id')) return null;
  return normaliseRow<MediaSummaryColumns>(Media, {
    id: column('id'),
    tenant_id: column('tenant_id'),
    name: column('name'),
    type: column('type'),
    mime_type: column('mime_type'),
    size: column('size'),
    created_at: column('created_at'),
    thumbnail_key: column('thumbnail_key'),
  });
}

export function presentMediaSummary(media: MediaSummaryColumns, signer: UrlSigner): MediaSummary {
  const tenantId = media.tenant_id;
  const mediaId = media.id;
  return {
    id: mediaId,
    name: media.name,
    type: media.type,
    mime_type: media.mime_type as MediaSummary['mime_type'],
    size: media.size,
    created_at: media.created_at,
    url: signer.url({ tenantId, mediaId, variant: 'file' }),
    thumbnail: media.thumbnail_key ? { url: signer.url({ tenantId, mediaId, variant: 'thumbnail' }) } : null,
  };
}
