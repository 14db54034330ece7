/**
 * Item analysis of a knowledge check (issue 11; ARCHITECTURE.md#knowledge-check-reports), as pure functions over
 * sums, so the database adds up the 2,000,000 drawn rows of 100,000 responses and JavaScript only divides.
 * Items are dichotomous (1 correct, 0 not; exact-match scoring). For an item i (a question version):
 *
 * - facility p = Σx / N (N: the responses that drew it);
 * - upper–lower discrimination D = p_upper − p_lower, the responses ranked by total score (ties by id) and the
 *   top and bottom g = round(0.27 · N_all) of them as the groups (Kelley); each group's p over its responses that
 *   drew the item;
 * - corrected point-biserial: Pearson's r of x against the rest score R = X − x (X: the response's correct
 *   answers), r = (N·ΣxR − Σx·ΣR) / √((N·Σx − (Σx)²) · (N·ΣR² − (ΣR)²)) (x² = x);
 * - flags: facility under 0.30 `hard`, over 0.90 `easy`, D under 0.20 `low_discrimination`, D under 0 also
 *   `negative_discrimination` (check the key);
 * - KR-20 = k/(k − 1) · (1 − Σ p·q / s²), s² the sample variance (÷ (N − 1)) of the totals, only when every response
 *   drew every item (a draw of the whole bank).
 * Anything a formula cannot give (no responses, one response, zero variance) is null, never NaN.
 */

export type ItemFlag = 'hard' | 'easy' | 'low_discrimination' | 'negative_discrimination';

export const HARD_BELOW = 0.3;
export const EASY_ABOVE = 0.9;
export const LOW_DISCRIMINATION_BELOW = 0.2;
/** Kelley's 27 %. */
export const GROUP_SHARE = 0.27;

/** The sums one item needs, as the database answers them (or `sumsOfResponses` computes them). */
export interface ItemSums {
  /** Responses that drew the item. */
  n: number;
  /** Σx: the responses that answered it correctly. */
  sumX: number;
  /** ΣR, ΣR², ΣxR over the rest scores R = X − x. */
  sumR: number;
  sumR2: number;
  sumXR: number;
  /** Responses of the upper (lower) group that drew the item, and how many of them answered it correctly. */
  upperN: number;
  upperCorrect: number;
  lowerN: number;
  lowerCorrect: number;
}

export interface ItemStatistics {
  facility: number | null;
  discrimination: number | null;
  point_biserial: number | null;
  flags: ItemFlag[];
}

/** The size of the upper and of the lower group among `responses` ranked responses. */
export function groupSize(responses: number): number {
  return Math.round(GROUP_SHARE * responses);
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator > 0 ? numerator / denominator : null;
}

function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

export function facility(sums: Pick<ItemSums, 'n' | 'sumX'>): number | null {
  return ratio(sums.sumX, sums.n);
}

/** D = p_upper − p_lower; null when either group holds no response that drew the item. */
export function discrimination(sums: Pick<ItemSums, 'upperN' | 'upperCorrect' | 'lowerN' | 'lowerCorrect'>): number | null {
  const upper = ratio(sums.upperCorrect, sums.upperN);
  const lower = ratio(sums.lowerCorrect, sums.lowerN);
  return upper === null || lower === null ? null : upper - lower;
}

/** Pearson's r of x and R; null for fewer than two responses or when either varies not at all. */
export function pointBiserial(sums: Pick<ItemSums, 'n' | 'sumX' | 'sumR' | 'sumR2' | 'sumXR'>): number | null {
  const { n, sumX, sumR, sumR2, sumXR } = sums;
  if (n < 2) return null;
  const varianceX = n * sumX - sumX * sumX;
  const varianceR = n * sumR2 - sumR * sumR;
  if (varianceX <= 0 || varianceR <= 0) return null;
  return finite((n * sumXR - sumX * sumR) / Math.sqrt(varianceX * varianceR));
}

export function flagsOf(facilityValue: number | null, discriminationValue: number | null): ItemFlag[] {
  const flags: ItemFlag[] = [];
  if (facilityValue !== null && facilityValue < HARD_BELOW) flags.push('hard');
  if (facilityValue !== null && facilityValue > EASY_ABOVE) flags.push('easy');
  if (discriminationValue !== null && discriminationValue < LOW_DISCRIMINATION_BELOW) flags.push('low_discrimination');
  if (discriminationValue !== null && discriminationValue < 0) flags.push('negative_discrimination');
  return flags;
}

export function itemStatistics(sums: ItemSums): ItemStatistics {
  const p = facility(sums);
  const d = discrimination(sums);
  return { facility: p, discrimination: d, point_biserial: pointBiserial(sums), flags: flagsOf(p, d) };
}

/** The sample variance (÷ (N − 1)) from N, Σv and Σv²; null below two values. */
export function sampleVariance(n: number, sum: number, sumOfSquares: number): number | null {
  if (n < 2) return null;
  // Rounding can leave a tiny negative for values that are all equal.
  return Math.max(0, (sumOfSquares - (sum * sum) / n) / (n - 1));
}

/**
 * KR-20 over k items with facilities `facilities` and the sample variance of the totals; null unless at least two
 * items, a variance above zero, and (the caller's part) every response drew every item.
 */
export function kr20(facilities: number[], totalVariance: number | null): number | null {
  const k = facilities.length;
  if (k < 2 || totalVariance === null || totalVariance <= 0) return null;
  const sumPq = facilities.reduce((sum, p) => sum + p * (1 - p), 0);
  return finite((k / (k - 1)) * (1 - sumPq / totalVariance));
}

export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

/** Ten bins of ten points: [0, 10), [10, 20) ... [90, 100] (100 falls in the last). */
export function histogramBin(score: number): number {
  return Math.min(9, Math.max(0, Math.floor(score / 10)));
}

export function histogramOf(counts: Map<number, number>): HistogramBin[] {
  return Array.from({ length: 10 }, (_, bin) => ({ from: bin * 10, to: bin * 10 + 10, count: counts.get(bin) ?? 0 }));
}

/** A completed response as the reference computation reads it: its score (%) and each drawn item's mark. */
export interface ScoredResponse {
  id: string;
  score: number;
  items: { item: string; correct: boolean }[];
}

/**
 * The reference computation of every item's sums from whole responses (what the report's SQL computes with
 * aggregates and a window rank): ranks by score, highest first, ties by id ascending.
 */
export function sumsOfResponses(responses: ScoredResponse[]): Map<string, ItemSums> {
  const ranked = [...responses].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const g = groupSize(ranked.length);
  const sums = new Map<string, ItemSums>();
  ranked.forEach((response, index) => {
    const total = response.items.filter((entry) => entry.correct).length;
    const upper = index < g;
    const lower = index >= ranked.length - g;
    for (const { item, correct } of response.items) {
      const x = correct ? 1 : 0;
      const rest = total - x;
      const entry = sums.get(item) ?? { n: 0, sumX: 0, sumR: 0, sumR2: 0, sumXR: 0, upperN: 0, upperCorrect: 0, lowerN: 0, lowerCorrect: 0 };
      entry.n += 1;
      entry.sumX += x;
      entry.sumR += rest;
      entry.sumR2 += rest * rest;
      entry.sumXR += x * rest;
      if (upper) {
        entry.upperN += 1;
        entry.upperCorrect += x;
      }
      if (lower) {
        entry.lowerN += 1;
        entry.lowerCorrect += x;
      }
      sums.set(item, entry);
    }
  });
  return sums;
}
