import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { TesseraApiError, unwrap, type Item, type TesseraClient } from '@tessera/sdk';
import { useRemote } from '../data/useRemote.js';

/** A failure that Retry cannot mend: the topic is not there (or not the caller's to see). */
export const isNotFound = (error: unknown) => error instanceof TesseraApiError && error.status === 404;

async function fetchTopicContent(client: TesseraClient, organization: string, topicId: string, withTopic: boolean, givenRows?: Item[]) {
  const path = { tenantId: organization, topicId };
  // One call for the topic and one for all its rows with their children: never a call per item.
  const [topic, items] = await Promise.all([
    withTopic ? unwrap(client.GET('/tenants/{tenantId}/topics/{topicId}', { params: { path } })) : null,
    givenRows ? { data: givenRows } : unwrap(client.GET('/tenants/{tenantId}/topics/{topicId}/items', { params: { path } })),
  ]);
  return { topic: topic?.data ?? null, rows: items.data };
}

/**
 * A topic and its items, fetched again whenever the organization or the topic changes, or the page logs in
 * (a login in another widget shows the topic without a reload; a token refresh alone fetches nothing).
 * `reload` tries again after a failure. `givenRows` (an author's unsaved list, in preview) are shown instead of
 * the saved ones.
 */
export function useTopicContent(client: TesseraClient, organization: string, topicId: string, isLoggedIn: boolean, withTopic: boolean, givenRows?: Item[]) {
  const { remote, reload, update } = useRemote(isLoggedIn && organization && topicId ? [client, organization, topicId, withTopic, givenRows] : null, () =>
    fetchTopicContent(client, organization, topicId, withTopic, givenRows),
  );
  const updateRows = useCallback((change: (rows: Item[]) => Item[]) => update((content) => ({ ...content, rows: change(content.rows) })), [update]);
  return { remote, updateRows, reload };
}

export interface CompletionChange {
  topicId: string;
  itemId: string;
  complete: boolean;
}

/**
 * Ticks and unticks procedure rows optimistically: the row changes at once, and goes back (with an error
 * for the alert) when the server refuses. A newer toggle of the same row wins: an older answer that fails
 * after it does not roll the row back.
 */
export function useProcedureToggle(
  client: TesseraClient,
  organization: string,
  topicId: string,
  updateRows: (change: (rows: Item[]) => Item[]) => void,
  onComplete: ((change: CompletionChange) => void) | undefined,
) {
  const [failed, setFailed] = useState(false);
  const latestToggle = useRef(new Map<string, number>());
  // The newest callback, for an answer that arrives after the host re-rendered.
  const onCompleteRef = useRef(onComplete);
  useLayoutEffect(() => {
    onCompleteRef.current = onComplete;
  });

  const setRowComplete = useCallback(
    (itemId: string, complete: boolean) => updateRows((rows) => rows.map((row) => (row.id === itemId ? { ...row, is_complete: complete } : row))),
    [updateRows],
  );

  const toggle = useCallback(
    async (itemId: string, complete: boolean) => {
      const version = (latestToggle.current.get(itemId) ?? 0) + 1;
      latestToggle.current.set(itemId, version);
      setFailed(false);
      setRowComplete(itemId, complete);
      const options = { params: { path: { tenantId: organization, topicId, itemId } } };
      const call = complete
        ? client.POST('/tenants/{tenantId}/topics/{topicId}/items/completed/{itemId}', options)
        : client.DELETE('/tenants/{tenantId}/topics/{topicId}/items/completed/{itemId}', options);
      try {
        await unwrap(call);
        onCompleteRef.current?.({ topicId, itemId, complete });
      } catch {
        if (latestToggle.current.get(itemId) !== version) return;
        setRowComplete(itemId, !complete);
        setFailed(true);
      }
    },
    [client, organization, topicId, setRowComplete],
  );
  return { toggle, failed };
}
