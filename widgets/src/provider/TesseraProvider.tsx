import { createContext, useContext, type ReactNode } from 'react';
import { createTesseraClient, localStorageTokenStore, type TesseraClient } from '@tessera/sdk';

const TesseraContext = createContext<TesseraClient | null>(null);

const pageClients = new Map<string, TesseraClient>();

/**
 * The SDK client for an API base, made once per page. Every client shares the page's single
 * localStorage token store, so logging in through one widget logs in all of them (and other tabs).
 */
export function getPageClient(apiBase: string): TesseraClient {
  const baseUrl = apiBase.replace(/\/+$/, '');
  let client = pageClients.get(baseUrl);
  if (!client) {
    client = createTesseraClient({ baseUrl, tokenStore: localStorageTokenStore() });
    pageClients.set(baseUrl, client);
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
