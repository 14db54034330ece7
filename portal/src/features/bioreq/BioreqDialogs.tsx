import { BIOREQ_TYPES, fieldMessages, formatFileSize, forms, messages, type FieldErrors } from '@tessera/sdk/rules';
import { styled } from '@tessera/widgets/stitches';
import { Alert, Button, Form, Heading, TextField } from '@tessera/widgets/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiOutcome } from '../../api/outcome';
import { unwrap, useWrites } from '../../api/queries';
import { FormActions } from '../../forms/FormActions';
import { useForm } from '../../forms/useForm';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { Stack, Text } from '../../ui/Page';
import { TextAreaField } from '../../ui/TextAreaField';
import { FileField } from '../media/FileField';
import { useObjectUrl } from '../media/useObjectUrl';
import { formatDate } from '../../lib/dates';
import { bioreqTexts, decideBioreq, fetchBioreqFile, loadAccessLog, STATUS_LABELS, uploadBioreq, type BioreqDocument } from './bioreqCalls';

const Facts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$2 $4',
  margin: 0,
  '& dt': { fontWeight: '$medium' },
  '& dd': { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

const KIND_LABELS: Record<BioreqDocument['kind'], string> = { image: 'Image', pdf: 'PDF', video: 'Video', audio: 'Audio', none: 'Other' };

function fileTypeOf(document: Pick<BioreqDocument, 'kind' | 'mime_type'>): string {
  return `${KIND_LABELS[document.kind]} (${document.mime_type})`;
}

/** An image or a pdf the browser can show in the page. */
function canPreview(document: BioreqDocument): boolean {
  return document.abilities.download && (document.kind === 'image' || document.kind === 'pdf');
}

/** Who fetched the file and when (the access log), for those who may read it. */
function AccessHistory({ tenantId, document }: { tenantId: string; document: BioreqDocument }) {
  const log = useQuery({
    queryKey: ['bioreq', tenantId, 'access-log', document.id],
    queryFn: async () => unwrap(await loadAccessLog(tenantId, document.id)).data,
  });
  return (
    <section aria-labelledby={`access-${document.id}`}>
      <Heading level={3} id={`access-${document.id}`}>
        {bioreqTexts.accessHistory}
      </Heading>
      {log.isPending ? <Text role="status">{bioreqTexts.loadingAccessHistory}</Text> : null}
      {log.error ? <Alert tone="error">{log.error.message}</Alert> : null}
      {log.data?.length === 0 ? <Text>{bioreqTexts.noAccess}</Text> : null}
      {log.data?.length ? (
        <ul aria-label={bioreqTexts.accessHistory}>
          {log.data.map((line) => (
            <li key={line.id}>{`${line.user ? line.user.name || line.user.email : bioreqTexts.formerAccount}, ${formatDate(line.downloaded_at)}`}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * Row click (spec 2): the description and the file type, and the verdict's message once there is one; for reviewers
 * the preview of an image or pdf (`onPreview`) and, for those who may read it, who fetched the file.
 */
export function DetailsDialog({
  tenantId,
  document,
  onClose,
  onPreview,
}: {
  tenantId: string;
  document: BioreqDocument;
  onClose(): void;
  onPreview?: () => void;
}) {
  return (
    <ModalDialog title={document.title} isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Stack>
        <Facts>
          <dt>Description</dt>
          <dd>{document.description}</dd>
          <dt>File type</dt>
          <dd>{fileTypeOf(document)}</dd>
          <dt>Size</dt>
          <dd>{formatFileSize(document.size)}</dd>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[document.status]}</dd>
          {document.message ? (
            <>
              <dt>Message</dt>
              <dd>{document.message}</dd>
            </>
          ) : null}
          {document.file_deleted_at ? (
            <>
              <dt>File</dt>
              <dd>Deleted by the retention policy</dd>
            </>
          ) : null}
        </Facts>
        {document.abilities.read_access_log ? <AccessHistory tenantId={tenantId} document={document} /> : null}
        <DialogActions>
          {onPreview && canPreview(document) ? (
            <Button variant="secondary" onPress={onPreview}>
              Preview
            </Button>
          ) : null}
          <Button onPress={onClose}>Close</Button>
        </DialogActions>
      </Stack>
    </ModalDialog>
  );
}

const Progress = styled('progress', { display: 'block', width: '100%', minWidth: '12rem', height: '0.75rem', accentColor: '$colors$primary' });

/** A failed check of the file before upload, shaped like the server's 422 so the form shows it the same way. */
function invalid(errors: FieldErrors): ApiOutcome<never> {
  return { ok: false, status: 422, routed: false, error: { message: messages.defaultFailure, code: 'validation_failed', errors } };
}

/** Spec 2: the Add modal (Title, Description, file, Confirm and Cancel), with the upload's real progress. */
export function AddDocumentDialog({ tenantId, onClose, onUploaded }: { tenantId: string; onClose(): void; onUploaded(document: BioreqDocument): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm({
    initialValues: { title: '', description: '' },
    fields: ['title', 'description', 'file'],
    rules: forms.bioreqUpload,
    submit: async (values) => {
      if (!file) return invalid({ file: [messages.required('file')] });
      setProgress(0);
      const outcome = await uploadBioreq(tenantId, { ...values, file }, setProgress);
      setProgress(null);
      return outcome;
    },
    // 406 (a type the server does not accept) names its field like a 422 (spec section 8).
    mapFailure: (failure) => (failure.status === 406 && failure.error.errors ? failure.error.errors : null),
    onSuccess: (document) => {
      setFile(null);
      setFileKey((key) => key + 1);
      onUploaded(document);
    },
  });
  return (
    <ModalDialog title={bioreqTexts.add} isOpen size="medium">
      <Form onSubmit={form.handleSubmit} aria-label={bioreqTexts.add}>
        <TextField label="Title" isRequired {...form.bind('title')} />
        <TextAreaField label="Description" isRequired {...form.bind('description')} />
        <FileField
          key={fileKey}
          label="File"
          name="file"
          accept={BIOREQ_TYPES.join(',')}
          isRequired
          errors={form.errors.file ?? []}
          onPick={(picked) => {
            setFile(picked);
            form.touched('file');
          }}
        />
        {progress !== null ? (
          <Stack css={{ gap: '$1' }}>
            <Progress aria-label="Upload progress" value={Math.round(progress * 100)} max={100} />
            <Text tone="muted" aria-live="polite">{`Uploading... ${Math.round(progress * 100)}%`}</Text>
          </Stack>
        ) : null}
        <FormActions form={form} success={bioreqTexts.uploaded} onCancel={onClose} />
      </Form>
    </ModalDialog>
  );
}

/** Match: the required message; no match: the question, with an optional reason (both delivered to the uploader). */
export function DecisionDialog({
  tenantId,
  document,
  match,
  onClose,
  onDecided,
}: {
  tenantId: string;
  document: BioreqDocument;
  match: boolean;
  onClose(): void;
  onDecided(document: BioreqDocument): void;
}) {
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { write } = useWrites([['bioreq', tenantId]]);
  const confirm = async () => {
    const problems = fieldMessages(forms.bioreqMatch, 'message', { match, message });
    setErrors(problems);
    if (problems.length) return;
    setPending(true);
    const outcome = await write(() => decideBioreq(tenantId, document, { match, ...(message.trim() ? { message } : {}) }));
    setPending(false);
    if (outcome.ok) onDecided(outcome.data.data);
    else if (!outcome.routed) {
      if (outcome.error.errors?.message) setErrors(outcome.error.errors.message);
      else setFailure(outcome.error.message);
    }
  };
  return (
    <ModalDialog title={match ? bioreqTexts.matchTitle(document.title) : bioreqTexts.noMatchTitle(document.title)} isOpen role="alertdialog">
      <Stack>
        {match ? null : <Text>{bioreqTexts.noMatchQuestion(document.title)}</Text>}
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <TextAreaField
          label={match ? 'Message' : 'Reason (optional)'}
          name="message"
          isRequired={match}
          value={message}
          onChange={(value) => {
            setMessage(value);
            setErrors([]);
          }}
          errors={errors}
        />
        <Text tone="muted">{bioreqTexts.matchHint}</Text>
        <DialogActions>
          <Button variant="secondary" autoFocus onPress={onClose}>
            {match ? 'Cancel' : 'No'}
          </Button>
          <Button variant={match ? 'primary' : 'danger'} isPending={pending} onPress={() => void confirm()}>
            {match ? 'Confirm' : 'Yes'}
          </Button>
        </DialogActions>
      </Stack>
    </ModalDialog>
  );
}

const PreviewImage = styled('img', { display: 'block', maxWidth: '100%', maxHeight: '70vh', margin: '0 auto' });
const PreviewFrame = styled('iframe', { width: '100%', height: '70vh', border: '1px solid $borderSubtle' });

/** An image or pdf shown in the page (fetched through the logged download call, so a look is logged too). */
export function PreviewDialog({ tenantId, document, onClose, onLoaded }: { tenantId: string; document: BioreqDocument; onClose(): void; onLoaded(): void }) {
  // Fetched once per opened dialog (every fetch is logged, and moves the document under review): never fresh for a
  // later opening (gcTime 0), never asked again while open (staleTime), and outside the `bioreq` family, whose
  // invalidation would fetch it again.
  const file = useQuery({
    queryKey: ['bioreq-file', tenantId, document.id],
    queryFn: async () => {
      const outcome = await fetchBioreqFile(tenantId, document);
      if (outcome.ok) onLoaded();
      return unwrap(outcome);
    },
    staleTime: Infinity,
    gcTime: 0,
  });
  const url = useObjectUrl(file.data?.blob ?? null);
  return (
    <ModalDialog title={`Preview - ${document.title}`} isOpen size="large" isDismissable onOpenChange={(open) => !open && onClose()}>
      <Stack>
        {file.isPending ? <Text role="status">Loading preview...</Text> : null}
        {file.error ? <Alert tone="error">{file.error.message}</Alert> : null}
        {url && document.kind === 'image' ? <PreviewImage src={url} alt={document.title} /> : null}
        {url && document.kind === 'pdf' ? <PreviewFrame src={url} title={document.title} /> : null}
        <DialogActions>
          <Button onPress={onClose}>Close</Button>
        </DialogActions>
      </Stack>
    </ModalDialog>
  );
}
