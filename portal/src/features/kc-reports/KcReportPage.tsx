import { styled } from '@tessera/widgets/stitches';
import { Button, Heading } from '@tessera/widgets/ui';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Input, Label, TextField } from 'react-aria-components/TextField';
import { useSearchParams } from 'react-router';
import { unwrap } from '../../api/queries';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { ServerTable } from '../../lists/ServerTable';
import { useServerList } from '../../lists/useServerList';
import { AppLink } from '../../ui/AppLink';
import { DownloadCsvButton } from '../../ui/DownloadCsvButton';
import { Row, Stack } from '../../ui/Page';
import { Select } from '../../ui/Select';
import type { TableColumn } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { useOrganization } from '../organization/organizationContext';
import { ReportsNav } from '../reports/ReportsNav';
import {
  downloadCompletedCsv,
  filterOptions,
  listCompletedResponses,
  type KcReportFilters,
  type KcReportOrder,
  type KcReportRow,
  type NamedOption,
} from './kcReportCalls';
import { checkPath, formatScore, kcReportPaths, kcReportTexts } from './kcReportTexts';

const FILTERS = ['user', 'module', 'component', 'topic'] as const;
const ALL = 'all';

const FilterForm = styled('form', { display: 'flex', flexDirection: 'column', gap: '$3' });

const Filters = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  alignItems: 'end',
  gap: '$3',
});

const UserField = styled(TextField, { display: 'flex', flexDirection: 'column', gap: '$1', fontFamily: '$body', color: '$text' });
const UserLabel = styled(Label, { fontSize: '$2', fontWeight: '$medium' });
const UserInput = styled(Input, {
  boxSizing: 'border-box',
  width: '100%',
  minHeight: '$control',
  padding: '$2 $3',
  border: '1px solid $border',
  borderRadius: '$md',
  backgroundColor: '$background',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$3',
  outline: 'none',
  '&::placeholder': { color: '$textMuted' },
  '&[data-focused]': { borderColor: '$focus', boxShadow: '$focus' },
});

const ExternalLink = styled('a', {
  color: '$link',
  textDecoration: 'underline',
  borderRadius: '$sm',
  outline: 'none',
  '&:focus-visible': { boxShadow: '$focus' },
});

/** The committed filters: those in the URL (a reload or a shared link runs the same report). */
function readFilters(params: URLSearchParams): KcReportFilters {
  return { user: params.get('user') ?? '', module: params.get('module') ?? '', component: params.get('component') ?? '', topic: params.get('topic') ?? '' };
}

