import { Heading, saveFile } from '@tessera/widgets/ui';
import { useState } from 'react';
import { canManagePeople } from '../../guards/roles';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { useUrlTab } from '../../lists/listParams';
import { ServerTable } from '../../lists/ServerTable';
import { useRowActions } from '../../lists/useRowActions';
import { useServerList } from '../../lists/useServerList';
import { AppLink } from '../../ui/AppLink';
import { DownloadCsvButton } from '../../ui/DownloadCsvButton';
import { FormFailure } from '../../ui/FormFailure';
import { Stack } from '../../ui/Page';
import { RowActions, RowButton } from '../../ui/RowButton';
import type { TableColumn } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { useOrganization } from '../organization/organizationContext';
import { DecisionDialog, DetailsDialog, PreviewDialog } from './BioreqDialogs';
import { bioreqTexts, downloadBioreqCsv, fetchBioreqFile, listBioreq, STATUS_LABELS, type BioreqDocument, type BioreqOrder } from './bioreqCalls';
import { BioreqOffPage } from './BioreqOffPage';
import { NotesDialog } from './NotesDialog';

const TABS = ['pending', 'processed'] as const;

const person = (summary: BioreqDocument['submitter']) => (summary ? summary.name || summary.email : '');

type Dialog = { kind: 'details' | 'notes' | 'preview' | 'match' | 'nomatch'; document: BioreqDocument } | null;

interface AdminListProps {
  processed: boolean;
  highlighted: ReadonlySet<string>;
  highlight(id: string): void;
}

function AdminList({ processed, highlighted, highlight }: AdminListProps) {
  const { organization } = useOrganization();
  const list = useServerList({
    key: ['bioreq', organization.id, 'all', processed],
    load: listBioreq(organization.id, 'all', processed),
    defaultOrder: 'uploaded' as BioreqOrder,
    defaultDesc: true,
  });
  const actions = useRowActions();
  const [dialog, setDialog] = useState<Dialog>(null);

  const download = (document: BioreqDocument) =>
    actions.run(
      document.id,
      async () => {
        const file = await fetchBioreqFile(organization.id, document);
        if (file.ok) {
          saveFile(file.data.blob, file.data.name);
          highlight(document.id);
        }
        return file;
      },
      { title: 'Download started', description: `“${document.title}” is now under review.` },
    );

  const actionsColumn: TableColumn<BioreqDocument> = {
    id: 'actions',
    title: 'Actions',
    render: (document) => (
      <RowActions>
        {document.abilities.download ? (
          <RowButton aria-label={`Download ${document.title}`} isDisabled={actions.isPending} onPress={() => void download(document)}>
            Download
          </RowButton>
        ) : null}
        <RowButton aria-label={`Notes of ${document.title}`} onPress={() => setDialog({ kind: 'notes', document })}>
          Notes
        </RowButton>
        {document.abilities.decide ? (
          <>
            <RowButton aria-label={`Match ${document.title}`} onPress={() => setDialog({ kind: 'match', document })}>
              Match
            </RowButton>
            <RowButton aria-label={`No match ${document.title}`} tone="danger" onPress={() => setDialog({ kind: 'nomatch', document })}>
              No Match
            </RowButton>
          </>
        ) : null}
      </RowActions>
    ),
  };
  const title: TableColumn<BioreqDocument> = { id: 'title', title: 'Title', sortKey: 'title', isRowHeader: true, render: (document) => document.title };
  const uploadedBy: TableColumn<BioreqDocument> = { id: 'uploaded-by', title: 'Uploaded By', sortKey: 'uploaded_by', render: (d) => person(d.submitter) };
  const uploaded: TableColumn<BioreqDocument> = { id: 'uploaded', title: 'Uploaded', sortKey: 'uploaded', render: (d) => formatDate(d.created_at) };
  const columns: TableColumn<BioreqDocument>[] = processed
    ? [title, { id: 'status', title: 'Status', sortKey: 'status', render: (d) => STATUS_LABELS[d.status] }, uploadedBy, uploaded, actionsColumn]
    : [
        title,
        uploadedBy,
        uploaded,
        { id: 'downloaded-by', title: 'Downloaded By', render: (d) => person(d.reviewer) },
        { id: 'downloaded', title: 'Downloaded', sortKey: 'downloaded', render: (d) => (d.downloaded_at ? formatDate(d.downloaded_at) : '') },
        actionsColumn,
      ];
  const close = () => setDialog(null);
  const decided = (document: BioreqDocument) => {
    highlight(document.id);
    setDialog(null);
    list.reload();
  };

  return (
    <Stack>
      <FormFailure messages={actions.messages} />
      <ServerTable
        label={processed ? 'Processed bioreq documents' : 'Pending bioreq documents'}
        list={list}
        columns={columns}
        rowKey={(document) => document.id}
        emptyText={processed ? 'No processed bioreq documents found' : 'No pending bioreq documents found'}
        searchPlaceholder={bioreqTexts.search}
        rowAction={(document) => () => setDialog({ kind: 'details', document })}
        highlighted={highlighted}
        tools={<DownloadCsvButton download={() => downloadBioreqCsv(organization.id, processed, list.query)} />}
      />
      {dialog?.kind === 'details' ? (
        <DetailsDialog
          tenantId={organization.id}
          document={dialog.document}
          onClose={close}
          onPreview={() => setDialog({ kind: 'preview', document: dialog.document })}
        />
      ) : null}
      {dialog?.kind === 'notes' ? (
        <NotesDialog tenantId={organization.id} document={dialog.document} canWrite={dialog.document.abilities.write_notes} onClose={close} />
      ) : null}
      {dialog?.kind === 'preview' ? (
        <PreviewDialog
          tenantId={organization.id}
          document={dialog.document}
          onClose={close}
          onLoaded={() => {
            highlight(dialog.document.id);
            list.reload();
          }}
        />
      ) : null}
      {dialog?.kind === 'match' || dialog?.kind === 'nomatch' ? (
        <DecisionDialog tenantId={organization.id} document={dialog.document} match={dialog.kind === 'match'} onClose={close} onDecided={decided} />
      ) : null}
    </Stack>
  );
}

/** /:organization/admin/bioreq (spec 2, "Bioreq: admin review page"): reviewers' Pending and Processed tabs. */
export function AdminBioreqPage() {
  usePageTitle('Bioreq');
  const { organization, role } = useOrganization();
  const [tab, setTab] = useUrlTab(TABS);
  // The rows just acted on (downloaded, previewed, decided), shown in the success colour.
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  const highlight = (id: string) => setHighlighted((current) => new Set([...current, id]));
  if (!organization.enable_bioreq) return <BioreqOffPage />;
  return (
    <Stack>
      <Heading level={1}>Bioreq</Heading>
      {canManagePeople(role) ? <AppLink to={`/${organization.slug}/admin/bioreq/settings`}>Retention settings</AppLink> : null}
      <Tabs
        label="Bioreq documents"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'pending', title: 'Pending', panel: <AdminList key="pending" processed={false} highlighted={highlighted} highlight={highlight} /> },
          { id: 'processed', title: 'Processed', panel: <AdminList key="processed" processed highlighted={highlighted} highlight={highlight} /> },
        ]}
      />
    </Stack>
  );
}
