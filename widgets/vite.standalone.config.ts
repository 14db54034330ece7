import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const reactForPreact = fileURLToPath(new URL('./src/standalone/react.js', import.meta.url));

/**
 * react-aria's usePress prepends a `<style>` (one `touch-action` rule) to the page's <head> the first time a
 * pressable renders. The widgets write nothing into the host page, and under a strict `style-src` that element is
 * refused with a console error; the rule is in the widgets' own shadow-root CSS instead (theme.ts, HOST_CSS). The
 * build fails when a react-aria upgrade changes the line, so the patch never silently stops applying.
 */
const PRESSABLE_STYLE = 'ownerDocument.head.prepend(style);';
function noPressableStyleInHead(): Plugin {
  return {
    name: 'tessera-no-pressable-style-in-head',
    transform(code, id) {
      if (!/react-aria\/dist\/private\/interactions\/usePress\.m?js$/.test(id)) return null;
      if (!code.includes(PRESSABLE_STYLE)) throw new Error(`${id}: react-aria changed how usePress adds its style; see vite.standalone.config.ts`);
      return { code: code.replace(PRESSABLE_STYLE, '/* Tessera: the rule lives in the shadow roots */'), map: null };
    },
  };
}

/**
 * The one-script-tag bundle for any host page: `<script src="https://tessera.example/widgets/tessera-widgets.js">`.
 * It registers every custom element and carries its own UI runtime: React is swapped for preact/compat
 * (same API, a fraction of the size), so the widgets fit the 60 KB gzipped budget.
 */
export default defineConfig({
  plugins: [react(), noPressableStyleInHead()],
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
    // Terser, not the default minifier: three compress passes and top-level mangling (safe inside the IIFE) take
    // 1.4 KB gzip off tessera-widgets.js, the room the session provider and the popup login needed under issue 12's
    // 70 KB gzip budget. Only its safe transforms: no `unsafe*`, no `pure_getters`.
    minify: 'terser',
    terserOptions: { ecma: 2020, toplevel: true, compress: { passes: 3 }, format: { comments: false } },
    target: 'es2022',
    lib: {
      entry: 'src/standalone/index.ts',
      name: 'TesseraWidgets',
      formats: ['iife'],
      fileName: () => 'tessera-widgets.js',
    },
  },
});
