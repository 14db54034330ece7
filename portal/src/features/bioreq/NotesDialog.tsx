import { fieldMessages, forms, NOTE_MAX_LENGTH } from '@tessera/sdk/rules';
import { Alert, Button, Heading } from '@tessera/widgets/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap, useApiMutation, type ApiError } from '../../api/queries';
import { formatDate } from '../../lib/dates';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { Stack, Text } from '../../ui/Page';
import { TextAreaField } from '../../ui/TextAreaField';
import { bioreqTexts, loadNoteHistory, loadNotes, saveNote, type BioreqDocument, type BioreqNote } from './bioreqCalls';

type Loaded<T> = { state: 'loading' } | { state: 'failed'; status: number } | { state: 'loaded'; value: T };

/** A query's state as the dialog words it: its failure's status is in the spec's message. */
function loadedOf<T>(query: { data: T | undefined; error: ApiError | null }): Loaded<T> {
  if (query.data !== undefined) return { state: 'loaded', value: query.data };
  return query.error ? { state: 'failed', status: query.error.failure.status } : { state: 'loading' };
}

function byline(entry: { author: { name: string; email: string } | null }, at: string): string {
  return `${entry.author ? entry.author.name || entry.author.email : 'Someone'}, ${formatDate(at)}`;
}

/** The notes of a document: a save invalidates them (and the document lists). */
const notesKey = (tenantId: string, documentId: string) => ['bioreq', tenantId, documentId, 'notes'];

/** The note, then its history; read again after every save (spec section 4). */
function useNotes(tenantId: string, documentId: string) {
  const notes = useQuery({
    queryKey: notesKey(tenantId, documentId),
    queryFn: async (): Promise<BioreqNote | null> => unwrap(await loadNotes(tenantId, documentId)).data[0] ?? null,
  });
  const noteId = notes.data?.id ?? null;
  const history = useQuery({
    queryKey: [...notesKey(tenantId, documentId), noteId, 'history'],
    queryFn: async () => unwrap(await loadNoteHistory(tenantId, documentId, noteId ?? '')).data,
    enabled: noteId !== null,
  });
  return { notes: loadedOf(notes), history: noteId === null ? ({ state: 'loaded', value: [] } as const) : loadedOf(history) };
}

export interface NotesDialogProps {
  tenantId: string;
  document: Pick<BioreqDocument, 'id' | 'title'>;
  /** Reviewers write; the uploader reads (display-only: no Add Note). */
  canWrite: boolean;
  onClose(): void;
}

/** Spec 2, "Bioreq: notes modal": the current note, its history, Add Note with Save and Cancel, and Close. */
export function NotesDialog({ tenantId, document, canWrite, onClose }: NotesDialogProps) {
  const { notes, history } = useNotes(tenantId, document.id);
  const [draft, setDraft] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [added, setAdded] = useState(false);
  const note = notes.state === 'loaded' ? notes.value : null;
  const noteSave = useApiMutation((text: string) => saveNote(tenantId, document.id, note?.id ?? null, text), [['bioreq', tenantId]]);

  const save = async () => {
    if (draft === null) return;
    const problems = fieldMessages(forms.bioreqNote, 'note', { note: draft });
    setErrors(problems);
    if (problems.length) return;
    setSaving(true);
    const outcome = await noteSave.run(draft);
    setSaving(false);
    if (!outcome.ok) {
      if (!outcome.routed) setErrors(outcome.error.errors?.note ?? [outcome.error.message]);
      return;
    }
    setDraft(null);
    setAdded(true);
  };

  return (
    <ModalDialog title={bioreqTexts.notesTitle(document.title)} isOpen size="medium" isDismissable onOpenChange={(open) => !open && onClose()}>
      <Stack>
        {added ? <Alert tone="success">{bioreqTexts.noteAdded}</Alert> : null}
        {notes.state === 'loading' ? <Text role="status">{bioreqTexts.loadingNotes}</Text> : null}
        {notes.state === 'failed' ? <Alert tone="error">{bioreqTexts.notesFailed(notes.status)}</Alert> : null}
        {notes.state === 'loaded' && !note ? <Text>{bioreqTexts.noNotes}</Text> : null}
        {note ? (
          <section aria-label="Current note">
            <Text>{note.note}</Text>
            <Text tone="muted">{byline(note, note.updated_at)}</Text>
          </section>
        ) : null}
        {note ? (
          <section aria-label="Note history">
            <Heading level={3}>History</Heading>
            {history.state === 'loading' ? <Text role="status">{bioreqTexts.loadingHistory}</Text> : null}
            {history.state === 'failed' ? <Alert tone="error">{bioreqTexts.historyFailed(history.status)}</Alert> : null}
            {history.state === 'loaded' && history.value.length === 0 ? <Text>No earlier versions</Text> : null}
            {history.state === 'loaded' && history.value.length > 0 ? (
              <ol>
                {history.value.map((entry) => (
                  <li key={entry.id}>
                    <Text>{entry.note}</Text>
                    <Text tone="muted">{byline(entry, entry.created_at)}</Text>
                  </li>
                ))}
              </ol>
            ) : null}
          </section>
        ) : null}
        {draft !== null ? (
          <Stack>
            <TextAreaField
              label="Note"
              name="note"
              placeholder="Enter note"
              maxLength={NOTE_MAX_LENGTH}
              value={draft}
              onChange={(value) => {
                setDraft(value);
                setErrors([]);
              }}
              errors={errors}
            />
            {saving ? <Text role="status">{bioreqTexts.savingNote}</Text> : null}
            <DialogActions>
              <Button variant="secondary" onPress={() => setDraft(null)}>
                Cancel
              </Button>
              <Button isPending={saving} isDisabled={errors.length > 0} onPress={() => void save()}>
                Save
              </Button>
            </DialogActions>
          </Stack>
        ) : null}
        <DialogActions>
          {canWrite && draft === null && notes.state === 'loaded' ? (
            <Button
              variant="secondary"
              onPress={() => {
                setAdded(false);
                setDraft(note?.note ?? '');
              }}
            >
              Add Note
            </Button>
          ) : null}
          <Button onPress={onClose}>Close</Button>
        </DialogActions>
      </Stack>
    </ModalDialog>
  );
}
