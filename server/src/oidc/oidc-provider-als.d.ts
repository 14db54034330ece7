/** oidc-provider's request storage (lib/helpers/als.js); the package has no types for this file. */
declare module 'oidc-provider/lib/helpers/als.js' {
  import type { AsyncLocalStorage } from 'node:async_hooks';
  /** `enabled`: Node's own flag, not in its types (on while the storage holds promise hooks). */
  const storage: AsyncLocalStorage<unknown> & { readonly enabled: boolean };
  export default storage;
}
