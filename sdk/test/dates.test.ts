import { describe, expect, it } from 'vitest';
import { formatDisplayDate } from '../src/dates.js';

describe('formatDisplayDate (spec section 9: MMM DD YY h:mm a, in the viewer’s time zone)', () => {
  it('writes the month short, the day and year in two digits, and a 12-hour clock with am or pm', () => {
    expect(formatDisplayDate(new Date(2030, 5, 4, 15, 7).toISOString())).toBe('Jun 04 30 3:07 pm');
    expect(formatDisplayDate(new Date(2026, 0, 31, 0, 5).toISOString())).toBe('Jan 31 26 12:05 am');
    expect(formatDisplayDate(new Date(2026, 11, 1, 12, 0).toISOString())).toBe('Dec 01 26 12:00 pm');
  });

  it('shows an unreadable value as given', () => {
    expect(formatDisplayDate('not a date')).toBe('not a date');
  });
});
