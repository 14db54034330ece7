import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: ['tessera-source', ...defaultClientConditions] },
  test: {
    name: 'portal',
    environment: 'happy-dom',
    // Relative API URLs ('/api/...') resolve against this origin, as they do in the browser.
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
