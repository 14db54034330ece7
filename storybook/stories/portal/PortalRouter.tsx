import { setErrorRouter } from '@portal/api/errorRouting';
import { QueryProvider, queryClient } from '@portal/api/queries';
import { EXCEPTION_TITLES, ExceptionPage } from '@portal/features/errors/ExceptionPage';
import { globalRouteFor, NO_RESPONSE } from '@portal/api/outcome';
import { ORGANIZATION_ROUTE_ID } from '@portal/app/routeIds';
import type { OrganizationContext } from '@portal/features/organization/organizationContext';
import { Text } from '@portal/ui/Page';
import type { Decorator } from '@storybook/react-vite';
import { styled } from '@tessera/widgets/stitches';
import { Heading } from '@tessera/widgets/ui';
import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { serveFake, type FakeRoutes } from './fakeServer';

/** The portal's body text (its RootLayout sets it globally; a story sets it on its own box). */
const Surface = styled('div', { fontFamily: '$body', fontSize: '$3', lineHeight: '$body', color: '$text' });

/** The global error pages a failed call is routed to (spec section 8), as the portal titles them. */
const ERROR_PAGES: [status: number, title: string][] = [
  [500, EXCEPTION_TITLES.whoops],
  [NO_RESPONSE, EXCEPTION_TITLES.noResponse],
  [403, EXCEPTION_TITLES.forbidden],
  [404, EXCEPTION_TITLES.notFound],
];

// The story is handed to the router's first page through context: the router is made once, the story
// re-renders with its args.
const StoryContent = createContext<ReactNode>(null);

function StoryPage() {
  return <>{useContext(StoryContent)}</>;
}

/** A page a story can navigate to (Cancel goes back to the list): its heading says where we are. */
export function placeholderPage(title: string): ReactNode {
  return <Heading level={1}>{title}</Heading>;
}

/** The routes of the global error pages, which a failed call is routed to. */
function errorPageRoutes(): RouteObject[] {
  return ERROR_PAGES.map(([status, title]) => ({ path: globalRouteFor(status) ?? '', element: <ExceptionPage title={title} /> }));
}

function storyRoutes(pages: Record<string, ReactNode>): RouteObject[] {
  return [{ path: '/', element: <StoryPage /> }, ...errorPageRoutes(), ...Object.entries(pages).map(([path, element]) => ({ path, element }))];
}

/**
 * The portal's surroundings for a story: an in-memory data router (links, navigate, and the blocker of
 * the unsaved-changes prompt need one) and the portal's global error routing plugged into it, so a call
 * that fails with a 5xx or no answer shows the portal's error page as it would in the app.
 */
function PortalRouter({ pages = {}, children }: { pages?: Record<string, ReactNode>; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter(storyRoutes(pages)));
  // Each story starts with nothing read: the portal's one cache outlives a story.
  useState(() => queryClient.clear());
  // A layout effect: plugged in before any screen's first call can fail (those start in passive effects).
  useLayoutEffect(() => {
    // Stories have no session: a 401 or an access block has nowhere to go, only the error pages are routed.
    setErrorRouter({ goTo: (path) => void router.navigate(path), unauthenticated: () => {}, accessBlocked: () => {} });
    return () => setErrorRouter(null);
  }, [router]);
  return (
    <Surface>
      <QueryProvider>
        <StoryContent.Provider value={children}>
          <RouterProvider router={router} />
        </StoryContent.Provider>
      </QueryProvider>
    </Surface>
  );
}

/** The organization a story's whole page works in, as a master (the organization's route answers it). */
export const STORY_ORGANIZATION: OrganizationContext = {
  organization: { id: 'acme-training-id', name: 'Acme Training', slug: 'acme-training', enable_bioreq: false },
  role: 'master',
  block: null,
};

export interface OrganizationPagesProps {
  /** Where the story starts, e.g. `/acme-training/admin/webhooks`. */
  path: string;
  /** The pages under `/:organization` (their loaders run, as in the app). */
  pages: RouteObject[];
  /** What the fake server answers the page's SDK calls (see fakeServer). */
  server: FakeRoutes;
}

/**
 * A whole portal page of an organization in a story: the organization's route (its loader data is what
 * `useOrganization` reads), the page's own route with its loader, the global error pages, and the page's SDK calls
 * answered by the fake server. As PortalRouter, each story starts with nothing read.
 */
export function OrganizationPages({ path, pages, server }: OrganizationPagesProps) {
  const [router] = useState(() => {
    queryClient.clear();
    // Before the router exists: its first navigation runs the page's loader, which already calls the server.
    serveFake(server);
    return createMemoryRouter(
      [
        {
          id: ORGANIZATION_ROUTE_ID,
          path: '/:organization',
          loader: () => STORY_ORGANIZATION,
          HydrateFallback: () => <Text role="status">Loading...</Text>,
          children: pages,
        },
        ...errorPageRoutes(),
        { path: '*', element: placeholderPage('Another page') },
      ],
      { initialEntries: [path] },
    );
  });
  useLayoutEffect(() => {
    setErrorRouter({ goTo: (to) => void router.navigate(to), unauthenticated: () => {}, accessBlocked: () => {} });
    return () => setErrorRouter(null);
  }, [router]);
  return (
    <Surface>
      <QueryProvider>
        <RouterProvider router={router} />
      </QueryProvider>
    </Surface>
  );
}

/** The decorator form of PortalRouter; `pages` are further routes the story can go to. */
export function withPortalRouter(pages: Record<string, ReactNode> = {}): Decorator {
  return (Story) => (
    <PortalRouter pages={pages}>
      <Story />
    </PortalRouter>
  );
}

export interface GuestPagesProps {
  /** The pages' routes; any other path shows a placeholder ("Another page"). */
  routes: RouteObject[];
  path: string;
  server: FakeRoutes;
  /** Runs before the first render (a stored login, say); what it answers runs when the story closes. */
  prepare?: () => () => void;
}

/** Pages outside an organization (signing in, an application's sign-in request) at `path`, their calls answered by the fake server. */
export function GuestPages({ routes, path, server, prepare }: GuestPagesProps) {
  const [{ router, cleanup }] = useState(() => {
    queryClient.clear();
    const undo = prepare?.();
    serveFake(server);
    return {
      router: createMemoryRouter([...routes, { path: '*', element: placeholderPage('Another page') }], { initialEntries: [path] }),
      cleanup: undo,
    };
  });
  useLayoutEffect(() => {
    setErrorRouter({ goTo: (to) => void router.navigate(to), unauthenticated: () => {}, accessBlocked: () => {} });
    return () => {
      setErrorRouter(null);
      cleanup?.();
    };
  }, [router, cleanup]);
  return (
    <QueryProvider>
      <RouterProvider router={router} />
    </QueryProvider>
  );
}
