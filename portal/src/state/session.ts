import type { Config, CurrentUser, TenantSummary, TesseraClient } from '@tessera/sdk';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { apiCall, type CallOptions } from '../api/call';
import { client } from '../api/client';
import type { ApiFailure } from '../api/outcome';

/** The localStorage key of the session state the portal keeps across reloads. */
export const SESSION_STORAGE_KEY = 'tessera.session';

export interface SessionState {
  /** The current user (GET /users/me); null until loaded or when logged out. */
  user: CurrentUser | null;
  /** Application configuration (GET /config), loaded once after authentication. */
  config: Config | null;
  /** The organization the person works in; persisted so a reload returns to it. */
  organizationId: string | null;
  /**
   * Loads the current user and, the first time, the configuration. Answers the failure, if any,
   * after the global error routing has seen it.
   */
  load(options?: CallOptions): Promise<ApiFailure | null>;
  /**
   * Starts loading before the router has matched a route (main.tsx, with a stored session): every `load` asked for
   * until `firstNavigation` settles (the first page's guards, and the organization's loader once its code has
   * arrived, often after this answer) answers from this request instead of sending its own, so the current user
   * arrives while the route's code is still downloading, once: it is as fresh as the page. A failed preload is
   * simply loaded again by those loads, with their options.
   */
  preload(firstNavigation: Promise<unknown>): void;
  /** Loads only when nothing is loaded yet (guards call this on every navigation). */
  ensureLoaded(options?: CallOptions): Promise<ApiFailure | null>;
  setUser(user: CurrentUser): void;
  setOrganization(organizationId: string | null): void;
  /** Forgets everything (logout, another person's login). */
  reset(): void;
}

const empty = { user: null, config: null, organizationId: null };

function createSessionStore(api: TesseraClient) {
  const inFlight = new Map<boolean, Promise<ApiFailure | null>>();
  // The preload until the page's first navigation settles: a load asked for meanwhile is as fresh as the preload's
  // answer (both belong to that navigation); a load after it asks again.
  let preloading: Promise<ApiFailure | null> | null = null;
  return create<SessionState>()(
    persist(
      (set, get) => {
        async function loadSession(options?: CallOptions): Promise<ApiFailure | null> {
          // Both at once: a first page waits for one round trip, not two (Lighthouse's mobile run counts each).
          const [me, config] = await Promise.all([apiCall(api.GET('/users/me'), options), get().config ? null : apiCall(api.GET('/config'), options)]);
          if (!me.ok) return me;
          set({ user: me.data.data });
          if (!config) return null;
          if (!config.ok) return config;
          set({ config: config.data.data });
          return null;
        }
        return {
          ...empty,
          load(options) {
            if (preloading) return preloading.then((failure) => (failure ? get().load(options) : null));
            // Guards of parent and child routes run in parallel: they share one request.
            const key = options?.routeErrors !== false;
            const running = inFlight.get(key);
            if (running) return running;
            const loading = loadSession(options).finally(() => inFlight.delete(key));
            inFlight.set(key, loading);
            return loading;
          },
          async ensureLoaded(options) {
            const { user, config } = get();
            return user && config ? null : get().load(options);
          },
          preload(firstNavigation) {
            if (preloading) return;
            const answer = loadSession({ routeErrors: false }).then((failure) => {
              // A failure is not kept: the loads waiting for it ask again, with their own options.
              if (failure && preloading === answer) preloading = null;
              return failure;
            });
            preloading = answer;
            const settled = () => {
              if (preloading === answer) preloading = null;
            };
            firstNavigation.then(settled, settled);
          },
          setUser: (user) => set({ user }),
          setOrganization: (organizationId) => set({ organizationId }),
          reset: () => {
            // Another person's login must not be answered with the previous session's preload.
            preloading = null;
            set(empty);
          },
        };
      },
      {
        name: SESSION_STORAGE_KEY,
        storage: createJSONStorage(() => localStorage),
        // Only the choice of organization persists; user and configuration are fetched fresh per visit.
        partialize: (state) => ({ organizationId: state.organizationId }),
      },
    ),
  );
}

export const useSession = createSessionStore(client);

/** The current organization's summary, from the user's memberships. */
export function currentOrganization(state: Pick<SessionState, 'user' | 'organizationId'>): TenantSummary | null {
  const membership = state.user?.memberships.find((candidate) => candidate.tenant.id === state.organizationId);
  return membership?.tenant ?? null;
}
