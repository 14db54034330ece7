import type { AccessBlock } from './outcome';

/**
 * The bridge from API calls (outside React) to the router: the app plugs its handlers in at start,
 * tests plug in fakes. Until then nothing is routed.
 */
export interface ErrorRouter {
  /** Go to a global error page (/forbidden, /not-found, /whoops, /no-response). */
  goTo(path: string): void;
  /** The session is gone (refresh failed): clear local state and ask for a login. */
  unauthenticated(): void;
  /** A 403 that blocks the member from the organization (suspended membership, unconfirmed email). */
  accessBlocked(block: AccessBlock): void;
}

const inactive: ErrorRouter = { goTo: () => {}, unauthenticated: () => {}, accessBlocked: () => {} };
let current: ErrorRouter = inactive;

export function setErrorRouter(router: ErrorRouter | null): void {
  current = router ?? inactive;
}

export function errorRouter(): ErrorRouter {
  return current;
}
