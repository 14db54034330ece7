import type { components } from '@tessera/sdk';
import { formatFileSize } from '@tessera/sdk/rules';
import type { DoughnutSlice } from './DoughnutChart';

export type SnapshotReport = components['schemas']['SnapshotReport'];
type StateCounts = components['schemas']['SnapshotReportCounts'];

/**
 * Spec section 9: green active, red inactive, grey archived. Every colour has at least 3:1 contrast
 * on white, as graphics need (WCAG 1.4.11).
 */
export const CHART_COLORS = {
  active: '#15803d',
  inactive: '#b91c1c',
  archived: '#6b7280',
  master: '#6d28d9',
  admin: '#1d4ed8',
  user: '#0f766e',
  image: '#1d4ed8',
  video: '#6d28d9',
  pdf: '#b45309',
  audio: '#0f766e',
} as const;

export interface SnapshotChart {
  title: string;
  slices: DoughnutSlice[];
  note?: string;
}

function byState(counts: StateCounts): DoughnutSlice[] {
  return [
    { label: 'Active', value: counts.active, color: CHART_COLORS.active },
    { label: 'Inactive', value: counts.inactive, color: CHART_COLORS.inactive },
    { label: 'Archived', value: counts.archived, color: CHART_COLORS.archived },
  ];
}

/** The snapshot's five doughnuts (spec 2.9): content by state, members by role, media by type with its total size. */
export function snapshotCharts(report: SnapshotReport): SnapshotChart[] {
  const { tenant_users: members, media } = report;
  return [
    { title: 'Modules', slices: byState(report.modules) },
    { title: 'Components', slices: byState(report.components) },
    { title: 'Topics', slices: byState(report.topics) },
    {
      title: 'Members',
      slices: [
        { label: 'Master', value: members.master, color: CHART_COLORS.master },
        { label: 'Admin', value: members.admin, color: CHART_COLORS.admin },
        { label: 'User', value: members.user, color: CHART_COLORS.user },
        { label: 'Archived', value: members.archived, color: CHART_COLORS.archived },
      ],
    },
    {
      title: 'Media',
      slices: [
        { label: 'Images', value: media.image, color: CHART_COLORS.image },
        { label: 'Videos', value: media.video, color: CHART_COLORS.video },
        { label: 'PDFs', value: media.pdf, color: CHART_COLORS.pdf },
        { label: 'Audio files', value: media.audio, color: CHART_COLORS.audio },
      ],
      note: `${media.total} files, ${formatFileSize(media.total_size)} in total`,
    },
  ];
}
