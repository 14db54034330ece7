import { redirect, type LoaderFunctionArgs } from 'react-router';
import { globalRouteFor, type ApiFailure } from '../api/outcome';
import { useHistoryStore } from '../state/history';
import { clearLocalState } from '../state/localState';
import { useSession } from '../state/session';
import { isAuthenticated } from '../state/tokens';
import { authenticatedRedirect, guestOnlyRedirect, loginPathFor } from './access';

export function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Guest-only routes: an authenticated visitor goes back to the redirect query, the previous path or home. */
export function guestOnlyLoader({ request }: LoaderFunctionArgs) {
  const target = guestOnlyRedirect({
    authenticated: isAuthenticated(),
    redirect: new URL(request.url).searchParams.get('redirect'),
    previousPath: useHistoryStore.getState().previousPath,
  });
  if (target) throw redirect(target);
  return null;
}

/** Where a guard sends a person whose session could not be loaded. */
export function redirectForFailure(failure: ApiFailure, path: string): Response {
  if (failure.status === 401) {
    // The SDK already tried a refresh; whatever is left locally cannot authenticate.
    clearLocalState();
    return redirect(loginPathFor(path));
  }
  return redirect(globalRouteFor(failure.status) ?? '/whoops');
}

/**
 * Authenticated routes: visitors without tokens go to /login?redirect=<path>; otherwise the current
 * user and (once) the configuration are loaded before the screen renders.
 */
export async function authenticatedLoader({ request }: LoaderFunctionArgs) {
  const path = pathOf(request);
  const toLogin = authenticatedRedirect({ authenticated: isAuthenticated(), path });
  if (toLogin) throw redirect(toLogin);
  const failure = await useSession.getState().ensureLoaded({ routeErrors: false });
  if (failure) throw redirectForFailure(failure, path);
  return null;
}

/**
 * The owner's pages (/users, /organizations...): anyone else gets the forbidden page. Runs beside
 * the authenticated guard, sharing its session request.
 */
export async function ownerLoader({ request }: LoaderFunctionArgs) {
  if (!isAuthenticated()) return null;
  const failure = await useSession.getState().ensureLoaded({ routeErrors: false });
  if (failure) throw redirectForFailure(failure, pathOf(request));
  if (!useSession.getState().user?.is_owner) throw redirect('/forbidden');
  return null;
}

/**
 * Screens that show the person's memberships (home): the current user is loaded afresh, so an
 * approved request or a new invitation shows without logging in again.
 */
export async function freshUserLoader({ request }: LoaderFunctionArgs) {
  if (!isAuthenticated()) return null;
  const failure = await useSession.getState().load({ routeErrors: false });
  if (failure) throw redirectForFailure(failure, pathOf(request));
  return null;
}
