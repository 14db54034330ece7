import { createContext, useContext, type ReactNode } from 'react';
import { createTesseraClient, localStorageTokenStore, tokenKeyFor, type TesseraClient } from '@tessera/sdk';

const TesseraContext = createContext<TesseraClient | null>(null);

// The page's one runtime: whatever mix of bundles a page loads (tessera-login.js and tessera-widgets.js each carry
// a copy of this module), they find the same clients here, so a login through one shows in the other.
const RUNTIME = Symbol.for('tessera.widgets.pageClients.v1');
function pageClients(): Map<string, TesseraClient> {
  const global = globalThis as { [RUNTIME]?: Map<string, TesseraClient> };
  return (global[RUNTIME] ??= new Map());
}

/**
 * The SDK client for an API base, made once per page. Clients of one API origin share one token store, so
 * logging in through one widget logs in all of them (and other tabs); a client of another origin has a store of
 * its own and never sees these tokens (`tokenKeyFor`).
 */
export function getPageClient(apiBase: string): TesseraClient {
  const baseUrl = apiBase.replace(/\/+$/, '');
  const clients = pageClients();
  let client = clients.get(baseUrl);
  if (!client) {
    client = createTesseraClient({ baseUrl, tokenStore: localStorageTokenStore(tokenKeyFor(baseUrl)) });
    clients.set(baseUrl, client);
  }
  return client;
}

export type TesseraProviderProps = { client: TesseraClient; apiBase?: never; children: ReactNode } | { apiBase: string; client?: never; children: ReactNode };

/** Gives the widgets below it their SDK client: the one handed in, or the page's client for `apiBase`. */
export function TesseraProvider(props: TesseraProviderProps) {
  const client = props.client ?? getPageClient(props.apiBase);
  return <TesseraContext.Provider value={client}>{props.children}</TesseraContext.Provider>;
}

/** The client from the nearest TesseraProvider, or the one a widget was handed directly. */
export function useTesseraClient(explicit?: TesseraClient): TesseraClient {
  const fromContext = useContext(TesseraContext);
  const client = explicit ?? fromContext;
  if (!client) throw new Error('A Tessera widget needs a `client` prop or a surrounding <TesseraProvider>.');
  return client;
}
