import type { OrderList, PaginationMeta } from '@tessera/sdk';
import type { ApiOutcome } from '../../api/outcome';
import type { ListQuery } from '../../lists/useServerList';
import type { Reorder } from './contentCalls';

export type Direction = 'up' | 'down';

/** Rows can be moved only where the list shows them in their order: sorted by order ascending, unfiltered. */
export function showsOrder(query: ListQuery): boolean {
  return query.order === 'order' && !query.desc && query.search === '';
}

/** Spec 4: move up is disabled for the first row on the first page. */
export function canMoveUp(index: number, meta: Pick<PaginationMeta, 'current_page'>): boolean {
  return !(index === 0 && meta.current_page === 1);
}

/** Spec 4: move down is disabled for the last row on the last page. */
export function canMoveDown(index: number, rowCount: number, meta: Pick<PaginationMeta, 'current_page' | 'last_page'>): boolean {
  return !(index === rowCount - 1 && meta.current_page >= meta.last_page);
}

/**
 * Spec 4: a row moves by swapping with its neighbour; every sibling is renumbered from 0 and the whole order is
 * sent in one bulk update. Null when the row has no neighbour that way (or is not among the siblings).
 */
export function swappedOrder(idsInOrder: readonly string[], id: string, direction: Direction): OrderList | null {
  const from = idsInOrder.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from === -1 || to < 0 || to >= idsInOrder.length) return null;
  const ids = [...idsInOrder];
  [ids[from], ids[to]] = [ids[to], ids[from]];
  return ids.map((rowId, order) => ({ id: rowId, order }));
}

/** Reads the siblings in order, swaps the row with its neighbour and saves the new order in one call. */
export async function moveRow(reorder: Reorder, id: string, direction: Direction): Promise<ApiOutcome<unknown>> {
  const siblings = await reorder.idsInOrder();
  if (!siblings.ok) return siblings;
  const order = swappedOrder(siblings.data, id, direction);
  // The list changed under us (someone else moved or archived a row): nothing to swap, the list reloads.
  if (!order) return { ok: true, data: null };
  return reorder.save(order);
}
