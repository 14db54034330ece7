import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

const reactForPreact = fileURLToPath(new URL('./src/standalone/react.js', import.meta.url));

/**
 * The one-script-tag bundle for any host page: `<script src="https://tessera.example/widgets/tessera-widgets.js">`.
 * It registers every custom element and carries its own UI runtime: React is swapped for preact/compat
 * (same API, a fraction of the size), so the widgets fit the 60 KB gzipped budget.
 */
export default defineConfig({
  plugins: [react()],
  // import.meta does not exist in a classic script; apiBase.ts falls back to document.currentScript.
  define: { 'process.env.NODE_ENV': JSON.stringify('production'), 'import.meta.url': 'undefined' },
  resolve: {
    // The SDK is bundled from its sources: no SDK build is needed first.
    conditions: ['tessera-source', ...defaultClientConditions],
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: reactForPreact },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    target: 'es2022',
    lib: {
      entry: 'src/standalone/index.ts',
      name: 'TesseraWidgets',
      formats: ['iife'],
      fileName: () => 'tessera-widgets.js',
    },
  },
});
