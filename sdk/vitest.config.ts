import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['tessera-source'] },
  test: { name: 'sdk', environment: 'node', include: ['test/**/*.test.ts'] },
});
