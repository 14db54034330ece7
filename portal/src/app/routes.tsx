import { Navigate, type RouteObject } from 'react-router';
import { authenticatedLoader, guestOnlyLoader } from '../guards/loaders';
import { RootErrorBoundary, RootLayout, RouteFallback } from './RootLayout';

/**
 * The route table of this slice (spec section 2.1). Every screen and layout is a lazy module, so
 * a visit to /login downloads only what /login shows.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: RouteFallback,
    children: [
      {
        // Guest only: an authenticated visitor is sent back to the previous path.
        loader: guestOnlyLoader,
        lazy: () => import('../features/shell/PublicLayout').then((m) => ({ Component: m.PublicLayout })),
        children: [
          { path: 'login', lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })) },
          { path: 'sign-up', lazy: () => import('../features/auth/SignUpPage').then((m) => ({ Component: m.SignUpPage })) },
          {
            path: 'forgot-password',
            lazy: () => import('../features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
          },
          {
            path: 'reset-password/:token',
            lazy: () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
          },
          {
            path: 'finish-registration/:token',
            lazy: () =>
              import('../features/auth/FinishRegistrationPage').then((m) => ({ Component: m.FinishRegistrationPage })),
          },
        ],
      },
      {
        // Open to anyone.
        lazy: () => import('../features/shell/PublicLayout').then((m) => ({ Component: m.PublicLayout })),
        children: [
          {
            path: 'confirm-email/:token',
            lazy: () => import('../features/auth/ConfirmEmailPage').then((m) => ({ Component: m.ConfirmEmailPage })),
          },
          { path: 'about', lazy: () => import('../features/about/AboutPage').then((m) => ({ Component: m.AboutPage })) },
          { path: 'whoops', lazy: () => import('../features/errors/ExceptionPages').then((m) => ({ Component: m.WhoopsPage })) },
          {
            path: 'no-response',
            lazy: () => import('../features/errors/ExceptionPages').then((m) => ({ Component: m.NoResponsePage })),
          },
          {
            path: 'forbidden',
            lazy: () => import('../features/errors/ExceptionPages').then((m) => ({ Component: m.ForbiddenPage })),
          },
          {
            path: 'not-found',
            lazy: () => import('../features/errors/ExceptionPages').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
      // Chromeless: no top bar, no logo; a host page embeds or links to it.
      { path: 'mlogin', lazy: () => import('../features/auth/MloginPage').then((m) => ({ Component: m.MloginPage })) },
      { path: 'logout', lazy: () => import('../features/auth/LogoutPage').then((m) => ({ Component: m.LogoutPage })) },
      {
        // Authenticated: the current user and configuration are loaded before these render.
        loader: authenticatedLoader,
        lazy: () => import('../features/shell/AppShell').then((m) => ({ Component: m.AppShell })),
        children: [
          { index: true, lazy: () => import('../features/home/HomePage').then((m) => ({ Component: m.HomePage })) },
          { path: 'profile', lazy: () => import('../features/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })) },
        ],
      },
      { path: '*', Component: () => <Navigate to="/not-found" replace /> },
    ],
  },
];
