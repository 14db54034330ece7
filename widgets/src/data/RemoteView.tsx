import type { ReactNode } from 'react';
import { LoadFailed, Loading } from '../ui/LoadStatus.js';
import type { Remote } from './useRemote.js';

export interface RemoteViewProps<T> {
  remote: Remote<T>;
  /** The widget's words: its loading line, its failure (from the error thrown, when it tells failures apart), Retry. */
  text: { loading: string; failed: string | ((error: unknown) => string); retry: string };
  /** Loads again (Retry). */
  onRetry(): void;
  /** False for a failure that trying again cannot mend: no Retry then. */
  canRetry?(error: unknown): boolean;
  /** Wraps each state (a widget's root with its `data-state`); the content alone by default. */
  frame?(state: Remote<T>['status'], content: ReactNode): ReactNode;
  children(value: T): ReactNode;
}

/**
 * The one loading and failure view of the widgets (ARCHITECTURE.md#widgets): a `Remote` while it loads (a polite
 * status line), when it failed (the message and Retry), and once loaded `children` with its value. Each widget says
 * only its words and its frame.
 */
export function RemoteView<T>({ remote, text, onRetry, canRetry = () => true, frame = (_state, content) => content, children }: RemoteViewProps<T>) {
  if (remote.status === 'loading') return frame('loading', <Loading text={text.loading} />);
  if (remote.status === 'failed') {
    const message = typeof text.failed === 'function' ? text.failed(remote.error) : text.failed;
    return frame('failed', <LoadFailed message={message} retry={text.retry} onRetry={canRetry(remote.error) ? onRetry : undefined} />);
  }
  return frame('loaded', children(remote.value));
}
