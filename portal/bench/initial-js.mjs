// Measures what a first visit downloads: the gzipped JavaScript a page pulls in before it settles, in Chromium,
// against a running Tessera server, plus the gzipped size of the standalone widget bundle.
// Usage: node portal/bench/initial-js.mjs [baseUrl] [path ...]   (defaults: http://127.0.0.1:3000 /login)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const [baseUrl = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/login'];
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const path of pages) {
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
      } catch {
        // a script without a body (redirect): nothing to count
      }
    });
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    console.log(`portal initial JavaScript for ${path}: ${kb(total)} gzipped in ${scripts.size} files`);
    for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
    await page.close();
  }
} finally {
  await browser.close();
}

const standalone = new URL('../../widgets/dist/tessera-widgets.js', import.meta.url);
try {
  console.log(`standalone widgets bundle (${standalone.pathname.split('/').slice(-2).join('/')}): ${kb(gzipSync(readFileSync(standalone), { level: 9 }).length)} gzipped`);
} catch {
  console.log('standalone widgets bundle: not built (npm run build -w @tessera/widgets)');
}
