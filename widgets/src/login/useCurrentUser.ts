import { useEffect, useState } from 'react';
import { unwrap, type CurrentUser, type TesseraClient } from '@tessera/sdk';

export type CurrentUserState =
  | { status: 'loading' }
  | { status: 'loaded'; user: CurrentUser }
  | { status: 'failed' };

export async function fetchCurrentUser(client: TesseraClient): Promise<CurrentUser> {
  const body = await unwrap(client.GET('/users/me'));
  return body.data;
}

/** GET /users/me while `accessToken` is set; a known user (just fetched by the login) skips the call. */
export function useCurrentUser(client: TesseraClient, accessToken: string | null, known?: CurrentUser): CurrentUserState {
  const [state, setState] = useState<CurrentUserState>(known ? { status: 'loaded', user: known } : { status: 'loading' });
  useEffect(() => {
    if (!accessToken) return undefined;
    if (known) {
      setState({ status: 'loaded', user: known });
      return undefined;
    }
    let current = true;
    setState({ status: 'loading' });
    fetchCurrentUser(client).then(
      (user) => current && setState({ status: 'loaded', user }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [client, accessToken, known]);
  return state;
}
