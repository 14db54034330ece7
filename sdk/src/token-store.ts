export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export type TokenListener = (tokens: TokenPair | null) => void;

/** Where a client keeps its tokens. One store per page is shared by every widget on it. */
export interface TokenStore {
  get(): TokenPair | null;
  set(tokens: TokenPair | null): void;
  /** Called on every change, including changes made by another tab or another store on the same key. */
  subscribe(listener: TokenListener): () => void;
}

function listenerSet() {
  const listeners = new Set<TokenListener>();
  return {
    add(listener: TokenListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(tokens: TokenPair | null) {
      for (const listener of listeners) listener(tokens);
    },
  };
}

/** For Node scripts and tests: tokens live as long as the process. */
export function memoryTokenStore(initial: TokenPair | null = null): TokenStore {
  let tokens = initial;
  const listeners = listenerSet();
  return {
    get: () => tokens,
    set(next) {
      tokens = next;
      listeners.emit(next);
    },
    subscribe: listeners.add,
  };
}

export const DEFAULT_TOKEN_KEY = 'tessera.tokens';

const browserStores = new Map<string, TokenStore>();

function parseTokens(raw: string | null): TokenPair | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<TokenPair>;
    return typeof value.accessToken === 'string' && typeof value.refreshToken === 'string'
      ? { accessToken: value.accessToken, refreshToken: value.refreshToken }
      : null;
  } catch {
    return null;
  }
}

/**
 * For browsers: tokens persist in localStorage. The same key always answers the same store,
 * so the portal and every widget on a page share one; other tabs are followed through `storage` events.
 */
export function localStorageTokenStore(key = DEFAULT_TOKEN_KEY, storage: Storage = globalThis.localStorage): TokenStore {
  const existing = browserStores.get(key);
  if (existing) return existing;
  const listeners = listenerSet();
  const store: TokenStore = {
    get: () => parseTokens(storage.getItem(key)),
    set(next) {
      if (next) storage.setItem(key, JSON.stringify(next));
      else storage.removeItem(key);
      listeners.emit(next);
    },
    subscribe: listeners.add,
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key) listeners.emit(parseTokens(event.newValue));
    });
  }
  browserStores.set(key, store);
  return store;
}
