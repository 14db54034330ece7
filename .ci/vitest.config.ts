import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Every package's unit and API tests, as one run (each package keeps its own vitest.config.ts).
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    projects: ['sdk/vitest.config.ts', 'server/vitest.config.ts', 'widgets/vitest.config.ts', 'portal/vitest.config.ts'],
  },
});
