/**
 * Where the widgets' script came from, read once while the script runs: a classic `<script src>` has
 * `document.currentScript` only during its first evaluation; an ES module knows its own URL.
 */
function scriptUrl(): string | undefined {
  if (typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement && document.currentScript.src) {
    return document.currentScript.src;
  }
  try {
    return new URL(import.meta.url).href;
  } catch {
    return undefined;
  }
}

const loadedFrom = scriptUrl();

/** The default `api-base`: the Tessera server that served the script, plus `/api`. */
export function defaultApiBase(): string {
  const origin = loadedFrom && /^https?:/.test(loadedFrom) ? new URL(loadedFrom).origin : globalThis.location?.origin;
  return `${origin ?? ''}/api`;
}

/** The portal's address for an API base (`https://x.test/api` -> `https://x.test`), for the default links. */
export function portalUrlFor(apiBase: string): string {
  const absolute = new URL(apiBase, globalThis.location?.href ?? 'http://localhost/');
  return absolute.href.replace(/\/+$/, '').replace(/\/api$/, '');
}
