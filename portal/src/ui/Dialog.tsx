import { styled } from '@tessera/widgets/stitches';
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading as AriaHeading } from 'react-aria-components/Dialog';
import { Modal as AriaModal, ModalOverlay } from 'react-aria-components/Modal';

const Overlay = styled(ModalOverlay, {
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '$4',
  backgroundColor: 'rgba(17, 24, 39, 0.55)',
});

const Box = styled(AriaModal, {
  width: '100%',
  maxHeight: '100%',
  overflow: 'auto',
  backgroundColor: '$surface',
  borderRadius: '$lg',
  boxShadow: '$card',
  fontFamily: '$body',
  color: '$text',
  variants: { size: { small: { maxWidth: '480px' }, medium: { maxWidth: '560px' }, large: { maxWidth: '960px' } } },
  defaultVariants: { size: 'small' },
});

const Content = styled(AriaDialog, {
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  padding: '$5',
  outline: 'none',
});

const Title = styled(AriaHeading, { margin: 0, fontSize: '$4', fontWeight: '$bold', lineHeight: '$tight', overflowWrap: 'anywhere' });

export const DialogActions = styled('div', { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '$3' });

export interface ModalDialogProps {
  title: string;
  isOpen: boolean;
  /** Called when the person dismisses a dismissable dialog (Escape, a click outside). */
  onOpenChange?: (isOpen: boolean) => void;
  /** False for dialogs that block the page until one of their own buttons is chosen. */
  isDismissable?: boolean;
  /** Escape closes the dialog (onOpenChange(false)); defaults to isDismissable. A question closes on Escape as on its safe answer. */
  isKeyboardDismissable?: boolean;
  /** alertdialog for questions that interrupt (leave with unsaved changes?). */
  role?: 'dialog' | 'alertdialog';
  /** small for questions and forms; medium and large for what is shown in it (an audio player, an image, a video). */
  size?: 'small' | 'medium' | 'large';
  children: ReactNode;
}

/**
 * The portal's one modal dialog (react-aria's Modal and Dialog): focus moves in and stays there,
 * the page behind is inert, and the title names the dialog.
 */
export function ModalDialog({
  title,
  isOpen,
  onOpenChange,
  isDismissable = false,
  isKeyboardDismissable = isDismissable,
  role = 'dialog',
  size = 'small',
  children,
}: ModalDialogProps) {
  return (
    <Overlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable} isKeyboardDismissDisabled={!isKeyboardDismissable}>
      <Box size={size}>
        <Content role={role}>
          <Title slot="title">{title}</Title>
          {children}
        </Content>
      </Box>
    </Overlay>
  );
}
