import { useCallback, useSyncExternalStore } from 'react';
import type { TesseraClient } from '@tessera/sdk';

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
