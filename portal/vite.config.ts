import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

const API_ORIGIN = 'http://localhost:3000';

// `tessera-source` first: the SDK and widgets are compiled from their TypeScript sources, so no
// package build is needed while developing the portal.
export default defineConfig(({ command }) => ({
  base: '/',
  plugins: [react()],
  resolve: {
    conditions: ['tessera-source', ...defaultClientConditions],
    // React Router's package exports name only its development build (remix-run/react-router#12532, #14102): its
    // warnings and checks then run in the portal's start-up. The build takes the production build beside it.
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')) }]
        : [],
  },
  // The build's prerendering (scripts/prerender.mjs) loads the sources through Vite's SSR loader: the same condition.
  ssr: { resolve: { conditions: ['tessera-source', ...defaultServerConditions] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Route splitting left a first page pulling ~40 files of 1–5 KB (the modules page: 41), and a browser on
          // HTTP/1.1 fetches six at a time: Lighthouse's LCP waited on the queue. Common chunks under 32 KB (source
          // size) are copied into the chunks that read them, one module state shared through Rolldown's registry
          // (https://rolldown.rs/in-depth/inline-common-chunks): the modules page loads 12 files, /login 8, with no
          // more bytes. Chunks holding styles stay files, as Rolldown asks of a Vite build.
          experimentalInlineCommonChunks: { maxSize: 32 * 1024, exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/ },
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/widgets': API_ORIGIN,
    },
  },
}));
