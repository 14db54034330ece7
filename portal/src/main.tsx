import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { adoptTesseraStyles } from '@tessera/widgets/theme';
import { connectErrorRouting } from './app/connectErrorRouting';
import { routes } from './app/routes';

// The theme's rules reach the document as a constructable stylesheet (no <style> element: see the theme module).
adoptTesseraStyles(document);

const router = createBrowserRouter(routes);
connectErrorRouting(router);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
