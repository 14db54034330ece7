/**
 * The item analysis formulas on a hand-computed example (issue 11). The same five responses are seeded in the
 * database by test/kc-reports.test.ts, whose item analysis call must answer these very figures.
 */
import { describe, expect, it } from 'vitest';
import {
  discrimination,
  facility,
  flagsOf,
  groupSize,
  histogramBin,
  itemStatistics,
  kr20,
  pointBiserial,
  sampleVariance,
  sumsOfResponses,
} from '../src/features/kc-reports/item-analysis.js';
import { HAND_EXAMPLE, HAND_EXPECTED, marks } from './support/kc-item-example.js';

/**
 * Five responses r1..r5, each drawing the whole bank of four items A, B, C, D (1 correct, 0 not):
 *
 *        A  B  C  D   X  score
 *   r1   1  1  1  0   3   75
 *   r2   1  1  0  0   2   50
 *   r3   1  0  1  0   2   50
 *   r4   0  1  0  0   1   25
 *   r5   0  0  0  1   1   25
 *
 * Ranked by score, ties by id: r1, r2, r3, r4, r5. g = round(0.27 × 5) = round(1.35) = 1: upper {r1}, lower {r5}.
 * Rest scores R = X − x per item, in the order r1..r5:
 *
 *   A: x 1 1 1 0 0, R 2 1 1 1 1 → Σx 3, ΣR 6, ΣR² 4+1+1+1+1 = 8, ΣxR 2+1+1 = 4
 *      p = 3/5 = 0.6; D = 1 − 0 = 1;
 *      r = (5·4 − 3·6) / √((5·3 − 3²)(5·8 − 6²)) = 2 / √(6·4) = 2/√24 = 0.408248…
 *   B: x 1 1 0 1 0, R 2 1 2 0 1 → Σx 3, ΣR 6, ΣR² 4+1+4+0+1 = 10, ΣxR 2+1 = 3
 *      p = 0.6; D = 1 − 0 = 1; r = (15 − 18) / √(6·(50 − 36)) = −3/√84 = −0.327326…
 *   C: x 1 0 1 0 0, R 2 2 1 1 1 → Σx 2, ΣR 7, ΣR² 4+4+1+1+1 = 11, ΣxR 2+1 = 3
 *      p = 0.4; D = 1 − 0 = 1; r = (15 − 14) / √((10 − 4)(55 − 49)) = 1/√36 = 1/6
 *   D: x 0 0 0 0 1, R 3 2 2 1 0 → Σx 1, ΣR 8, ΣR² 9+4+4+1+0 = 18, ΣxR 0
 *      p = 0.2 (hard); D = 0 − 1 = −1 (low, negative: check the key); r = (0 − 8) / √((5 − 1)(90 − 64)) = −8/√104 = −0.784465…
 *
 * Totals X 3 2 2 1 1: ΣX = 9, ΣX² = 19, s² = (19 − 81/5) / 4 = 2.8 / 4 = 0.7.
 * Σpq = 0.24 + 0.24 + 0.24 + 0.16 = 0.88; KR-20 = 4/3 · (1 − 0.88/0.7) = 4/3 · (−0.257142…) = −0.342857…
 * Mean score (75 + 50 + 50 + 25 + 25) / 5 = 45; histogram: bin 70–80 one, 50–60 two, 20–30 two.
 */
