import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A busy CI machine can take seconds for the first render of a widget.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
