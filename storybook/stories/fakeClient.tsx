import { useMemo, type ReactNode } from 'react';
import { memoryTokenStore, type TokenPair } from '@tessera/sdk';
import { TesseraProvider } from '@tessera/widgets';
import { createFakeClient, type FakeApiOptions } from '@tessera/widgets/testing';

/** Story parameters: how the fake API answers, and whether the page starts logged in. */
export interface FakeApiParameters extends FakeApiOptions {
  tokens?: TokenPair;
}

/** Gives the story a real SDK client talking to an in-memory API (no server, no network). */
export function FakeTesseraProvider({ api, children }: { api: FakeApiParameters; children: ReactNode }) {
  const client = useMemo(() => createFakeClient({ ...api, tokenStore: memoryTokenStore(api.tokens ?? null) }).client, [api]);
  return <TesseraProvider client={client}>{children}</TesseraProvider>;
}
