import type { createBrowserRouter } from 'react-router';
import { client } from '../api/client';
import { errorRouter, setErrorRouter } from '../api/errorRouting';
import { accessOf, loginPathFor } from '../guards/access';
import { clearLocalState } from '../state/localState';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Plugs the router into the global error routing (spec section 8) and follows the SDK's
 * "unauthenticated" report (its one refresh and one retry failed): clear local state, then log in.
 * Answers a function that disconnects both.
 */
export function connectErrorRouting(router: AppRouter): () => void {
  setErrorRouter({
    goTo: (path) => void router.navigate(path),
    unauthenticated() {
      clearLocalState();
      // A navigation in flight is a guard's loader: it answers with its own redirect to /login.
      if (router.state.navigation.state !== 'idle') return;
      const { pathname, search } = router.state.location;
      if (accessOf(pathname) === 'authenticated') void router.navigate(loginPathFor(`${pathname}${search}`), { replace: true });
    },
    // The organization's loader reloads the current user, whose membership then shows the modal.
    accessBlocked: () => void router.revalidate(),
  });
  const stopListening = client.onUnauthenticated(() => errorRouter().unauthenticated());
  return () => {
    stopListening();
    setErrorRouter(null);
  };
}
