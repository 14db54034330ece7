/** oidc-provider's request storage (lib/helpers/als.js); the package has no types for this file. */
declare module 'oidc-provider/lib/helpers/als.js' {
  import type { AsyncLocalStorage } from 'node:async_hooks';
  const storage: AsyncLocalStorage<unknown>;
  export default storage;
}
