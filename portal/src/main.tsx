import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { connectErrorRouting } from './app/connectErrorRouting';
import { routes } from './app/routes';

const router = createBrowserRouter(routes);
connectErrorRouting(router);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
