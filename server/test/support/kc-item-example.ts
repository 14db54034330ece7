/** The hand-computed item analysis example (its computation: test/kc-item-analysis.test.ts), shared with kc-reports.test.ts. */
import type { ScoredResponse } from '../../src/features/kc-reports/item-analysis.js';

export const HAND_EXAMPLE: ScoredResponse[] = [
  { id: 'r1', score: 75, items: marks({ A: 1, B: 1, C: 1, D: 0 }) },
  { id: 'r2', score: 50, items: marks({ A: 1, B: 1, C: 0, D: 0 }) },
  { id: 'r3', score: 50, items: marks({ A: 1, B: 0, C: 1, D: 0 }) },
  { id: 'r4', score: 25, items: marks({ A: 0, B: 1, C: 0, D: 0 }) },
  { id: 'r5', score: 25, items: marks({ A: 0, B: 0, C: 0, D: 1 }) },
];

export function marks(items: Record<string, 0 | 1>): ScoredResponse['items'] {
  return Object.entries(items).map(([item, correct]) => ({ item, correct: correct === 1 }));
}

export const HAND_EXPECTED = {
  A: { facility: 0.6, discrimination: 1, point_biserial: 2 / Math.sqrt(24), flags: [] },
  B: { facility: 0.6, discrimination: 1, point_biserial: -3 / Math.sqrt(84), flags: [] },
  C: { facility: 0.4, discrimination: 1, point_biserial: 1 / 6, flags: [] },
  D: { facility: 0.2, discrimination: -1, point_biserial: -8 / Math.sqrt(104), flags: ['hard', 'low_discrimination', 'negative_discrimination'] },
  kr20: (4 / 3) * (1 - 0.88 / 0.7),
  variance: 0.7,
  meanScore: 45,
};
