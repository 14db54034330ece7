import { Button } from '@tessera/widgets/ui';
import { useState } from 'react';
import type { ApiOutcome } from '../api/outcome';
import { Text } from './Page';
import { DialogActions, ModalDialog } from './Dialog';
import type { ToastMessage } from './Toasts';

/** The spec's answers to its delete questions (section 8): Yes, Delete and No, Cancel, the yes in red. */
export const DELETE_ANSWERS = { confirmLabel: 'Yes, Delete', cancelLabel: 'No, Cancel', tone: 'danger' } as const;

export interface ConfirmDialogProps {
  /** A short heading naming what is about to happen and to what ("Delete “Safety poster”?"). */
  title: string;
  /** The question or consequence under the heading (the spec's delete questions, "This will copy ..."). */
  question?: string;
  confirmLabel: string;
  cancelLabel: string;
  /** danger for answers that destroy something. */
  tone?: 'primary' | 'danger';
  isOpen: boolean;
  isPending?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The portal's one yes/no question before an action (delete, deep copy): an alertdialog that its own buttons
 * close, and Escape as the safe answer (not a click outside), with the safe answer focused first.
 */
export function ConfirmDialog({
  title,
  question,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  isOpen,
  isPending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <ModalDialog
      title={title}
      isOpen={isOpen}
      role="alertdialog"
      isKeyboardDismissable={!isPending}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      {question ? <Text>{question}</Text> : null}
      <DialogActions>
        <Button variant="secondary" autoFocus onPress={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={tone} isPending={isPending} onPress={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

/** A question before an action that is hard to take back (suspend, ban, archive an organization, remove all). */
export interface ConfirmRequest {
  /** Short, naming the record: what is about to happen ("Suspend Lena Learner?"). */
  title: string;
  /** Names the record and says what follows. */
  question: string;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  run(): Promise<unknown>;
}

/**
 * `ask(request)` opens the question; the confirm answer runs the action (the dialog stays, pending, until it
 * ends), Cancel or Escape closes it with nothing done.
 */
export function useConfirm() {
  const [asked, setAsked] = useState<ConfirmRequest | null>(null);
  const [isPending, setPending] = useState(false);

  async function confirm() {
    if (!asked) return;
    setPending(true);
    try {
      await asked.run();
    } finally {
      setPending(false);
      setAsked(null);
    }
  }

  const dialog = (
    <ConfirmDialog
      title={asked?.title ?? ''}
      question={asked?.question}
      confirmLabel={asked?.confirmLabel ?? ''}
      cancelLabel="Cancel"
      tone={asked?.tone ?? 'danger'}
      isOpen={asked !== null}
      isPending={isPending}
      onConfirm={() => void confirm()}
      onCancel={() => setAsked(null)}
    />
  );
  return { ask: setAsked, dialog };
}

export interface DeleteQuestionOptions<T> {
  /** The spec's question for this kind of record, under a short heading that names the record. */
  question: string;
  /** Names the record in the heading "Delete {name}?": `“Safety poster”`, `the suggestion from Lena Learner`. */
  name(record: T): string;
  /** The screen's row actions (lists/useRowActions): one call at a time, its failure shown by the screen. */
  actions: { isPending: boolean; run(key: string, call: () => Promise<ApiOutcome<unknown>>, done: ToastMessage | null): Promise<boolean> };
  remove(record: T): Promise<ApiOutcome<unknown>>;
  /** The toast after a delete. */
  deleted(record: T): ToastMessage;
  onDeleted?(record: T): void;
  /** A line under the question about this record (how many items use a media file), when there is one. */
  detail?(record: T): string | undefined;
}

/**
 * A delete behind the spec's question: `ask(record)` opens it, Yes, Delete runs the call through the
 * screen's row actions, and the question closes either way (a failure shows on the screen).
 */
export function useDeleteQuestion<T extends { id: string }>({
  question,
  name,
  actions,
  remove,
  deleted: deletedMessage,
  onDeleted,
  detail,
}: DeleteQuestionOptions<T>) {
  const [asked, setAsked] = useState<T | null>(null);

  async function confirm() {
    if (!asked) return;
    const deleted = await actions.run(asked.id, () => remove(asked), deletedMessage(asked));
    setAsked(null);
    if (deleted) onDeleted?.(asked);
  }

  const dialog = (
    <ConfirmDialog
      title={asked ? `Delete ${name(asked)}?` : ''}
      question={[question, asked ? detail?.(asked) : undefined].filter(Boolean).join(' ')}
      {...DELETE_ANSWERS}
      isOpen={asked !== null}
      isPending={actions.isPending}
      onConfirm={() => void confirm()}
      onCancel={() => setAsked(null)}
    />
  );
  return { ask: setAsked, dialog };
}
