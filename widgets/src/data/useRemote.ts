import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** What a fetched value is: still loading, failed (with the error thrown), or loaded. */
export type Remote<T> = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'loaded'; value: T };

/** One fetch: the key it was asked for, and a number that a reload (same key) bumps. */
interface Request {
  key: readonly unknown[] | null;
  number: number;
}

const LOADING = { status: 'loading' } as const;

const sameKey = (a: readonly unknown[] | null, b: readonly unknown[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((part, index) => Object.is(part, b[index])));

/**
 * The one way the widgets fetch. `load` runs whenever `key` (the values the answer depends on, compared one by
 * one) changes, and an answer that arrives after a newer request is dropped. Until the current request settles the
 * state reads `loading`; a `null` key fetches nothing and keeps what was last shown. `reload` asks again with the
 * same key; `update` edits the loaded value in place (an optimistic change).
 */
export function useRemote<T>(key: readonly unknown[] | null, load: () => Promise<T>) {
  // The newest `load` closure, read by the effect: a new closure alone (every render) is not a new request.
  const latestLoad = useRef(load);
  useLayoutEffect(() => {
    latestLoad.current = load;
  });
  const [request, setRequest] = useState<Request>({ key, number: 0 });
  if (!sameKey(request.key, key)) setRequest({ key, number: request.number + 1 });
  const [settled, setSettled] = useState<{ request: Request; remote: Remote<T> } | null>(null);

  useEffect(() => {
    if (!request.key) return undefined;
    let current = true;
    latestLoad.current().then(
      (value) => current && setSettled({ request, remote: { status: 'loaded', value } }),
      (error: unknown) => current && setSettled({ request, remote: { status: 'failed', error } }),
    );
    return () => {
      current = false;
    };
  }, [request]);

  const reload = useCallback(() => setRequest((previous) => ({ ...previous, number: previous.number + 1 })), []);
  const update = useCallback(
    (change: (value: T) => T) =>
      setSettled((previous) =>
        previous?.remote.status === 'loaded' ? { ...previous, remote: { status: 'loaded', value: change(previous.remote.value) } } : previous,
      ),
    [],
  );

  const isCurrent = settled !== null && (request.key === null || settled.request === request);
  const remote: Remote<T> = isCurrent ? settled.remote : LOADING;
  return { remote, reload, update };
}
