import { Alert, Button, TextField } from '@tessera/widgets/ui';
import { useState } from 'react';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { Stack, Text } from '../../ui/Page';

/** The words over the secret: the API answers it this once and never lists it (the contract's `Webhook`). */
const SECRET_SHOWN_ONCE = 'Copy this secret now and keep it with your receiver: you will not see it again.';

type Copied = 'idle' | 'copied' | 'failed';

export interface SecretDialogProps {
  /** The dialog's title ("Endpoint added", "Secret rotated"). */
  title: string;
  /** Null while there is nothing to show (the dialog is closed). */
  secret: string | null;
  /** What else the person needs to know (how long the previous secret keeps working). */
  note?: string;
  onClose(): void;
}

/**
 * A signing secret, shown this once (at creation and at each rotation): a read-only field to select, a copy button,
 * and the plain statement that it will not be shown again. Only its own button closes it (not a click outside), so
 * the secret is not lost to a stray click.
 */
export function SecretDialog({ title, secret, note, onClose }: SecretDialogProps) {
  const [copied, setCopied] = useState<Copied>('idle');

  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  function close() {
    setCopied('idle');
    onClose();
  }

  return (
    <ModalDialog title={title} isOpen={secret !== null} size="medium">
      <Stack css={{ gap: '$3' }}>
        <Alert tone="warning">{SECRET_SHOWN_ONCE}</Alert>
        <TextField
          label="Signing secret"
          name="secret"
          value={secret ?? ''}
          onChange={() => {}}
          isReadOnly
          description="Your receiver checks each delivery's webhook-signature header with it (the Standard Webhooks scheme)."
        />
        {note ? <Text>{note}</Text> : null}
        <div aria-live="polite">
          {copied === 'copied' ? <Text>Copied to the clipboard.</Text> : null}
          {copied === 'failed' ? <Text>The secret could not be copied: select it in the field and copy it.</Text> : null}
        </div>
      </Stack>
      <DialogActions>
        <Button variant="secondary" onPress={() => void copy()}>
          Copy secret
        </Button>
        <Button onPress={close}>I have copied it</Button>
      </DialogActions>
    </ModalDialog>
  );
}
