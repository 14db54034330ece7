import { describe, expect, it } from 'vitest';
import { nextTabIndex } from '../ui/Tabs';
import { WEB_VERSION } from '../version';
import pkg from '../../package.json';
import { formatDate } from './dates';

describe('formatDate', () => {
  it("uses the spec's MMM DD YY h:mm a format", () => {
    const local = new Date(2026, 1, 3, 14, 7).toISOString();
    expect(formatDate(local)).toBe('Feb 03 26 2:07 pm');
  });

  it('shows an unreadable value as it is', () => {
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('WEB_VERSION', () => {
  it('is the portal package version, 1.3.5', () => {
    expect(WEB_VERSION).toBe(pkg.version);
    expect(WEB_VERSION).toBe('1.3.5');
  });
});

describe('tab keys', () => {
  it('wrap with the arrows and jump with Home and End', () => {
    expect(nextTabIndex('ArrowRight', 1, 2)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 2)).toBe(1);
    expect(nextTabIndex('Home', 1, 3)).toBe(0);
    expect(nextTabIndex('End', 0, 3)).toBe(2);
    expect(nextTabIndex('a', 0, 3)).toBeNull();
  });
});
