import { MutationCache, QueryClient, QueryClientProvider, useMutation, type QueryKey } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { apiCall, type CallOptions, type RawResult } from './call';
import type { ApiFailure, ApiOutcome } from './outcome';

/**
 * A read or a write that failed: the failure `apiCall` answered. When `failure.routed` the global error routing has
 * already taken the person elsewhere (the screen only stops its spinner); otherwise the screen shows it.
 */
export class ApiError extends Error {
  readonly failure: ApiFailure;

  constructor(failure: ApiFailure) {
    super(failure.error.message);
    this.name = 'ApiError';
    this.failure = failure;
  }
}

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
    /** What a mutation changes: the keys (prefixes) of the queries its success invalidates. */
    mutationMeta: { invalidates?: readonly QueryKey[] };
  }
}

/** An outcome's data, or its failure thrown as an ApiError (what a query function answers). */
export function unwrap<T>(outcome: ApiOutcome<T>): T {
  if (!outcome.ok) throw new ApiError(outcome);
  return outcome.data;
}

/** A query function's read through the SDK client: `apiCall` (its global failure routing), then unwrapped. */
export async function read<T>(request: Promise<RawResult<T>>, options?: CallOptions): Promise<T> {
  return unwrap(await apiCall(request, options));
}

/** A failure the screen shows itself: an ApiError that was not routed globally (null for anything else). */
export function shownFailure(error: unknown): ApiFailure | null {
  return error instanceof ApiError && !error.failure.routed ? error.failure : null;
}

/**
 * The portal's one cache of server data (ARCHITECTURE.md#portal). Route loaders (outside React) prefetch into it and
 * the screens read from it with the same query options.
 * - `retry: false`: `apiCall` routes every failure it does not hand back at the first answer (403, 404, 5xx and no
 *   response go to their pages, 401 was refreshed and retried already); asking again would be pointless for a 4xx
 *   and would run while the person is already on /whoops or /no-response for the others.
 * - `staleTime` 30 s: what a loader has just read is what the screen shows, without a second request; a screen
 *   visited again within that time shows its rows at once; a mutation invalidates what it changed.
 * - `refetchOnWindowFocus: false`: lists are not live, and a refetch that fails is routed globally (a failure on
 *   coming back to the tab would take the person away from the page they were reading or editing).
 * - `networkMode: 'always'`: a request is sent even when the browser believes it is offline, so no answer is
 *   routed to /no-response (or shown on a form) as before, instead of a query paused without a word.
 */
export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
  mutationCache: new MutationCache({
    onSuccess: (_data, _variables, _context, mutation) => invalidate(mutation.meta?.invalidates),
    // A 409 says the server's state is not what the screen showed (another reviewer decided, another author moved the
    // row): the screen reads it again, so it stops offering what can no longer be done.
    onError: (error, _variables, _context, mutation) => {
      if (error instanceof ApiError && error.failure.status === 409) invalidate(mutation.meta?.invalidates);
    },
  }),
});

/**
 * Marks what a write changed stale. Not awaited: the mutation's caller goes on (a toast, a navigation) while the
 * mounted queries refetch; a read of the same query already running (a list's own Retry or reload) answers for it.
 */
function invalidate(keys: readonly QueryKey[] | undefined): void {
  for (const queryKey of keys ?? []) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
}

/** Provides the one cache to the screens (RootLayout; Storybook's portal stories). */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** What a write invalidates when it cannot name less: every query (only the mounted ones read again at once). */
export const EVERYTHING: readonly QueryKey[] = [[]];

/**
 * A write through the cache: `call` sends it (through `apiCall`, answering its outcome as before, so a form keeps its
 * 422s and `whileSaving`), and a success invalidates `invalidates` (the lists and records the write changed), which
 * the mounted screens then read again. `run` answers the outcome and never throws for an API failure.
 */
export function useApiMutation<V, T>(call: (variables: V) => Promise<ApiOutcome<T>>, invalidates: readonly QueryKey[]) {
  // The one client, named: a form or a row action works without a provider around it (component tests, stories).
  const { mutateAsync, isPending } = useMutation({ mutationFn: async (variables: V) => unwrap(await call(variables)), meta: { invalidates } }, queryClient);
  const run = useCallback(
    async (variables: V): Promise<ApiOutcome<T>> => {
      try {
        return { ok: true, data: await mutateAsync(variables) };
      } catch (thrown) {
        if (thrown instanceof ApiError) return thrown.failure;
        throw thrown;
      }
    },
    [mutateAsync],
  );
  return { run, isPending };
}

/**
 * Writes whose call differs each time (a row's move, delete or restore on a page of its own making): `write(call)`
 * runs `call` as a mutation whose success invalidates `invalidates`, and answers its outcome.
 */
export function useWrites(invalidates: readonly QueryKey[]) {
  const { run, isPending } = useApiMutation((call: () => Promise<ApiOutcome<unknown>>) => call(), invalidates);
  const write = run as <T>(call: () => Promise<ApiOutcome<T>>) => Promise<ApiOutcome<T>>;
  return { write, isPending };
}

/**
 * A read a handler needs now (a record's use count before a question, a check after its own write): through the
 * cache, always asked afresh (and stored under `queryKey` for the screens reading it), answering its outcome.
 */
export async function readNow<T>(queryKey: QueryKey, read: () => Promise<ApiOutcome<T>>): Promise<ApiOutcome<T>> {
  try {
    return { ok: true, data: await queryClient.fetchQuery({ queryKey, queryFn: async () => unwrap(await read()), staleTime: 0 }) };
  } catch (thrown) {
    if (thrown instanceof ApiError) return thrown.failure;
    throw thrown;
  }
}
