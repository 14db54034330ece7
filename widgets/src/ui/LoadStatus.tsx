import type { ComponentPropsWithoutRef } from 'react';
import { styled } from '../stitches.js';
import { Alert } from './Alert.js';
import { Button } from './Button.js';
import { Spinner } from './Spinner.js';

const StatusText = /* @__PURE__ */ styled('p', { display: 'flex', alignItems: 'center', gap: '$2', margin: 0, color: '$textMuted' });

/** A widget's one-line state in muted text: logged out, empty, loading, uploading. */
export function Status(props: ComponentPropsWithoutRef<'p'>) {
  return <StatusText {...props} />;
}

/** While a widget's data loads: announced politely (a status role). */
export function Loading({ text }: { text: string }) {
  return (
    <Status role="status">
      <Spinner />
      {text}
    </Status>
  );
}

export interface LoadFailedProps {
  message: string;
  /** The retry button's text; no button without `onRetry` (a failure that trying again cannot mend). */
  retry: string;
  onRetry?: () => void;
}

/** A load that failed: the message, and a button that loads again. */
export function LoadFailed({ message, retry, onRetry }: LoadFailedProps) {
  return (
    <>
      <Alert tone="error">{message}</Alert>
      {onRetry ? (
        <div>
          <Button variant="secondary" onPress={onRetry}>
            {retry}
          </Button>
        </div>
      ) : null}
    </>
  );
}
