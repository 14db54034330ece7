// Renders every story of the built Storybook (storybook-static) in Debian's Chromium and fails when a
// story throws or its play function's expectations fail. No network: a local static server only.
//
//   npm run build -w @tessera/storybook && npm run check -w @tessera/storybook
//   npm run check -w @tessera/storybook -- portal-servertable   (only stories whose id contains one of the words)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const staticDir = fileURLToPath(new URL('../storybook-static/', import.meta.url));
const types = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.svg': 'image/svg+xml' };

const server = createServer(async (request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  try {
    const body = await readFile(join(staticDir, path === '/' ? 'index.html' : path));
    response.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const index = JSON.parse(await readFile(join(staticDir, 'index.json'), 'utf8'));
const only = process.argv.slice(2);
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story' && (only.length === 0 || only.some((word) => entry.id.includes(word))));

const FAILURE_EVENTS = ['playFunctionThrewException', 'storyThrewException', 'storyErrored', 'storyMissing', 'unhandledErrorsWhilePlaying'];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
let failed = 0;
try {
  for (const story of stories) {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Listen to the preview's channel from the start: it reports failed play functions and render errors.
    await page.addInitScript((failureEvents) => {
      const seen = { failures: [], finished: false };
      globalThis.__storyCheck = seen;
      let channel;
      Object.defineProperty(globalThis, '__STORYBOOK_ADDONS_CHANNEL__', {
        configurable: true,
        get: () => channel,
        set(value) {
          channel = value;
          const emit = value.emit.bind(value);
          value.emit = (name, ...args) => {
            if (failureEvents.includes(name)) seen.failures.push(`${name}: ${args[0]?.message ?? ''}`);
            if (name === 'storyFinished') seen.finished = true;
            return emit(name, ...args);
          };
        },
      });
    }, FAILURE_EVENTS);
    await page.goto(`${origin}/iframe.html?id=${story.id}&viewMode=story`);
    const finished = await page
      .waitForFunction(() => globalThis.__storyCheck.finished, undefined, { timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    const failures = await page.evaluate(() => globalThis.__storyCheck.failures);
    const problems = [...failures, ...errors, ...(finished ? [] : ['did not finish within 15 s'])];
    if (problems.length > 0) failed += 1;
    console.log(`${problems.length ? 'FAIL' : 'ok  '} ${story.id}${problems.length ? ` (${problems.join('; ')})` : ''}`);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`${stories.length - failed} stories passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