describe('item analysis formulas', () => {
  const sums = sumsOfResponses(HAND_EXAMPLE);

  it('adds up the sums of the hand-computed example', () => {
    expect(sums.get('A')).toEqual({ n: 5, sumX: 3, sumR: 6, sumR2: 8, sumXR: 4, upperN: 1, upperCorrect: 1, lowerN: 1, lowerCorrect: 0 });
    expect(sums.get('B')).toEqual({ n: 5, sumX: 3, sumR: 6, sumR2: 10, sumXR: 3, upperN: 1, upperCorrect: 1, lowerN: 1, lowerCorrect: 0 });
    expect(sums.get('C')).toEqual({ n: 5, sumX: 2, sumR: 7, sumR2: 11, sumXR: 3, upperN: 1, upperCorrect: 1, lowerN: 1, lowerCorrect: 0 });
    expect(sums.get('D')).toEqual({ n: 5, sumX: 1, sumR: 8, sumR2: 18, sumXR: 0, upperN: 1, upperCorrect: 0, lowerN: 1, lowerCorrect: 1 });
  });

  it('gives facility, D, the corrected point-biserial and the flags of each item', () => {
    for (const item of ['A', 'B', 'C', 'D'] as const) {
      const statistics = itemStatistics(sums.get(item)!);
      const expected = HAND_EXPECTED[item];
      expect(statistics.facility).toBeCloseTo(expected.facility, 12);
      expect(statistics.discrimination).toBeCloseTo(expected.discrimination, 12);
      expect(statistics.point_biserial).toBeCloseTo(expected.point_biserial, 12);
      expect(statistics.flags).toEqual(expected.flags);
    }
    expect(itemStatistics(sums.get('A')!).point_biserial).toBeCloseTo(0.408248, 6);
    expect(itemStatistics(sums.get('D')!).point_biserial).toBeCloseTo(-0.784465, 6);
  });

  it('gives KR-20 with the sample variance of the totals', () => {
    const totals = [3, 2, 2, 1, 1];
    const variance = sampleVariance(totals.length, 9, 19);
    expect(variance).toBeCloseTo(0.7, 12);
    expect(kr20([0.6, 0.6, 0.4, 0.2], variance)).toBeCloseTo(-0.342857, 6);
    expect(kr20([0.6, 0.6, 0.4, 0.2], variance)).toBeCloseTo(HAND_EXPECTED.kr20, 12);
  });

  it('ranks into groups of round(0.27 N)', () => {
    expect([1, 2, 5, 10, 100, 100_000].map(groupSize)).toEqual([0, 1, 1, 3, 27, 27_000]);
  });

  it('answers null, never NaN, for one response', () => {
    const one = sumsOfResponses([{ id: 'only', score: 100, items: marks({ A: 1 }) }]).get('A')!;
    expect(one).toMatchObject({ n: 1, upperN: 0, lowerN: 0 });
    expect(itemStatistics(one)).toEqual({ facility: 1, discrimination: null, point_biserial: null, flags: ['easy'] });
    expect(sampleVariance(1, 1, 1)).toBeNull();
    expect(kr20([1], sampleVariance(1, 1, 1))).toBeNull();
  });

  it('answers null for zero variance', () => {
    // Everyone right on both items: x never varies, the totals neither.
    const same = sumsOfResponses(['a', 'b', 'c', 'd'].map((id) => ({ id, score: 100, items: marks({ A: 1, B: 1 }) }))).get('A')!;
    expect(pointBiserial(same)).toBeNull();
    expect(discrimination(same)).toBe(0);
    expect(sampleVariance(4, 8, 16)).toBe(0);
    expect(kr20([1, 1], sampleVariance(4, 8, 16))).toBeNull();
    expect(facility({ n: 0, sumX: 0 })).toBeNull();
    expect(pointBiserial({ n: 0, sumX: 0, sumR: 0, sumR2: 0, sumXR: 0 })).toBeNull();
  });

  it('flags hard, easy, low and negative discrimination at their bounds', () => {
    expect(flagsOf(0.29, 0.5)).toEqual(['hard']);
    expect(flagsOf(0.3, 0.2)).toEqual([]);
    expect(flagsOf(0.9, 0.4)).toEqual([]);
    expect(flagsOf(0.91, 0.19)).toEqual(['easy', 'low_discrimination']);
    expect(flagsOf(0.5, -0.01)).toEqual(['low_discrimination', 'negative_discrimination']);
    expect(flagsOf(null, null)).toEqual([]);
  });

  it('puts scores into ten bins, 100 in the last', () => {
    expect([0, 9.99, 10, 45, 75, 99.99, 100].map(histogramBin)).toEqual([0, 0, 1, 4, 7, 9, 9]);
  });
});
