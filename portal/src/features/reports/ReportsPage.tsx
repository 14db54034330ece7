import { Heading } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '../../api/client';
import { downloadAttachment } from '../../api/download';
import { read } from '../../api/queries';
import { usePageTitle } from '../../lib/usePageTitle';
import { DownloadCsvButton } from '../../ui/DownloadCsvButton';
import { Row, Stack } from '../../ui/Page';
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

/** The snapshot as a CSV: a count a line. */
function downloadSnapshotCsv(tenantId: string) {
  return downloadAttachment(
    client.GET('/tenants/{tenantId}/reports/snapshot', { params: { path: { tenantId }, query: { format: 'csv' } }, parseAs: 'blob' }),
    'snapshot-report.csv',
  );
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
      <Row>
        <DownloadCsvButton download={() => downloadSnapshotCsv(organization.id)} />
      </Row>
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
