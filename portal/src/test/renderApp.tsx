import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { connectErrorRouting } from '../app/connectErrorRouting';
import { routes } from '../app/routes';
import { rememberConnectedApp } from './connectedApps';

/** The whole portal (real routes, guards and error routing) in a memory router at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const disconnect = connectErrorRouting(router);
  rememberConnectedApp(disconnect);
  const view = render(<RouterProvider router={router} />);
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, location, disconnect };
}
