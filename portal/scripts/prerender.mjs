// Writes the static first paint of the public pages into the build (see src/prerender.tsx): for each page,
// `dist/<path>.html`, the built index.html with the page's markup in `#root` and a `<link>` to the stylesheet of the
// theme's rules those pages use (`dist/assets/prerender-<hash>.css`, cached for good like every asset). The server
// sends that file for the path (server/src/http/static.ts); every other path keeps index.html.
// Usage (after `vite build`, before precompressing): node scripts/prerender.mjs
import { createHash } from 'node:crypto';
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
  const { pages, css } = await prerender();
  const cssFile = `assets/prerender-${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`;
  writeFileSync(`${dist}${cssFile}`, css);
  const shell = readFileSync(`${dist}index.html`, 'utf8');
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`dist/index.html has no empty ${ROOT_ELEMENT}`);
  // The stylesheet before the entry script: the markup is painted with it, before any script has run. The scripts
  // only take the page over, so they are fetched at low priority: on a slow connection they no longer share it with
  // the stylesheet the first paint waits for.
  const withStyles = shell
    .replace('</title>', `</title>\n    <link rel="stylesheet" crossorigin href="/${cssFile}">`)
    .replaceAll(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
  for (const { path, html } of pages) {
    writeFileSync(`${dist}${path.slice(1)}.html`, withStyles.replace(ROOT_ELEMENT, `<div id="root">${html}</div>`));
  }
  console.log(`prerendered ${pages.map((page) => page.path).join(', ')} with ${cssFile} (${(css.length / 1024).toFixed(1)} KB)`);
} finally {
  await vite.close();
}
