import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { CHART_COLORS, snapshotCharts, type SnapshotReport } from './snapshotCharts';

const ACME = aTenant('Acme Training');

const REPORT: SnapshotReport = {
  modules: { active: 4, inactive: 1, archived: 2 },
  components: { active: 9, inactive: 0, archived: 1 },
  topics: { active: 20, inactive: 3, archived: 0 },
  tenant_users: { master: 1, admin: 2, user: 30, archived: 4 },
  media: { image: 5, video: 2, pdf: 1, audio: 1, total: 9, total_size: 12_345_678 },
};

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('snapshotCharts', () => {
  it('colours content green active, red inactive and grey archived', () => {
    const [modules] = snapshotCharts(REPORT);
    expect(modules.slices).toEqual([
      { label: 'Active', value: 4, color: CHART_COLORS.active },
      { label: 'Inactive', value: 1, color: CHART_COLORS.inactive },
      { label: 'Archived', value: 2, color: CHART_COLORS.archived },
    ]);
  });

  it('counts members by role and media by type with the total size in base-10 units', () => {
    const charts = snapshotCharts(REPORT);
    expect(charts.map((chart) => chart.title)).toEqual(['Modules', 'Components', 'Topics', 'Members', 'Media']);
    expect(charts[3].slices.map((slice) => [slice.label, slice.value])).toEqual([
      ['Master', 1],
      ['Admin', 2],
      ['User', 30],
      ['Archived', 4],
    ]);
    expect(charts[4].note).toBe('9 files, 12 MB in total');
  });
});

describe('Admin Reports', () => {
  it('draws the five doughnuts with their values and totals', async () => {
    fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'admin', tenant: ACME })] }) } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      { method: 'GET', path: `/api/tenants/${ACME.id}/reports/snapshot`, status: 200, body: { data: REPORT } },
    ]);
    renderApp('/acme-training/admin/reports');
    expect(await screen.findByRole('img', { name: 'Members' })).toBeTruthy();
    for (const [title, total] of [
      ['Modules', 7],
      ['Components', 10],
      ['Topics', 23],
      ['Members', 37],
      ['Media', 9],
    ] as const) {
      const table = screen.getByRole('table', { name: `${title} values` });
      expect(within(table).getAllByRole('row').at(-1)?.textContent).toBe(`Total${total}`);
    }
    expect(screen.getByText('9 files, 12 MB in total')).toBeTruthy();
    // Core 2.9: Reports links to the Knowledge Checks report.
    const reports = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(reports).getByRole('link', { name: 'Snapshot' }).getAttribute('aria-current')).toBe('page');
    expect(within(reports).getByRole('link', { name: 'Knowledge Checks' }).getAttribute('href')).toBe('/acme-training/admin/reports/knowledgecheck');
  });
});
