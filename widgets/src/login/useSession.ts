import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { TesseraClient } from '@tessera/sdk';
import { dispatchTesseraEvent, type TesseraSessionEventDetail } from '../events.js';

/**
 * The access token the page currently holds (null when logged out; empty while only the refresh token is left,
 * which still counts as logged in: the SDK refreshes before the next request), following the shared token store,
 * so a login or logout in another widget or tab shows here too. The snapshot is the token string (not the pair
 * object, which the localStorage store rebuilds on every read).
 */
export function useAccessToken(client: TesseraClient): string | null {
  const subscribe = useCallback((onChange: () => void) => client.tokenStore.subscribe(onChange), [client]);
  const read = () => client.tokenStore.get()?.accessToken ?? null;
  return useSyncExternalStore(subscribe, read, () => null);
}

/** Whether the page holds a session with the client's API. */
export function useIsLoggedIn(client: TesseraClient): boolean {
  return useAccessToken(client) !== null;
}

/**
 * Dispatches `tessera-session` from `host`: once when the element connects, then on every change of state (a
 * token refresh is no change). A logout caused by a failed refresh says `expired`.
 */
export function useSessionEvents(client: TesseraClient, host: EventTarget | null): void {
  useEffect(() => {
    if (!host) return undefined;
    let loggedIn = client.tokenStore.get() !== null;
    let expired = false;
    const send = (reason: TesseraSessionEventDetail['reason']) =>
      dispatchTesseraEvent(host, 'tessera-session', {
        state: loggedIn ? 'logged-in' : 'logged-out',
        reason,
        apiBase: client.baseUrl,
        storage: client.tokenStore.persistence ?? 'local',
      });
    send('load');
    const stopExpiry = client.onUnauthenticated(() => {
      expired = true;
    });
    const stop = client.tokenStore.subscribe((tokens) => {
      if ((tokens !== null) === loggedIn) return;
      loggedIn = tokens !== null;
      // The SDK clears the tokens before it tells its listeners why: decide once both have run.
      queueMicrotask(() => {
        send(!loggedIn && expired ? 'expired' : 'change');
        expired = false;
      });
    });
    return () => {
      stop();
      stopExpiry();
    };
  }, [client, host]);
}
