/** Kept answers: a JSON answer is kept as the bytes sent (change-cache.ts `keptJson`). */
import { describe, expect, it } from 'vitest';
import { keptJson } from './change-cache.js';

describe('keptJson', () => {
  it('keeps the JSON as UTF-8 bytes, characters beyond ASCII included', () => {
    const answer = { data: { name: 'Zoë Åström 漢字', count: 3 } };
    const bytes = keptJson(answer);
    expect(bytes.toString('utf8')).toBe(JSON.stringify(answer));
    expect(bytes.length).toBe(Buffer.byteLength(JSON.stringify(answer)));
  });

  it('gives a small answer memory of its own, so that a kept one holds no shared 8 KB slab', () => {
    const bytes = keptJson({ data: { id: 'a' } });
    expect(bytes.buffer.byteLength).toBe(bytes.length);
    expect(bytes.byteOffset).toBe(0);
  });
});
