// Measures what a first visit downloads: the gzipped JavaScript a page pulls in before it settles, in Chromium,
// plus the gzipped sizes of the standalone widget bundles. Needs `npm run build`.
// Usage: node portal/bench/initial-js.mjs [baseUrl|-] [path ...]
//   with no baseUrl (or "-") it starts the built server itself on a free port with a fresh data folder (demo data).
//   A path written `email:/path` is visited logged in as that demo account (password Demo-pass-1): tokens in
//   localStorage before the first script runs, as after a login, but with an empty browser cache.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const [given, ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/login'];
const server = given && given !== '-' ? null : await startServer();
const baseUrl = server?.url ?? given;

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bundles-'));
  const port = 3400 + Math.floor(Math.random() * 500);
  const entry = new URL('../../server/dist/main.js', import.meta.url).pathname;
  const child = spawn(process.execPath, [entry, '--demo'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/version`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { url, stop: () => (child.kill(), rmSync(dataDir, { recursive: true, force: true })) };
}
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/** The portal's stored session for a demo account (sdk DEFAULT_TOKEN_KEY), or null for a guest visit. */
async function sessionFor(email) {
  if (!email) return null;
  const response = await fetch(new URL('/api/token', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'tessera-web', email, password: 'Demo-pass-1' }),
  });
  if (!response.ok) throw new Error(`login as ${email} failed: ${response.status}`);
  const tokens = await response.json();
  return JSON.stringify({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const entry of pages) {
    const [email, path] = entry.includes(':') ? entry.split(/:(.*)/s, 2) : [null, entry];
    const page = await browser.newPage();
    const session = await sessionFor(email);
    if (session) await page.addInitScript((stored) => localStorage.setItem('tessera.tokens', stored), session);
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
    console.log(`portal initial JavaScript for ${path}${email ? ` (as ${email})` : ''}: ${kb(total)} gzipped in ${scripts.size} files`);
    for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
    await page.close();
  }
} finally {
  await browser.close();
  server?.stop();
}

for (const [file, what] of [
  ['tessera-widgets.js', 'standalone widgets bundle'],
  ['tessera-login.js', 'login-only standalone bundle'],
]) {
  try {
    const bundle = new URL(`../../widgets/dist/${file}`, import.meta.url);
    console.log(`${what} (dist/${file}): ${kb(gzipSync(readFileSync(bundle), { level: 9 }).length)} gzipped`);
  } catch {
    console.log(`${what}: not built (npm run build -w @tessera/widgets)`);
  }
}
