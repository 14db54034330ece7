import { useQueryClient } from '@tanstack/react-query';
import { Button, Heading, saveFile } from '@tessera/widgets/ui';
import { useState } from 'react';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { useUrlTab } from '../../lists/listParams';
import { ServerTable } from '../../lists/ServerTable';
import { useRowActions } from '../../lists/useRowActions';
import { useServerList } from '../../lists/useServerList';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormFailure } from '../../ui/FormFailure';
import { Row, Stack } from '../../ui/Page';
import { RowActions, RowButton } from '../../ui/RowButton';
import type { TableColumn } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { useOrganization } from '../organization/organizationContext';
import { AddDocumentDialog, DetailsDialog } from './BioreqDialogs';
import { bioreqTexts, cancelBioreq, fetchBioreqFile, listBioreq, STATUS_LABELS, type BioreqDocument, type BioreqOrder } from './bioreqCalls';
import { BioreqOffPage } from './BioreqOffPage';
import { NotesDialog } from './NotesDialog';

const TABS = ['pending', 'processed'] as const;

const person = (summary: BioreqDocument['submitter']) => (summary ? summary.name || summary.email : '');

type Dialog = { kind: 'details' | 'notes' | 'cancel'; document: BioreqDocument } | null;

function ClientList({ processed }: { processed: boolean }) {
  const { organization } = useOrganization();
  const list = useServerList({
    key: ['bioreq', organization.id, 'own', processed],
    load: listBioreq(organization.id, 'own', processed),
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
        if (file.ok) saveFile(file.data.blob, file.data.name);
        return file;
      },
      null,
    );

  const actionsColumn: TableColumn<BioreqDocument> = {
    id: 'actions',
    title: 'Actions',
    render: (document) => (
      <RowActions>
        <RowButton aria-label={`Notes of ${document.title}`} onPress={() => setDialog({ kind: 'notes', document })}>
          Notes
        </RowButton>
        {document.abilities.download ? (
          <RowButton aria-label={`Download ${document.title}`} isDisabled={actions.isPending} onPress={() => void download(document)}>
            Download
          </RowButton>
        ) : null}
        {!processed && document.abilities.cancel ? (
          <RowButton
            aria-label={`Cancel ${document.title}`}
            tone="danger"
            isDisabled={actions.isPending}
            onPress={() => setDialog({ kind: 'cancel', document })}
          >
            Cancel
          </RowButton>
        ) : null}
      </RowActions>
    ),
  };
  const title: TableColumn<BioreqDocument> = { id: 'title', title: 'Title', sortKey: 'title', isRowHeader: true, render: (document) => document.title };
  const uploadedBy: TableColumn<BioreqDocument> = { id: 'uploaded-by', title: 'Uploaded By', sortKey: 'uploaded_by', render: (d) => person(d.submitter) };
  const uploaded: TableColumn<BioreqDocument> = { id: 'uploaded', title: 'Uploaded', sortKey: 'uploaded', render: (d) => formatDate(d.created_at) };
  const columns: TableColumn<BioreqDocument>[] = processed
    ? [
        title,
        // The spec's columns: the reviewer's message is in the row's details (row click).
        { id: 'status', title: 'Status', sortKey: 'status', render: (d) => STATUS_LABELS[d.status] },
        uploadedBy,
        uploaded,
        actionsColumn,
      ]
    : [
        title,
        uploadedBy,
        uploaded,
        { id: 'downloaded-by', title: 'Downloaded By', render: (d) => person(d.reviewer) },
        { id: 'downloaded', title: 'Downloaded On', sortKey: 'downloaded', render: (d) => (d.downloaded_at ? formatDate(d.downloaded_at) : '') },
        actionsColumn,
      ];

  return (
    <Stack>
      <FormFailure messages={actions.messages} />
      <ServerTable
        label={processed ? 'Processed bioreq documents' : 'Pending bioreq documents'}
        list={list}
        columns={columns}
        rowKey={(document) => document.id}
        emptyText={bioreqTexts.emptyClient(processed ? 'processed' : 'pending')}
        searchPlaceholder={bioreqTexts.search}
        rowAction={(document) => () => setDialog({ kind: 'details', document })}
      />
      {dialog?.kind === 'details' ? <DetailsDialog tenantId={organization.id} document={dialog.document} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'notes' ? <NotesDialog tenantId={organization.id} document={dialog.document} canWrite={false} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        title={dialog?.kind === 'cancel' ? `Cancel “${dialog.document.title}”?` : ''}
        question={dialog?.kind === 'cancel' ? bioreqTexts.cancelQuestion(dialog.document.title) : undefined}
        confirmLabel="Yes"
        cancelLabel="No"
        tone="danger"
        isOpen={dialog?.kind === 'cancel'}
        isPending={actions.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind !== 'cancel') return;
          const document = dialog.document;
          void actions
            .run(document.id, () => cancelBioreq(organization.id, document), { title: 'Document cancelled', description: `“${document.title}” was withdrawn.` })
            .then(() => setDialog(null));
        }}
      />
    </Stack>
  );
}

/** /:organization/bioreq (spec 2, "Bioreq: client documents page"): the member's own documents. */
export function ClientBioreqPage() {
  usePageTitle('Bioreq');
  const { organization } = useOrganization();
  const [tab, setTab] = useUrlTab(TABS);
  const [adding, setAdding] = useState(false);
  // An upload (the widget's own write) makes the lists read again.
  const queries = useQueryClient();
  if (!organization.enable_bioreq) return <BioreqOffPage />;
  return (
    <Stack>
      <Row justify="between">
        <Heading level={1}>Bioreq</Heading>
        <Button onPress={() => setAdding(true)}>{bioreqTexts.add}</Button>
      </Row>
      <Tabs
        label="Bioreq documents"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'pending', title: 'Pending', panel: <ClientList key="pending" processed={false} /> },
          { id: 'processed', title: 'Processed', panel: <ClientList key="processed" processed /> },
        ]}
      />
      {adding ? (
        <AddDocumentDialog
          tenantId={organization.id}
          onClose={() => setAdding(false)}
          onUploaded={() => void queries.invalidateQueries({ queryKey: ['bioreq'] })}
        />
      ) : null}
    </Stack>
  );
}
