import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatDisplayDate, type BioreqDocument, type TesseraClient } from '@tessera/sdk';
import { BIOREQ_TYPES, bioreqUploadForm, formErrors, messages, type FieldErrors } from '@tessera/sdk/rules';
import { useAccessToken } from '../login/useSession.js';
import { useTesseraClient } from '../provider/TesseraProvider.js';
import { styled } from '../stitches.js';
import { Table } from '../ui/Table.js';
import { Alert, Button, Heading, TextField } from '../ui/index.js';
import { RemoteView } from '../data/RemoteView.js';
import { Status } from '../ui/LoadStatus.js';
import { bioreqUploaderMessages as text } from './messages.js';
import { bioreqDisabledMessage, uploadDocument, useOwnDocuments } from './useOwnDocuments.js';

export interface BioreqUploaderProps {
  /** The organization's id or slug. */
  organization: string;
  client?: TesseraClient;
  onUploaded?: (document: BioreqDocument) => void;
  onCancelled?: (document: BioreqDocument) => void;
  headingLevel?: 1 | 2 | 3;
}

const Root = /* @__PURE__ */ styled('section', {
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$3',
  lineHeight: '$body',
  textAlign: 'left',
  padding: '$4',
  backgroundColor: '$background',
  borderRadius: '$lg',
});

const FormBox = /* @__PURE__ */ styled('form', { display: 'flex', flexDirection: 'column', gap: '$3' });
const Field = /* @__PURE__ */ styled('div', { display: 'flex', flexDirection: 'column', gap: '$1', fontSize: '$2' });
const Label = /* @__PURE__ */ styled('label', { fontWeight: '$medium' });
const Errors = /* @__PURE__ */ styled('div', { color: '$danger', fontSize: '$1' });
const Area = /* @__PURE__ */ styled('textarea', {
  boxSizing: 'border-box',
  width: '100%',
  padding: '$2 $3',
  border: '1px solid $border',
  borderRadius: '$md',
  fontFamily: '$body',
  fontSize: '$3',
  color: '$text',
  backgroundColor: '$background',
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
});
const Progress = /* @__PURE__ */ styled('progress', { display: 'block', width: '100%', height: '12px', accentColor: '$colors$primary' });
const Row = /* @__PURE__ */ styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2' });

