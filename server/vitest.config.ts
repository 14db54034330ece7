import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['tessera-source'] },
  ssr: { resolve: { conditions: ['tessera-source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // API suites start real servers with argon2 hashing: give slow machines room, but keep files in parallel.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
