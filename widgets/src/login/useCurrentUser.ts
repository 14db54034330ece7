import { unwrap, type CurrentUser, type TesseraClient } from '@tessera/sdk';
import { useRemote } from '../data/useRemote.js';

export type CurrentUserState = { status: 'loading' } | { status: 'loaded'; user: CurrentUser } | { status: 'failed' };

export async function fetchCurrentUser(client: TesseraClient): Promise<CurrentUser> {
  const body = await unwrap(client.GET('/users/me'));
  return body.data;
}

/**
 * GET /users/me while the page holds a session (`accessToken` not null; an empty one is refreshed by the SDK first);
 * a known user (just fetched by the login) skips the call. A token refresh alone fetches nothing.
 */
export function useCurrentUser(client: TesseraClient, accessToken: string | null, known?: CurrentUser): CurrentUserState {
  const { remote } = useRemote(accessToken !== null && !known ? [client] : null, () => fetchCurrentUser(client));
  if (known) return { status: 'loaded', user: known };
  if (remote.status === 'loaded') return { status: 'loaded', user: remote.value };
  return remote.status === 'failed' ? { status: 'failed' } : { status: 'loading' };
}
