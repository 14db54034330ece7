import { unwrap, type CurrentUser, type TesseraClient } from '@tessera/sdk';
import { useRemote } from '../data/useRemote.js';

export type CurrentUserState = { status: 'loading' } | { status: 'loaded'; user: CurrentUser } | { status: 'failed' };

/** The request in flight per client, and the access token it was made with. */
const inFlight = new WeakMap<TesseraClient, { accessToken: string | undefined; user: Promise<CurrentUser> }>();

/**
 * GET /users/me. Callers asking at the same time with the same token share one request: after a login the form
 * (to report who logged in) and the logged-in state (to show them) both ask, and the person is fetched once.
 */
export function fetchCurrentUser(client: TesseraClient): Promise<CurrentUser> {
  const accessToken = client.tokenStore.get()?.accessToken;
  const running = inFlight.get(client);
  if (running && running.accessToken === accessToken) return running.user;
  const user = unwrap(client.GET('/users/me'))
    .then((body) => body.data)
    .finally(() => {
      if (inFlight.get(client)?.user === user) inFlight.delete(client);
    });
  inFlight.set(client, { accessToken, user });
  return user;
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
