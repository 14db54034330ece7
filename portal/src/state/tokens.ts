import type { TokenPair, TokenStore } from '@tessera/sdk';
import { create } from 'zustand';
import { tokenStore } from '../api/client';

interface TokensState {
  tokens: TokenPair | null;
}

/**
 * A React view of the SDK's token store. The SDK store persists the tokens (localStorage) and is
 * shared with the widgets; this mirror follows it, including logins and logouts in other tabs.
 */
function createTokensStore(store: TokenStore) {
  const useTokens = create<TokensState>(() => ({ tokens: store.get() }));
  store.subscribe((tokens) => useTokens.setState({ tokens }));
  return useTokens;
}

export const useTokens = createTokensStore(tokenStore);

export function isAuthenticated(): boolean {
  return tokenStore.get() !== null;
}
