import { describe, expect, it } from 'vitest';
import { attachmentName } from '../src/downloads.js';

const answer = (disposition?: string) => new Response('', disposition ? { headers: { 'Content-Disposition': disposition } } : {});

describe('attachmentName (a CSV report’s file name, from Content-Disposition)', () => {
  it('reads the quoted and the bare file name', () => {
    expect(attachmentName(answer('attachment; filename="members-2026-01-02.csv"'))).toBe('members-2026-01-02.csv');
    expect(attachmentName(answer('attachment; filename=groups.csv'))).toBe('groups.csv');
    expect(attachmentName(answer('attachment; filename="a \\"quoted\\" name.csv"'))).toBe('a "quoted" name.csv');
  });

  it('prefers RFC 6266’s UTF-8 name', () => {
    expect(attachmentName(answer(`attachment; filename="r.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`))).toBe('résumé.csv');
  });

  it('answers undefined when no name is given', () => {
    expect(attachmentName(answer())).toBeUndefined();
    expect(attachmentName(answer('inline'))).toBeUndefined();
  });
});
