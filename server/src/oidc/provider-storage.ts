/**
 * oidc-provider keeps the request in an AsyncLocalStorage while it handles one (token TTLs and
 * formats read it). On Node 20 an enabled AsyncLocalStorage turns on promise hooks for every
 * promise in the process, which roughly doubled the CPU cost of every other API request after the
 * first login. The storage is only needed while the provider is handling a request, so it is
 * switched off whenever none is in flight; the provider's next `run()` switches it on again.
 */
import providerStorage from 'oidc-provider/lib/helpers/als.js';

let running = 0;

export async function withProviderStorage<T>(handle: () => Promise<T>): Promise<T> {
  running += 1;
  try {
    return await handle();
  } finally {
    running -= 1;
    if (running === 0) providerStorage.disable();
  }
}

/** For tests: whether the provider's storage (and with it Node's promise hooks) is on. */
export function isProviderStorageEnabled(): boolean {
  return providerStorage.enabled;
}
