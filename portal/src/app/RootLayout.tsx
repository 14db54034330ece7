import { globalCss, styled } from '@tessera/widgets/theme';
import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from 'react-router';
import { EXCEPTION_TITLES, ExceptionPage } from '../features/errors/ExceptionPage';
import { Main } from '../features/shell/Chrome';
import { accessOf } from '../guards/access';
import { useHistoryStore } from '../state/history';

const globalStyles = globalCss({
  '*, *::before, *::after': { boxSizing: 'border-box' },
  body: {
    margin: 0,
    fontFamily: '$body',
    fontSize: '$3',
    lineHeight: '$body',
    color: '$text',
    backgroundColor: '$surfaceMuted',
  },
});

/** Paths an authenticated visitor of a guest-only page must not be sent back to. */
function isWorthReturningTo(pathname: string): boolean {
  return accessOf(pathname) !== 'guest' && !/^\/(logout|mlogin)\/?$/.test(pathname);
}

/** Remembers the last page worth returning to, for the guest-only guard (spec 2.1). */
function useRememberPreviousPath() {
  const { pathname, search } = useLocation();
  const remember = useHistoryStore((state) => state.remember);
  useEffect(() => {
    if (isWorthReturningTo(pathname)) remember(`${pathname}${search}`);
  }, [pathname, search, remember]);
}

export function RootLayout() {
  globalStyles();
  useRememberPreviousPath();
  return <Outlet />;
}

const Loading = styled('p', { padding: '$5', textAlign: 'center', color: '$textMuted' });

/** Shown while the first screen's module loads. */
export function RouteFallback() {
  globalStyles();
  return (
    <main>
      <Loading role="status">Loading...</Loading>
    </main>
  );
}

/**
 * A screen that failed to render or its module failed to load: not-found for a 404 answer, else
 * whoops. Part of the entry chunk, so it shows even when lazy modules cannot be fetched.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  globalStyles();
  return (
    <Main layout="centered">
      <ExceptionPage title={isRouteErrorResponse(error) && error.status === 404 ? EXCEPTION_TITLES.notFound : EXCEPTION_TITLES.whoops} />
    </Main>
  );
}