/** The URL of a run: the filters given (empty ones left out), back to page 1; the sort is kept. */
function writeFilters(params: URLSearchParams, filters: KcReportFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  for (const name of FILTERS) {
    const value = filters[name].trim();
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** The choices of one filter select; empty while its parent is not chosen or they load. */
function useOptions(tenantId: string, level: 'module' | 'component' | 'topic', parentId: string): NamedOption[] {
  const options = useQuery({
    queryKey: ['kc-reports', tenantId, 'filter-options', level, parentId],
    queryFn: async () => unwrap(await filterOptions(tenantId, level, parentId)),
    enabled: level === 'module' || parentId !== '',
  });
  return options.data ?? [];
}

interface ReportFiltersProps {
  committed: KcReportFilters;
  onRun(filters: KcReportFilters): void;
  /** The report as run (the committed filters, the list's sort) as a CSV. */
  onDownload(): Promise<unknown>;
}

function ReportFilters({ committed, onRun, onDownload }: ReportFiltersProps) {
  const { organization } = useOrganization();
  const [draft, setDraft] = useState(committed);
  const modules = useOptions(organization.id, 'module', '');
  const components = useOptions(organization.id, 'component', draft.module);
  const topics = useOptions(organization.id, 'topic', draft.component);
  const withAll = (label: string, options: NamedOption[], chosen: string) => {
    const list = [{ id: ALL, label }, ...options.map((option) => ({ id: option.id, label: option.name }))];
    // A choice from the URL shows until its list has loaded.
    return chosen && !options.some((option) => option.id === chosen) ? [...list, { id: chosen, label: '…' }] : list;
  };
  const pick = (value: string) => (value === ALL ? '' : value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRun(draft);
  };
  return (
    <FilterForm aria-label="Report filters" onSubmit={submit}>
      <Filters>
        <UserField value={draft.user} onChange={(user) => setDraft({ ...draft, user })} name="user">
          <UserLabel>User</UserLabel>
          <UserInput placeholder={kcReportTexts.userPlaceholder} />
        </UserField>
        <Select
          label="Module"
          name="module"
          value={draft.module || ALL}
          options={withAll('All modules', modules, draft.module)}
          onChange={(value) => setDraft({ ...draft, module: pick(value), component: '', topic: '' })}
        />
        <Select
          label="Component"
          name="component"
          value={draft.component || ALL}
          isDisabled={!draft.module}
          options={withAll('All components', components, draft.component)}
          onChange={(value) => setDraft({ ...draft, component: pick(value), topic: '' })}
        />
        <Select
          label="Topic"
          name="topic"
          value={draft.topic || ALL}
          isDisabled={!draft.component}
          options={withAll('All topics', topics, draft.topic)}
          onChange={(value) => setDraft({ ...draft, topic: pick(value) })}
        />
      </Filters>
      <Row>
        <Button type="submit">{kcReportTexts.run}</Button>
        <DownloadCsvButton download={onDownload} />
      </Row>
    </FilterForm>
  );
}

function CompletedReport() {
  const { organization } = useOrganization();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const list = useServerList<KcReportRow, KcReportOrder>({
    key: ['kc-reports', organization.id, 'completed', filters],
    load: listCompletedResponses(organization.id, filters),
    defaultOrder: 'date',
    defaultDesc: true,
  });
  const slug = organization.slug;

  const run = (next: KcReportFilters) => {
    // Running again with the same URL (the same filters on page 1) still fetches anew.
    if (writeFilters(params, next).toString() === params.toString()) list.reload();
    else setParams((current) => writeFilters(current, next), { preventScrollReset: true });
  };

  const columns: TableColumn<KcReportRow>[] = [
    {
      id: 'user',
      title: 'User',
      sortKey: 'user',
      isRowHeader: true,
      render: (row) => (row.user_name ? `${row.user_name} (${row.user_email})` : row.user_email),
    },
    {
      id: 'knowledge-check',
      title: 'Knowledge Check',
      sortKey: 'knowledge_check',
      render: (row) => (
        <AppLink to={kcReportPaths.analysis(slug, row.knowledge_check_id)} aria-label={`Item analysis of ${checkPath(row)}`}>
          {checkPath(row)}
        </AppLink>
      ),
    },
    { id: 'date', title: 'Date', sortKey: 'date', render: (row) => formatDate(row.completed_date_time) },
    { id: 'score', title: 'Score', sortKey: 'score', render: (row) => formatScore(row.score) },
    {
      id: 'actions',
      title: 'Actions',
      render: (row) => (
        <ExternalLink href={kcReportPaths.detail(slug, row.id)} target="_blank" rel="noopener">
          View
          <VisuallyHidden>{` the response of ${row.user_name || row.user_email} to ${checkPath(row)}`} (opens in a new tab)</VisuallyHidden>
        </ExternalLink>
      ),
    },
  ];

  return (
    <Stack>
      <ReportFilters
        key={FILTERS.map((name) => filters[name]).join('\u0000')}
        committed={filters}
        onRun={run}
        onDownload={() => downloadCompletedCsv(organization.id, filters, list.query)}
      />
      <ServerTable label="Completed knowledge checks" list={list} columns={columns} rowKey={(row) => row.id} emptyText={kcReportTexts.empty} />
    </Stack>
  );
}

/** /:organization/admin/reports/knowledgecheck (spec 2, "Admin knowledge check report"): one tab, Completed. */
export function KcReportPage() {
  usePageTitle(kcReportTexts.title);
  const { organization } = useOrganization();
  return (
    <Stack>
      <Heading level={1}>Reports</Heading>
      <ReportsNav organization={organization.slug} current="knowledgecheck" />
      <Heading level={2}>{kcReportTexts.title}</Heading>
      <Tabs
        label="Knowledge check responses"
        selected="completed"
        onSelect={() => undefined}
        tabs={[{ id: 'completed', title: 'Completed', panel: <CompletedReport /> }]}
      />
    </Stack>
  );
}
