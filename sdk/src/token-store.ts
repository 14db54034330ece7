export interface TokenPair {
  /** The bearer token; may be empty when only the refresh token is left (the client refreshes before using it). */
  accessToken: string;
  refreshToken: string;
}

export type TokenListener = (tokens: TokenPair | null) => void;

/** Where a client keeps its tokens. One store per page and API origin is shared by every widget on it. */
export interface TokenStore {
  get(): TokenPair | null;
  set(tokens: TokenPair | null): void;
  /** Called on every change, including changes made by another tab or another store on the same key. */
  subscribe(listener: TokenListener): () => void;
  /**
   * Where the tokens live: `local` (localStorage, shared by the tabs of the origin) or `memory` (this page or
   * frame only: Node, or a browser context whose localStorage is refused, such as a sandboxed iframe).
   */
  readonly persistence?: 'local' | 'memory';
  /** The store's key: names the Web Lock under which one tab of the browser refreshes this pair. */
  readonly key?: string;
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
export function memoryTokenStore(initial: TokenPair | null = null, key?: string): TokenStore {
  let tokens = initial;
  const listeners = listenerSet();
  return {
    get: () => tokens,
    set(next) {
      tokens = next;
      listeners.emit(next);
    },
    subscribe: listeners.add,
    persistence: 'memory',
    key,
  };
}

export const DEFAULT_TOKEN_KEY = 'tessera.tokens';

/**
 * The localStorage key of the tokens an API issued: `tessera.tokens` for an API on the page's own origin (the
 * portal), `tessera.tokens@<origin>` for any other. Tokens of one server are never read by a client of another.
 */
export function tokenKeyFor(baseUrl: string, pageOrigin: string | undefined = globalThis.location?.origin): string {
  const origin = new URL(baseUrl, pageOrigin ?? 'http://localhost/').origin;
  return origin === pageOrigin ? DEFAULT_TOKEN_KEY : `${DEFAULT_TOKEN_KEY}@${origin}`;
}

// One registry per page, whatever number of copies of the SDK the page loaded (two widget bundles each carry
// one): a store set through one copy notifies the subscribers of the other, which `storage` events never do
// within one document.
const REGISTRY = Symbol.for('tessera.sdk.tokenStores.v1');
function browserStores(): Map<string, TokenStore> {
  const global = globalThis as { [REGISTRY]?: Map<string, TokenStore> };
  return (global[REGISTRY] ??= new Map());
}

/**
 * A stored pair. A refresh token alone still counts (its access token missing or empty): the client refreshes
 * with it instead of treating the person as logged out (spec core section 8).
 */
export function parseTokens(raw: string | null): TokenPair | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<TokenPair>;
    if (typeof value.refreshToken !== 'string' || value.refreshToken === '') return null;
    return { accessToken: typeof value.accessToken === 'string' ? value.accessToken : '', refreshToken: value.refreshToken };
  } catch {
    return null;
  }
}

/** The page's localStorage when the browser lets us use it; a sandboxed or cross-site frame throws on access. */
function usableLocalStorage(): Storage | null {
  try {
    const storage = globalThis.localStorage;
    const probe = `${DEFAULT_TOKEN_KEY}.probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/**
 * For browsers: tokens persist in localStorage. The same key always answers the same store, so the portal and
 * every widget on a page share one; other tabs are followed through `storage` events. Where localStorage is
 * refused (a sandboxed or cross-site iframe), the tokens live in memory for the frame's life and the store says
 * so (`persistence: 'memory'`).
 */
export function localStorageTokenStore(key = DEFAULT_TOKEN_KEY, storage: Storage | null = usableLocalStorage()): TokenStore {
  const stores = browserStores();
  const existing = stores.get(key);
  if (existing) return existing;
  const store = storage ? storageBackedStore(key, storage) : memoryTokenStore(null, key);
  stores.set(key, store);
  return store;
}

function storageBackedStore(key: string, storage: Storage): TokenStore {
  const listeners = listenerSet();
  const store: TokenStore = {
    get: () => parseTokens(storage.getItem(key)),
    set(next) {
      try {
        if (next) storage.setItem(key, JSON.stringify(next));
        else storage.removeItem(key);
      } catch {
        // Quota or a storage revoked mid-session: the change still reaches this page's widgets.
      }
      listeners.emit(next);
    },
    subscribe: listeners.add,
    persistence: 'local',
    key,
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) listeners.emit(parseTokens(storage.getItem(key)));
    });
  }
  return store;
}
