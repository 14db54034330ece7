import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailed } from '@tessera/widgets/ui';
import type { ReactNode } from 'react';
import { shownFailure } from '../api/queries';
import { Text } from './Page';

/** The Retry button's text under a read that failed. */
const RETRY = 'Retry';

/**
 * A read that failed, as the page shows it: the server's message and Retry. A failure the global error routing took
 * (the person is on its page already) shows nothing.
 */
export function ReadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const failure = shownFailure(error);
  return failure ? <LoadFailed message={failure.error.message} retry={RETRY} onRetry={onRetry} /> : null;
}

export interface ReadStateProps<T> {
  /** The page's query (useQuery). */
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'refetch'>;
  /** What shows while it loads (the page's words; "Loading..." by default). */
  loading?: ReactNode;
  children(data: T): ReactNode;
}

/** The one way a page shows a read: its loading line, its failure with Retry, or its data. */
export function ReadState<T>({ query, loading = 'Loading...', children }: ReadStateProps<T>) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <ReadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return typeof loading === 'string' ? <Text role="status">{loading}</Text> : loading;
}
