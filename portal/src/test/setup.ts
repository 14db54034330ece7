import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setErrorRouter } from '../api/errorRouting';
import { clearToasts } from '../ui/Toasts';

// Screens are lazy route modules: their first import in a busy run can take a few seconds.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  setErrorRouter(null);
  clearToasts();
});
