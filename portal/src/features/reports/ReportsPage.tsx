import { Heading } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '../../api/client';
import { read } from '../../api/queries';
import { usePageTitle } from '../../lib/usePageTitle';
import { Stack } from '../../ui/Page';
import { ReadState } from '../../ui/ReadState';
import { useOrganization } from '../organization/organizationContext';
import { DoughnutChart } from './DoughnutChart';
import { ReportsNav } from './ReportsNav';
import { snapshotCharts, type SnapshotReport } from './snapshotCharts';

const Charts = styled('div', { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '$4' });

/** The snapshot report (spec 2.9). */
function snapshotQuery(tenantId: string) {
  return queryOptions({
    queryKey: ['reports', tenantId, 'snapshot'],
    queryFn: async (): Promise<SnapshotReport> => (await read(client.GET('/tenants/{tenantId}/reports/snapshot', { params: { path: { tenantId } } }))).data,
  });
}

/** /:organization/admin/reports (spec 2.9): the snapshot, beside the link to the Knowledge Checks report. */
export function ReportsPage() {
  usePageTitle('Reports');
  const { organization } = useOrganization();
  const snapshot = useQuery(snapshotQuery(organization.id));
  return (
    <Stack>
      <Heading level={1}>Reports</Heading>
      <ReportsNav organization={organization.slug} current="snapshot" />
      <ReadState query={snapshot}>
        {(report) => (
          <Charts>
            {snapshotCharts(report).map((chart) => (
              <DoughnutChart key={chart.title} title={chart.title} slices={chart.slices} note={chart.note} />
            ))}
          </Charts>
        )}
      </ReadState>
    </Stack>
  );
}
