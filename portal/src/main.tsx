import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { adoptTesseraStyles } from '@tessera/widgets/theme';
import { connectErrorRouting } from './app/connectErrorRouting';
import { routes } from './app/routes';
import { useSession } from './state/session';
import { isAuthenticated } from './state/tokens';

// The theme's rules reach the document as a constructable stylesheet (no <style> element: see the theme module).
adoptTesseraStyles(document);

// A returning person's current user is asked for now, while the route's code downloads (state/session.ts).
if (isAuthenticated()) useSession.getState().preload();

const router = createBrowserRouter(routes);
connectErrorRouting(router);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
