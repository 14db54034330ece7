import { Heading } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/theme';
import { useEffect, useState } from 'react';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { usePageTitle } from '../../lib/usePageTitle';
import { Stack, Text } from '../../ui/Page';
import { useOrganization } from '../organization/organizationContext';
import { DoughnutChart } from './DoughnutChart';
import { ReportsNav } from './ReportsNav';
import { snapshotCharts, type SnapshotReport } from './snapshotCharts';

const Charts = styled('div', { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '$4' });

function useSnapshot(tenantId: string): SnapshotReport | null {
  const [report, setReport] = useState<SnapshotReport | null>(null);
  useEffect(() => {
    let current = true;
    void apiCall(client.GET('/tenants/{tenantId}/reports/snapshot', { params: { path: { tenantId } } })).then((outcome) => {
      if (current && outcome.ok) setReport(outcome.data.data);
    });
    return () => {
      current = false;
    };
  }, [tenantId]);
  return report;
}

/** /:organization/admin/reports (spec 2.9): the snapshot, beside the link to the Knowledge Checks report. */
export function ReportsPage() {
  usePageTitle('Reports');
  const { organization } = useOrganization();
  const report = useSnapshot(organization.id);
  return (
    <Stack>
      <Heading level={1}>Reports</Heading>
      <ReportsNav organization={organization.slug} current="snapshot" />
      {report ? (
        <Charts>
          {snapshotCharts(report).map((chart) => (
            <DoughnutChart key={chart.title} title={chart.title} slices={chart.slices} note={chart.note} />
          ))}
        </Charts>
      ) : (
        <Text role="status">Loading...</Text>
      )}
    </Stack>
  );
}
