import { describe, expect, it } from 'vitest';
import { toastPlacement } from './Toasts';

const viewport = { width: 1280, height: 720 };
const toasts = { width: 360, height: 120 };

describe('toastPlacement', () => {
  it('keeps the toasts at the bottom right while nothing they would cover has the focus', () => {
    expect(toastPlacement(toasts, viewport, null)).toBe('bottom');
    // A field at the top left of the page.
    expect(toastPlacement(toasts, viewport, { top: 100, bottom: 140, left: 40, right: 600 })).toBe('bottom');
  });

  it('moves them to the top when the focused control is where they would be (a choice typed at the foot of the page)', () => {
    expect(toastPlacement(toasts, viewport, { top: 640, bottom: 680, left: 300, right: 1200 })).toBe('top');
    // Touching the toasts' corner is enough to be covered.
    expect(toastPlacement(toasts, viewport, { top: 580, bottom: 600, left: 1000, right: 1010 })).toBe('top');
    // Just beside them is not.
    expect(toastPlacement(toasts, viewport, { top: 600, bottom: 700, left: 100, right: 900 })).toBe('bottom');
  });
});
