import { Button } from '@tessera/widgets/ui';
import { Text } from './Page';
import { DialogActions, ModalDialog } from './Dialog';

/** The spec's answers to its delete questions (section 8): Yes, Delete and No, Cancel, the yes in red. */
export const DELETE_ANSWERS = { confirmLabel: 'Yes, Delete', cancelLabel: 'No, Cancel', tone: 'danger' } as const;

export interface ConfirmDialogProps {
  /** Names the dialog; for the spec's delete questions it is the question itself. */
  title: string;
  /** The question under the title when the title alone does not ask it (Copy Component: "This will copy ..."). */
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
 * The portal's one yes/no question before an action (delete, deep copy): an alertdialog that only
 * its own buttons close, with the safe answer focused first.
 */
export function ConfirmDialog({ title, question, confirmLabel, cancelLabel, tone = 'primary', isOpen, isPending = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ModalDialog title={title} isOpen={isOpen} role="alertdialog">
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
