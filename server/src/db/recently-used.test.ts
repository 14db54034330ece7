/** The bounded map behind kept statements and kept answers (recently-used.ts): what it drops when full. */
import { describe, expect, it } from 'vitest';
import { RecentlyUsed } from './recently-used.js';

function keys(map: RecentlyUsed<number>, candidates: string[]): string[] {
  return candidates.filter((key) => map.peek(key) !== undefined);
}

describe('RecentlyUsed', () => {
  it('keeps at most its bound, dropping the oldest entry not used since it was added', () => {
    const map = new RecentlyUsed<number>(3);
    for (const [index, key] of ['a', 'b', 'c'].entries()) map.set(key, index);
    map.get('a');
    map.set('d', 3); // a was used: b goes
    expect(keys(map, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd']);
    expect(map.size).toBe(3);
    map.set('e', 4); // c, never used, is now the oldest unmarked
    expect(keys(map, ['a', 'c', 'd', 'e'])).toEqual(['a', 'd', 'e']);
  });

  it('gives a used entry one second chance: passed over once, it goes when it is the oldest again', () => {
    const map = new RecentlyUsed<number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.get('a');
    map.get('b');
    map.set('c', 3); // both marked: both lose the mark, a (first again) goes
    expect(keys(map, ['a', 'b', 'c'])).toEqual(['b', 'c']);
    map.get('b');
    map.set('d', 4); // b used again: c goes
    expect(keys(map, ['b', 'c', 'd'])).toEqual(['b', 'd']);
  });

  it('keeps a replaced value in place and counts the replacement as a use', () => {
    const map = new RecentlyUsed<number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 10);
    map.set('c', 3); // a was replaced, so used: b goes
    expect(map.peek('a')).toBe(10);
    expect(keys(map, ['a', 'b', 'c'])).toEqual(['a', 'c']);
  });

  it('peeks without marking, and forgets what it deletes or clears', () => {
    const map = new RecentlyUsed<number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.peek('a')).toBe(1);
    map.set('c', 3); // a was only peeked at: it goes
    expect(keys(map, ['a', 'b', 'c'])).toEqual(['b', 'c']);
    map.delete('b');
    expect(map.get('b')).toBeUndefined();
    expect(map.size).toBe(1);
    map.clear();
    expect(map.size).toBe(0);
  });
});
