/**
 * The page's one session runtime (ARCHITECTURE.md "Widgets", "One page runtime"): the host's session providers,
 * the one exchange per API base they lead to, and the one `tessera-session` event per change of a page. Its state
 * lives in a registry on `globalThis`, so every bundle a page loads (tessera-login.js beside tessera-widgets.js)
 * shares it, as they share clients and token stores.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { TesseraClient } from '@tessera/sdk';
import { dispatchTesseraEvent, type SessionVia } from '../events.js';

/**
 * A host's session provider: fetches a fresh embed session token from the host's own backend (which made it with
 * its integration client). Like Stripe's `fetchClientSecret`, called only when the page has no session.
 */
export type SessionProvider = () => Promise<string>;

/** Where the widgets of one API base stand with the host's provider. */
type ProvidedStatus = 'idle' | 'obtaining' | 'failed';

interface ApiSession {
  status: ProvidedStatus;
  /** How the tokens about to be stored were obtained (read by the one `tessera-session` dispatch). */
  via?: SessionVia;
  /** When the provider's last session was stored (a session that ends at once is a failure, not a loop). */
  obtainedAt: number;
}

interface Runtime {
  pageProvider?: SessionProvider;
  providers: WeakMap<object, SessionProvider>;
  sessions: Map<string, ApiSession>;
  listeners: Set<() => void>;
}

const RUNTIME = Symbol.for('tessera.widgets.sessions.v1');
/** A session the provider gave that ends sooner than this is treated as a failure: wait for Retry, no loop. */
const SHORTEST_SESSION_MS = 10_000;

function runtime(): Runtime {
  const global = globalThis as { [RUNTIME]?: Runtime };
  return (global[RUNTIME] ??= { providers: new WeakMap(), sessions: new Map(), listeners: new Set() });
}

function changed() {
  for (const listener of runtime().listeners) listener();
}

const subscribe = (listener: () => void) => {
  runtime().listeners.add(listener);
  return () => void runtime().listeners.delete(listener);
};

/** `window.Tessera.setSessionProvider(fn)`: the provider of every element without one of its own. */
function setSessionProvider(provider: SessionProvider | null | undefined): void {
  runtime().pageProvider = provider ?? undefined;
  changed();
}

/** `element.sessionProvider = fn`: that element's own provider. */
export function setElementProvider(element: object, provider: SessionProvider | null | undefined): void {
  if (provider) runtime().providers.set(element, provider);
  else runtime().providers.delete(element);
  changed();
}

export const elementProvider = (element: object): SessionProvider | undefined => runtime().providers.get(element);

/**
 * The session state of an API base, watched once per page: the first widget of an API base dispatches
 * `tessera-session` (`load`) on the document, then every change of state dispatches it once, whatever number of
 * widgets the page has.
 */
function apiSession(client: TesseraClient): ApiSession {
  let session = runtime().sessions.get(client.baseUrl);
  if (!session) {
    session = { status: 'idle', obtainedAt: 0 };
    runtime().sessions.set(client.baseUrl, session);
    watchSession(client, session);
  }
  return session;
}

function watchSession(client: TesseraClient, session: ApiSession) {
  let loggedIn = client.tokenStore.get() !== null;
  let expired = false;
  const send = (reason: 'load' | 'change' | 'expired', via?: SessionVia) =>
    dispatchTesseraEvent(document, 'tessera-session', {
      state: loggedIn ? 'logged-in' : 'logged-out',
      reason,
      apiBase: client.baseUrl,
      storage: client.tokenStore.persistence ?? 'local',
      ...(loggedIn ? { via: via ?? 'refresh' } : {}),
    });
  // Not from inside a render: the host's listeners run after the element that connected first has rendered.
  queueMicrotask(() => send('load'));
  client.onUnauthenticated(() => {
    expired = true;
  });
  const stop = client.tokenStore.subscribe((tokens) => {
    // A runtime replaced since (tests start each page afresh) no longer speaks for the page.
    if (runtime().sessions.get(client.baseUrl) !== session) return stop();
    if ((tokens !== null) === loggedIn) return;
    loggedIn = tokens !== null;
    const via = session.via;
    session.via = undefined;
    // The SDK clears the tokens before it tells its listeners why: decide once both have run.
    queueMicrotask(() => {
      send(!loggedIn && expired ? 'expired' : 'change', via);
      expired = false;
    });
  });
}

/**
 * Runs `obtain` (a grant that stores tokens) saying how the session it brings was obtained, for the one
 * `tessera-session` event that follows. Answers what `obtain` answers.
 */
export async function obtainingVia<T>(client: TesseraClient, via: SessionVia, obtain: () => Promise<T>): Promise<T> {
  // Only the page runtime's clients dispatch the event (not the portal's own client).
  const session: Partial<ApiSession> = runtime().sessions.get(client.baseUrl) ?? {};
  session.via = via;
  try {
    return await obtain();
  } finally {
    // Read by the token store's listener as the tokens are stored; a refused grant stored none.
    if (session.via === via) session.via = undefined;
  }
}

/** Calls the provider and exchanges its token, once for every widget of the API base. */
async function obtainProvided(client: TesseraClient, session: ApiSession, provider: SessionProvider) {
  session.status = Date.now() - session.obtainedAt < SHORTEST_SESSION_MS ? 'failed' : 'obtaining';
  changed();
  if (session.status === 'failed') return;
  let ok = false;
  try {
    const token = await provider();
    ok = typeof token === 'string' && token !== '' && (await obtainingVia(client, 'embed-session', () => client.exchangeEmbedSession(token))).ok;
  } catch {
    // A provider that throws or rejects is a failure like a refused exchange: shown with Retry.
  }
  session.status = ok ? 'idle' : 'failed';
  if (ok) session.obtainedAt = Date.now();
  changed();
}

/** Retry after a failure: the provider is asked once more (by the next effect of a widget of the API base). */
function retryProvided(session: ApiSession) {
  session.status = 'idle';
  session.obtainedAt = 0;
  changed();
}

export interface ProvidedSession {
  /** Whether a session provider applies to this element (no password form is shown then). */
  provided: boolean;
  status: ProvidedStatus;
  /** After a failure: asks the provider once more. */
  retry: () => void;
}

/**
 * The session provider's side of an element: with a provider (the element's own, else the page's) and no session,
 * the provider is called and its token exchanged (once for all the API base's widgets); when the login ends it is
 * called again, and a failure waits for `retry`.
 */
export function useProvidedSession(client: TesseraClient, host: object | null, loggedIn: boolean): ProvidedSession {
  const provider = useSyncExternalStore(subscribe, () => (host && elementProvider(host)) ?? runtime().pageProvider);
  const session = apiSession(client);
  const status = useSyncExternalStore(subscribe, () => session.status);
  useEffect(() => {
    if (provider && !loggedIn && session.status === 'idle') void obtainProvided(client, session, provider);
  }, [client, session, provider, loggedIn, status]);
  return {
    provided: provider !== undefined,
    status,
    retry: () => retryProvided(session),
  };
}

declare global {
  interface Window {
    /** The page API of the widgets' standalone bundles. */
    Tessera?: { setSessionProvider?: typeof setSessionProvider };
  }
}

/** Makes `window.Tessera.setSessionProvider` available (every bundle calls it; the first one wins). */
export function installPageApi(): void {
  if (typeof window === 'undefined') return;
  const api = (window.Tessera ??= {});
  api.setSessionProvider ??= setSessionProvider;
}
