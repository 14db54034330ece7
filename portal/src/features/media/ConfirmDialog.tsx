import { Button } from '@tessera/widgets/ui';
import { DialogActions, ModalDialog } from '../../ui/Dialog';

export interface ConfirmDialogProps {
  /** The spec's question ("This will permanently delete this item. Are you sure you want to continue?"). */
  question: string;
  isOpen: boolean;
  isPending?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A question before a destructive action (spec section 8's delete confirmations, with its buttons
 * Yes, Delete and No, Cancel). The safe answer has the focus.
 */
export function ConfirmDialog({ question, isOpen, isPending = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ModalDialog title={question} isOpen={isOpen} role="alertdialog">
      <DialogActions>
        <Button variant="secondary" autoFocus onPress={onCancel}>
          No, Cancel
        </Button>
        <Button variant="danger" isPending={isPending} onPress={onConfirm}>
          Yes, Delete
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
