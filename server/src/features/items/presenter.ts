import type { Item } from '@tessera/sdk';
import type { Item as ItemModel } from '../../db/content-models.js';
import type { UrlSigner } from '../../storage/signed-urls.js';
import { mediaSummaryOf, presentMediaSummary } from '../media/summary.js';

/** An item row with its media summary as `file_*` columns and the caller's completion. */
export interface ItemRow extends Pick<ItemModel, 'id' | 'topic_id' | 'row_id' | 'type' | 'position' | 'text' | 'is_procedure'> {
  is_complete: boolean;
  [column: string]: unknown;
}

/** The column prefix of an item's media summary (`media_id` is the item's own column). */
export const ITEM_MEDIA_PREFIX = 'file';

function presentItem(row: ItemRow, children: ItemRow[], signer: UrlSigner): Item {
  const media = mediaSummaryOf(row, ITEM_MEDIA_PREFIX);
  return {
    id: row.id,
    topic_id: row.topic_id,
    type: row.type,
    order: row.position,
    text: row.text,
    is_procedure: row.is_procedure,
    is_complete: row.is_procedure && row.is_complete,
    row_id: row.row_id,
    media: media ? [presentMediaSummary(media, signer)] : [],
    children: children.map((child) => presentItem(child, [], signer)),
  };
}

/** Top-level items in order, each with its children in order (rows arrive sorted by position). */
export function presentItemTree(rows: ItemRow[], signer: UrlSigner): Item[] {
  const childrenOf = new Map<string, ItemRow[]>();
  for (const row of rows) {
    if (row.row_id) childrenOf.set(row.row_id, [...(childrenOf.get(row.row_id) ?? []), row]);
  }
  return rows.filter((row) => !row.row_id).map((row) => presentItem(row, childrenOf.get(row.id) ?? [], signer));
}
