import { describe, expect, it } from 'vitest';
import { defaultApiBase, portalUrlFor } from './apiBase.js';

describe('api base helpers', () => {
  it('defaults to /api on the origin the script came from (the page, under test)', () => {
    expect(defaultApiBase()).toBe(`${location.origin}/api`);
  });

  it('finds the portal behind an API base, absolute or relative', () => {
    expect(portalUrlFor('https://training.example.com/api')).toBe('https://training.example.com');
    expect(portalUrlFor('https://training.example.com/api/')).toBe('https://training.example.com');
    expect(portalUrlFor('/api')).toBe(location.origin);
  });
});
