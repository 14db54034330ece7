import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: ['tessera-source', ...defaultClientConditions] },
  test: {
    name: 'widgets',
    // Generous: a busy CI machine transforms the lazy screens and the ui kit on first use, which can take seconds.
    testTimeout: 30_000,
    // In CI a screen's test may run its first render on a machine busy with the server suites: a test that failed is
    // run once more, as the Playwright journeys are (the reporter marks it "retry x1", so a flaky test stays visible).
    retry: process.env.CI ? 1 : 0,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
