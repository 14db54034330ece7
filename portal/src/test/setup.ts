import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setErrorRouter } from '../api/errorRouting';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  setErrorRouter(null);
});
