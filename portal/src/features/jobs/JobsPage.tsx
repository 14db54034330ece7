import { useQuery } from '@tanstack/react-query';
import type { Job, JobState } from '@tessera/sdk';
import { Heading } from '@tessera/widgets/ui';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { unwrap } from '../../api/queries';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { useUrlTab } from '../../lists/listParams';
import { useRowActions } from '../../lists/useRowActions';
import { FormFailure } from '../../ui/FormFailure';
import { Stack, Text } from '../../ui/Page';
import { ReadState } from '../../ui/ReadState';
import { RowButton } from '../../ui/RowButton';
import { Table, type TableColumn } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';

/** The tabs: what went wrong first (the reason to open the screen), then what waits and what runs. */
const JOB_VIEWS = ['failed', 'queued', 'running'] as const satisfies readonly JobState[];

const KIND_NAMES: Record<Job['kind'], string> = {
  mail: 'Mail',
  'purge-expired': 'Purge expired rows',
  'sweep-files': 'Sweep stored files',
  'assignment-reminders': 'Assignment reminders',
  webhook: 'Webhook delivery',
};

const jobsKey = (state: JobState) => ['jobs', state];

async function loadJobs(state: JobState): Promise<Job[]> {
  return unwrap(await apiCall(client.GET('/jobs', { params: { query: { state } } }))).data;
}

function retryJob(job: Job) {
  return apiCall(client.POST('/jobs/{jobId}/retry', { params: { path: { jobId: job.id } } }));
}

function JobList({ state }: { state: JobState }) {
  const jobs = useQuery({ queryKey: jobsKey(state), queryFn: () => loadJobs(state) });
  const actions = useRowActions();
  const columns: TableColumn<Job>[] = [
    { id: 'kind', title: 'Job', isRowHeader: true, render: (job) => KIND_NAMES[job.kind] },
    { id: 'about', title: 'About', render: (job) => job.about ?? '—' },
    { id: 'attempts', title: 'Attempts', render: (job) => `${job.attempts} of ${job.max_attempts}` },
    { id: 'error', title: 'Last error', render: (job) => job.last_error ?? '—' },
    { id: 'created', title: 'Queued', render: (job) => formatDate(job.created_at) },
    { id: 'run', title: state === 'queued' ? 'Runs at' : 'Last run', render: (job) => formatDate(job.run_at) },
  ];
  if (state === 'failed') {
    columns.push({
      id: 'actions',
      title: 'Actions',
      render: (job) => (
        <RowButton
          aria-label={`Retry ${KIND_NAMES[job.kind]}${job.about ? ` to ${job.about}` : ''}`}
          isDisabled={actions.isPending}
          onPress={() => void actions.run(job.id, () => retryJob(job), { title: 'Job queued again', description: 'It is in the Queued tab until it runs.' })}
        >
          Retry
        </RowButton>
      ),
    });
  }
  return (
    <Stack>
      <FormFailure messages={actions.messages} />
      <ReadState query={jobs}>
        {(rows) => <Table label={`${state} jobs`} columns={columns} rows={rows} rowKey={(job) => job.id} emptyText={EMPTY[state]} />}
      </ReadState>
    </Stack>
  );
}

const EMPTY: Record<JobState, string> = {
  failed: 'No failed jobs.',
  queued: 'No jobs are waiting.',
  running: 'No job is running.',
};

/** /jobs (issue 34): the platform owner watches the background jobs and retries the failed ones. */
export function JobsPage() {
  usePageTitle('Jobs');
  const [view, setView] = useUrlTab(JOB_VIEWS);
  return (
    <Stack>
      <Heading level={1}>Jobs</Heading>
      <Text>Mail and scheduled work run in the background. A job that failed all its attempts waits here for a retry.</Text>
      <Tabs
        label="Jobs"
        selected={view}
        onSelect={setView}
        tabs={[
          { id: 'failed', title: 'Failed', panel: <JobList key="failed" state="failed" /> },
          { id: 'queued', title: 'Queued', panel: <JobList key="queued" state="queued" /> },
          { id: 'running', title: 'Running', panel: <JobList key="running" state="running" /> },
        ]}
      />
    </Stack>
  );
}
