import type { KcFlag } from './kcReportCalls';

/** Spec 2 "Admin knowledge check report" and section 8. */
export const kcReportTexts = {
  title: 'Knowledge Check Report',
  userPlaceholder: 'user name / email',
  run: 'Run Report',
  empty: 'No completed knowledge checks found...',
  detailTitle: 'Knowledge Check Response',
  analysisTitle: 'Item Analysis',
} as const;

/** The item-analysis flags in words: what an author should do about the question. */
export const FLAG_WORDS: Record<KcFlag, string> = {
  hard: 'Hard',
  easy: 'Easy',
  low_discrimination: 'Low discrimination',
  negative_discrimination: 'Negative discrimination: check the key',
};

/** A score with two decimals (spec section 9); no score shows as a dash. */
export function formatScore(score: number | null | undefined): string {
  return typeof score === 'number' && Number.isFinite(score) ? score.toFixed(2) : '—';
}

/** A figure of the item analysis (facility, D, point-biserial, KR-20) with two decimals, or "n/a" when not computable. */
export function formatFigure(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : 'n/a';
}

/** A share (0 to 1) as a whole percentage. */
export function formatShare(share: number | null | undefined): string {
  return typeof share === 'number' && Number.isFinite(share) ? `${Math.round(share * 100)} %` : 'n/a';
}

/** "Module / Component / Topic" (the topic only when the check belongs to one). */
export function checkPath(row: { module_name: string; component_name: string; topic_name: string | null }): string {
  return [row.module_name, row.component_name, row.topic_name].filter((part): part is string => Boolean(part)).join(' / ');
}

const orgBase = (organization: string) => `/${encodeURIComponent(organization)}/admin/reports/knowledgecheck`;

export const kcReportPaths = {
  report: (organization: string) => orgBase(organization),
  detail: (organization: string, responseId: string) => `${orgBase(organization)}/${encodeURIComponent(responseId)}`,
  analysis: (organization: string, checkId: string) => `${orgBase(organization)}/analysis/${encodeURIComponent(checkId)}`,
};
