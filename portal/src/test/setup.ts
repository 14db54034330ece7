import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { adoptTesseraStyles } from '@tessera/widgets/theme';
import { setErrorRouter } from '../api/errorRouting';
import { queryClient } from '../api/queries';
import { clearToasts } from '../ui/Toasts';
import { disconnectRenderedApps } from './connectedApps';

// As main.tsx does: the theme's rules reach the document as an adopted stylesheet, so computed styles are real.
adoptTesseraStyles(document);

// Screens are lazy route modules: their first import in a busy run can take a few seconds.
configure({ asyncUtilTimeout: 15_000 });

// One hook, in this order: the app is unmounted and unplugged, and its requests are dropped, before the fake
// server behind fetch goes; a test file's own hook would run first and leave a mounted app on the real fetch.
afterEach(async () => {
  cleanup();
  disconnectRenderedApps();
  await queryClient.cancelQueries();
  localStorage.clear();
  sessionStorage.clear();
  setErrorRouter(null);
  clearToasts();
  // Each test starts with nothing read: the portal's one cache outlives a rendered app.
  queryClient.clear();
  vi.unstubAllGlobals();
});
