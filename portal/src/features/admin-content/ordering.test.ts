import { describe, expect, it, vi } from 'vitest';
import { canMoveDown, canMoveUp, moveRow, showsOrder, swappedOrder } from './ordering';

describe('move up and move down (spec 4)', () => {
  it('has no move up for the first row of the first page only', () => {
    expect(canMoveUp(0, { current_page: 1 })).toBe(false);
    expect(canMoveUp(1, { current_page: 1 })).toBe(true);
    // The first row of a later page swaps with the last row of the page before.
    expect(canMoveUp(0, { current_page: 2 })).toBe(true);
  });

  it('has no move down for the last row of the last page only', () => {
    expect(canMoveDown(2, 3, { current_page: 1, last_page: 1 })).toBe(false);
    expect(canMoveDown(1, 3, { current_page: 1, last_page: 1 })).toBe(true);
    expect(canMoveDown(24, 25, { current_page: 1, last_page: 2 })).toBe(true);
    expect(canMoveDown(4, 5, { current_page: 2, last_page: 2 })).toBe(false);
  });

  it('offers moves only where the list shows the order: by order ascending, without a search', () => {
    expect(showsOrder({ page: 1, order: 'order', desc: false, search: '' })).toBe(true);
    expect(showsOrder({ page: 1, order: 'name', desc: false, search: '' })).toBe(false);
    expect(showsOrder({ page: 1, order: 'order', desc: true, search: '' })).toBe(false);
    expect(showsOrder({ page: 1, order: 'order', desc: false, search: 'ladder' })).toBe(false);
  });

  it('swaps the row with its neighbour and renumbers every sibling from 0', () => {
    expect(swappedOrder(['a', 'b', 'c', 'd'], 'c', 'up')).toEqual([
      { id: 'a', order: 0 },
      { id: 'c', order: 1 },
      { id: 'b', order: 2 },
      { id: 'd', order: 3 },
    ]);
    expect(swappedOrder(['a', 'b', 'c'], 'a', 'down')).toEqual([
      { id: 'b', order: 0 },
      { id: 'a', order: 1 },
      { id: 'c', order: 2 },
    ]);
    expect(swappedOrder(['a', 'b'], 'a', 'up')).toBeNull();
    expect(swappedOrder(['a', 'b'], 'b', 'down')).toBeNull();
    expect(swappedOrder(['a', 'b'], 'gone', 'down')).toBeNull();
  });

  it('reads the siblings and saves the whole new order in one call', async () => {
    const save = vi.fn(async () => ({ ok: true as const, data: null }));
    const reorder = { idsInOrder: async () => ({ ok: true as const, data: ['a', 'b', 'c'] }), save };
    await moveRow(reorder, 'b', 'down');
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith([
      { id: 'a', order: 0 },
      { id: 'c', order: 1 },
      { id: 'b', order: 2 },
    ]);
  });

  it('saves nothing when the row has no neighbour any more', async () => {
    const save = vi.fn(async () => ({ ok: true as const, data: null }));
    await moveRow({ idsInOrder: async () => ({ ok: true as const, data: ['a'] }), save }, 'a', 'down');
    expect(save).not.toHaveBeenCalled();
  });
});
