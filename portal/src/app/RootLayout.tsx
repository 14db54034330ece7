import { globalCss, styled } from '@tessera/widgets/stitches';
import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from 'react-router';
import { QueryProvider } from '../api/queries';
import { EXCEPTION_TITLES, ExceptionPage } from '../features/errors/ExceptionPage';
import { PublicLayout } from '../features/shell/PublicLayout';
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
  // The one cache of server data: route loaders fill it outside React, the screens read it (api/queries.ts).
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}

// No margin: a paragraph's margin would collapse through <main> and move the body down, and the body then jumps
// back up when the screen replaces this (a layout shift).
const Loading = styled('p', { margin: 0, padding: '$5', textAlign: 'center', color: '$textMuted' });

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
 * A lazy module that could not be fetched: the browsers' words for a failed `import()` (Chromium, Firefox,
 * Safari). The modules come from the server the API is on, so this is the server not answering.
 */
function isModuleLoadFailure(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|importing a module script failed/i.test(error.message);
}

function exceptionTitle(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 404) return EXCEPTION_TITLES.notFound;
  return isModuleLoadFailure(error) ? EXCEPTION_TITLES.noResponse : EXCEPTION_TITLES.whoops;
}

/**
 * A screen that failed to render or its module failed to load: not-found for a 404 answer, No Response From
 * Server when a module could not be fetched, else whoops; with the public top bar. Part of the entry chunk, so it
 * shows even when lazy modules cannot be fetched.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  globalStyles();
  return (
    <PublicLayout>
      <ExceptionPage title={exceptionTitle(error)} />
    </PublicLayout>
  );
}
