import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const API_ORIGIN = 'http://localhost:3000';

// `tessera-source` first: the SDK and widgets are compiled from their TypeScript sources, so no
// package build is needed while developing the portal.
export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: { conditions: ['tessera-source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/widgets': API_ORIGIN,
    },
  },
});
