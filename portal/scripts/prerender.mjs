// Writes the static first paint into the build (see src/prerender.tsx): for each public page, `dist/<path>.html`, the
// built index.html with the page's markup in `#root`, which the server sends for the path (server/src/http/static.ts);
// and index.html itself, which every other path keeps, with the app's loading state in `#root`. Each carries the
// theme's rules its markup uses in a `<style>` of its own: the first paint then waits for the page alone, not for a
// stylesheet one more round trip away (the portal's Content-Security-Policy allows inline styles).
// Usage (after `vite build`, before precompressing): node scripts/prerender.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const ROOT_ELEMENT = '<div id="root"></div>';

// Vite's SSR loader compiles the sources as the build does (the same config, its `tessera-source` condition).
const vite = await createServer({ root, logLevel: 'error', server: { middlewareMode: true, hmr: false }, appType: 'custom' });
try {
  /** @type {import('../src/prerender').prerender} */
  const prerender = (await vite.ssrLoadModule('/src/prerender.tsx')).prerender;
  const { pages, shell: loadingShell, css } = await prerender();
  if (css.includes('</')) throw new Error('the prerendered styles would close their <style> element');
  const shell = readFileSync(`${dist}index.html`, 'utf8');
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`dist/index.html has no empty ${ROOT_ELEMENT}`);
  const withStyles = shell.replace('</title>', `</title>\n    <style>${css}</style>`);
  // A public page's scripts only take the page over, so they are fetched at low priority: on a slow connection they
  // leave it to the page's own requests.
  const takenOver = withStyles.replaceAll(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
  for (const { path, html } of pages) {
    writeFileSync(`${dist}${path.slice(1)}.html`, takenOver.replace(ROOT_ELEMENT, `<div id="root">${html}</div>`));
  }
  // Every other page shows its loading state until the app's first screen is ready; there the scripts are what the
  // screen waits for, at their usual priority. Written last: the pages above are made from the empty index.html.
  writeFileSync(`${dist}index.html`, withStyles.replace(ROOT_ELEMENT, `<div id="root">${loadingShell}</div>`));
  console.log(`prerendered ${pages.map((page) => page.path).join(', ')} and the loading shell, with ${(css.length / 1024).toFixed(1)} KB of styles`);
} finally {
  await vite.close();
}
