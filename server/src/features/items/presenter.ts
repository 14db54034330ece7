import type { Item } from '@tessera/sdk';
import type { Item as ItemModel } from '../../db/content-models.js';
import type { UrlSigner } from '../../storage/signed-urls.js';
import { captionsField, type CaptionRow } from '../media/captions.js';
import { mediaSummaryOf, presentMediaSummary } from '../media/summary.js';

/** An item row with its media summary as `file_*` columns and the caller's completion. */
export interface ItemRow extends Pick<ItemModel, 'id' | 'topic_id' | 'row_id' | 'type' | 'position' | 'text' | 'is_procedure'> {
  is_complete: boolean;
  [column: string]: unknown;
}

/** The column prefix of an item's media summary (`media_id` is the item's own column). */
export const ITEM_MEDIA_PREFIX = 'file';

/** The videos the items show, whose captions tracks the answer carries (read at once: `captionsOfMedia`). */
export function videoIdsOf(rows: ItemRow[]): string[] {
  return rows.flatMap((row) =>
    row[`${ITEM_MEDIA_PREFIX}_type`] === 'video' && typeof row[`${ITEM_MEDIA_PREFIX}_id`] === 'string' ? [row[`${ITEM_MEDIA_PREFIX}_id`] as string] : [],
  );
}

type Captions = Map<string, CaptionRow[]>;

function presentMedia(row: ItemRow, signer: UrlSigner, captions: Captions): Item['media'] {
  const media = mediaSummaryOf(row, ITEM_MEDIA_PREFIX);
  if (!media) return [];
  const summary = presentMediaSummary(media, signer);
  const tracks = captionsField(media.type, captions.get(media.id as string), signer);
  if (tracks) summary.captions = tracks;
  return [summary];
}

function presentItem(row: ItemRow, children: ItemRow[], signer: UrlSigner, captions: Captions): Item {
  return {
    id: row.id,
    topic_id: row.topic_id,
    type: row.type,
    order: row.position,
    text: row.text,
    is_procedure: row.is_procedure,
    is_complete: row.is_procedure && row.is_complete,
    row_id: row.row_id,
    media: presentMedia(row, signer, captions),
    children: children.map((child) => presentItem(child, [], signer, captions)),
  };
}

/**
 * Top-level items in order, each with its children in order (rows arrive sorted by position); videos with their
 * captions tracks (`captions`, keyed by media id).
 */
export function presentItemTree(rows: ItemRow[], signer: UrlSigner, captions: Captions = new Map()): Item[] {
  const childrenOf = new Map<string, ItemRow[]>();
  for (const row of rows) {
    if (row.row_id) childrenOf.set(row.row_id, [...(childrenOf.get(row.row_id) ?? []), row]);
  }
  return rows.filter((row) => !row.row_id).map((row) => presentItem(row, childrenOf.get(row.id) ?? [], signer, captions));
}