/** A native labelled field (textarea or file input) with its messages linked. */
function NativeField({ label, errors, children }: { label: string; errors: string[]; children: (props: { id: string; describedBy?: string }) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-errors`;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, describedBy: errors.length ? errorId : undefined })}
      {errors.length ? <Errors id={errorId}>{errors.join(' ')}</Errors> : null}
    </Field>
  );
}

/**
 * `<tessera-bioreq-uploader>`: a member uploads a document (title, description, file) with a real upload progress
 * bar, sees their own documents with their status and the reviewer's message, and cancels one before its review.
 */
export function BioreqUploader(props: BioreqUploaderProps) {
  const { organization, onUploaded, onCancelled, headingLevel = 2 } = props;
  const client = useTesseraClient(props.client);
  const isLoggedIn = useAccessToken(client) !== null;
  const { remote, reload, cancel, download } = useOwnDocuments(client, organization, isLoggedIn);
  const [values, setValues] = useState({ title: '', description: '' });
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState(false);
  const [asking, setAsking] = useState<BioreqDocument | null>(null);
  const [cancelFailed, setCancelFailed] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);

  const edit = (field: 'title' | 'description', value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: [] }));
    setUploaded(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: FieldErrors = { ...formErrors(bioreqUploadForm, values) };
    if (!file) problems.file = [messages.required('file')];
    setErrors(problems);
    setFailure(null);
    if (Object.values(problems).some((list) => list.length)) return;
    setProgress(0);
    const result = await uploadDocument(client, organization, { ...values, file: file as File }, setProgress);
    setProgress(null);
    if (!result.ok) {
      setErrors(result.errors);
      if (!Object.keys(result.errors).length) setFailure(result.message);
      return;
    }
    setValues({ title: '', description: '' });
    setFile(null);
    setFileKey((key) => key + 1);
    setUploaded(true);
    reload();
    onUploaded?.(result.document);
  };

  const confirmCancel = async (document: BioreqDocument) => {
    setAsking(null);
    setCancelFailed(false);
    if (await cancel(document)) onCancelled?.(document);
    else setCancelFailed(true);
    reload();
  };

  const saveOwnFile = async (document: BioreqDocument) => {
    setDownloadFailed(false);
    if (!(await download(document))) setDownloadFailed(true);
  };

  const percent = Math.round((progress ?? 0) * 100);
  // Bioreq off in this organization: the server's words and no form (nothing could be sent).
  const disabled = remote.status === 'failed' ? bioreqDisabledMessage(remote.error) : null;
  return (
    <Root aria-label={text.heading}>
      <Heading level={headingLevel}>{text.heading}</Heading>
      {!isLoggedIn ? <Status>{text.loggedOut}</Status> : disabled ? <Status>{disabled}</Status> : body()}
    </Root>
  );

  function body() {
    return (
      <>
        <FormBox onSubmit={(event) => void submit(event)} aria-label={text.add} noValidate>
          <Heading level={3}>{text.add}</Heading>
          <TextField label={text.title} name="title" isRequired value={values.title} onChange={(value) => edit('title', value)} errors={errors.title ?? []} />
          <NativeField label={text.description} errors={errors.description ?? []}>
            {({ id, describedBy }) => (
              <Area
                id={id}
                name="description"
                rows={3}
                required
                aria-invalid={describedBy ? true : undefined}
                aria-describedby={describedBy}
                value={values.description}
                onChange={(event) => edit('description', event.currentTarget.value)}
              />
            )}
          </NativeField>
          <NativeField label={text.file} errors={errors.file ?? []}>
            {({ id, describedBy }) => (
              <input
                key={fileKey}
                id={id}
                type="file"
                name="file"
                required
                accept={BIOREQ_TYPES.join(',')}
                aria-invalid={describedBy ? true : undefined}
                aria-describedby={describedBy}
                onChange={(event) => {
                  setFile(event.currentTarget.files?.[0] ?? null);
                  setErrors((current) => ({ ...current, file: [] }));
                  setUploaded(false);
                }}
              />
            )}
          </NativeField>
          {progress !== null ? (
            <Field>
              <Progress aria-label={text.progressLabel} value={percent} max={100} />
              <Status aria-live="polite">{text.uploading(percent)}</Status>
            </Field>
          ) : null}
          {uploaded ? <Alert tone="success">{text.uploaded}</Alert> : null}
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <div>
            <Button type="submit" isPending={progress !== null}>
              {text.upload}
            </Button>
          </div>
        </FormBox>
        {list()}
      </>
    );
  }

  function list() {
    return (
      <RemoteView remote={remote} text={text} onRetry={reload}>
        {documentTable}
      </RemoteView>
    );
  }

  function documentTable(documents: BioreqDocument[]) {
    return (
      <>
        {cancelFailed ? <Alert tone="error">{text.cancelFailed}</Alert> : null}
        {downloadFailed ? <Alert tone="error">{text.downloadFailed}</Alert> : null}
        {asking ? (
          <div role="alertdialog" aria-label={text.cancelQuestion(asking.title)}>
            <Row>
              <span>{text.cancelQuestion(asking.title)}</span>
              <Button variant="secondary" onPress={() => setAsking(null)}>
                {text.no}
              </Button>
              <Button variant="danger" onPress={() => void confirmCancel(asking)}>
                {text.yes}
              </Button>
            </Row>
          </div>
        ) : null}
        {documents.length === 0 ? (
          <Status>{text.empty}</Status>
        ) : (
          <Table aria-label={text.heading} actionsLast>
            <thead>
              <tr>
                <th scope="col">{text.columns.title}</th>
                <th scope="col">{text.columns.status}</th>
                <th scope="col">{text.columns.message}</th>
                <th scope="col">{text.columns.uploaded}</th>
                <th scope="col">{text.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {documents.map((document) => (
                <tr key={document.id}>
                  <th scope="row">{document.title}</th>
                  <td>{text.status[document.status]}</td>
                  <td>{document.message ?? ''}</td>
                  <td>{formatDisplayDate(document.created_at)}</td>
                  <td>
                    <Row>
                      {document.abilities.download ? (
                        <Button variant="secondary" aria-label={text.downloadLabel(document.title)} onPress={() => void saveOwnFile(document)}>
                          {text.download}
                        </Button>
                      ) : null}
                      {document.abilities.cancel ? (
                        <Button variant="secondary" aria-label={text.cancelLabel(document.title)} onPress={() => setAsking(document)}>
                          {text.cancel}
                        </Button>
                      ) : null}
                    </Row>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </>
    );
  }
}
