import { describe, expect, it } from 'vitest';
import { cutText } from './cutText';

describe('cutText', () => {
  it('keeps a text of up to 60 characters whole', () => {
    expect(cutText('Short note')).toBe('Short note');
    expect(cutText('x'.repeat(60))).toBe('x'.repeat(60));
  });

  it('cuts a longer text at 60 characters and adds an ellipsis', () => {
    const text = `${'a'.repeat(59)}bcdef`;
    expect(cutText(text)).toBe(`${'a'.repeat(59)}b...`);
    expect(Array.from(cutText(text))).toHaveLength(63);
  });

  it('counts an emoji as one character and never splits it', () => {
    const text = `${'a'.repeat(59)}😀😀`;
    expect(cutText(text)).toBe(`${'a'.repeat(59)}😀...`);
  });
});
