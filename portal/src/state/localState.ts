import { client } from '../api/client';
import { useHistoryStore } from './history';
import { useSession } from './session';

/** Forgets everything this browser keeps for the person: tokens, session and the persisted stores. */
export function clearLocalState(): void {
  client.tokenStore.set(null);
  useSession.getState().reset();
  useSession.persist.clearStorage();
  useHistoryStore.getState().forget();
  useHistoryStore.persist.clearStorage();
}

/** Revokes the session on the server (best effort) and clears local state. */
export async function logOut(): Promise<void> {
  await client.logout();
  clearLocalState();
}
