/** Timestamps written as Date#toISOString writes them, from every form the databases hand back. */
import { describe, expect, it } from 'vitest';
import { toIso } from './values.js';

describe('toIso', () => {
  it('writes epoch milliseconds exactly as Date#toISOString, across leap days, centuries and the year range', () => {
    const edges = [0, 1, 999, 951_782_400_000 /* 2000-02-29 */, 4_107_542_399_999 /* 2100-02-28 23:59:59.999 */, 2_147_483_648_000, 253_402_300_799_999];
    for (const value of edges) expect(toIso(value), String(value)).toBe(new Date(value).toISOString());
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let index = 0; index < 20_000; index += 1) {
      const value = Math.floor(random() * 253_402_300_800_000);
      expect(toIso(value)).toBe(new Date(value).toISOString());
    }
  });

  it('reads Dates, numeric strings and date strings, and falls back to Date outside years 1970-9999', () => {
    const date = new Date('2026-11-23T03:04:05.678Z');
    expect(toIso(date)).toBe('2026-11-23T03:04:05.678Z');
    expect(toIso(String(date.getTime()))).toBe('2026-11-23T03:04:05.678Z');
    expect(toIso('2026-11-23T03:04:05.678Z')).toBe('2026-11-23T03:04:05.678Z');
    expect(toIso(-1)).toBe('1969-12-31T23:59:59.999Z');
    expect(toIso(253_402_300_800_000)).toBe(new Date(253_402_300_800_000).toISOString());
    expect(toIso(null)).toBe('1970-01-01T00:00:00.000Z');
  });
});
