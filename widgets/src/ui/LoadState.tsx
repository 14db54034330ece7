import type { ComponentProps } from 'react';
import { styled } from '../theme.js';
import { Alert } from './Alert.js';
import { Button } from './Button.js';
import { Spinner } from './Spinner.js';

const StatusLine = /* @__PURE__ */ styled('p', { display: 'flex', alignItems: 'center', gap: '$2', margin: 0, color: '$textMuted' });

/** A widget's muted line of state: logged out, nothing yet, loading, uploading. */
export function StatusText(props: ComponentProps<'p'>) {
  return <StatusLine {...props} />;
}

/** What a widget shows while its data loads: announced to screen readers as a status. */
export function Loading({ label }: { label: string }) {
  return (
    <StatusText role="status">
      <Spinner />
      {label}
    </StatusText>
  );
}

export interface LoadFailedProps {
  message: string;
  /** The retry button's label; without it (or `onRetry`) no retry is offered, as for a topic that does not exist. */
  retryLabel?: string;
  onRetry?: () => void;
}

/** A failed load: the error, and a way to ask again when asking again can help. */
export function LoadFailed({ message, retryLabel, onRetry }: LoadFailedProps) {
  return (
    <>
      <Alert tone="error">{message}</Alert>
      {retryLabel && onRetry ? (
        <div>
          <Button variant="secondary" onPress={onRetry}>
            {retryLabel}
          </Button>
        </div>
      ) : null}
    </>
  );
}
