import type { ReactNode } from 'react';
import type { TesseraClient } from '@tessera/sdk';
import { useIsLoggedIn } from '../login/useSession.js';
import { sessionMessages as text } from '../login/sessionMessages.js';
import { useProvidedSession, type ProvidedSession } from '../provider/pageSession.js';
import { getPageClient } from '../provider/TesseraProvider.js';
import { LoadFailed, Loading } from '../ui/index.js';
import { defaultApiBase } from './apiBase.js';
import { hostOf } from './host.js';

export interface ElementSession {
  client: TesseraClient;
  /** The custom element: where its DOM events start. */
  host: EventTarget | null;
  /** The key of the widget's content: a logout (here or in another tab) unmounts it with everything it loaded. */
  session: 'logged-in' | 'logged-out';
  provided: ProvidedSession;
}

/**
 * What every element shares: the page's client for its `api-base`, its host element, and the host's session
 * provider (the element's own `sessionProvider`, else the page's), which the page runtime calls when there is no
 * session (pageSession.ts).
 */
export function useElementSession(apiBase: string | undefined, container: HTMLElement | ShadowRoot | undefined): ElementSession {
  const client = getPageClient(apiBase || defaultApiBase());
  const host = hostOf(container);
  const loggedIn = useIsLoggedIn(client);
  const provided = useProvidedSession(client, host, loggedIn);
  return { client, host, session: loggedIn ? 'logged-in' : 'logged-out', provided };
}

/**
 * With a session provider and no session yet, the provider's progress or failure (with Retry) stands in for the
 * widget: no password form, no "log in to see…" text. Otherwise the widget itself.
 */
export function SessionGate({ element, children }: { element: ElementSession; children: ReactNode }) {
  const { provided, session } = element;
  if (!provided.provided || session === 'logged-in') return children;
  return provided.status === 'failed' ? (
    <LoadFailed message={text.providerFailed} retry={text.retry} onRetry={provided.retry} />
  ) : (
    <Loading text={text.obtaining} />
  );
}
