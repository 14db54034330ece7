// Lighthouse's mobile run (its default: a mid-range phone on a throttled 4G connection, simulated) on the portal's
// pages, and what each page and each standalone widget bundle costs on the wire. A figure, not a test: it is not
// part of CI. Needs `npm run build`.
// Usage: node portal/bench/lighthouse.mjs [baseUrl|-] [path ...]
//   with no baseUrl (or "-") it starts the built server itself on a free port with a fresh data folder (demo data).
//   A path written `email:/path` is visited logged in as that demo account (password Demo-pass-1): the tokens are in
//   localStorage before the page loads, and the browser cache is empty.
// Prints performance and accessibility scores (goal: performance >= 95, accessibility 100), LCP, the bytes the page
// transferred (Lighthouse's total-byte-weight) and the widget bundles' bytes on the wire for brotli, gzip and none.
// LIGHTHOUSE_REPORT_DIR=<folder> also writes each page's full Lighthouse report (JSON) there.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

const [given, ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/login', '/about', 'learner@example.com:/acme-training/modules'];
const server = given && given !== '-' ? null : await startServer();
const baseUrl = server?.url ?? given;
const PASSWORD = 'Demo-pass-1';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const WIDGET_BUNDLES = ['/widgets/tessera-widgets.js', '/widgets/tessera-login.js'];

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-lighthouse-'));
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

/** The portal's stored session (sdk DEFAULT_TOKEN_KEY) for a demo account. */
async function sessionFor(email) {
  const response = await fetch(new URL('/api/token', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'tessera-web', email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login as ${email} failed: ${response.status}`);
  const tokens = await response.json();
  return JSON.stringify({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
}

/** Bytes on the wire (body as sent, before decoding) of a GET with the given Accept-Encoding. */
function wireBytes(path, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl), { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity', etag: res.headers.etag }));
    });
    req.on('error', reject);
    req.end();
  });
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function audit(entry, port, context) {
  const [email, path] = entry.includes(':') ? entry.split(/:(.*)/s, 2) : [null, entry];
  if (email) {
    // A same-origin JSON answer (nothing cached that the page needs) to write the session into localStorage.
    const page = await context.newPage();
    await page.goto(new URL('/api/version', baseUrl).href);
    const session = await sessionFor(email);
    await page.evaluate((stored) => localStorage.setItem('tessera.tokens', stored), session);
    await page.close();
  }
  const result = await lighthouse(new URL(path, baseUrl).href, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // A logged-in visit keeps its localStorage; the cache is still empty (a fresh profile per page).
    disableStorageReset: Boolean(email),
  });
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    writeFileSync(join(process.env.LIGHTHOUSE_REPORT_DIR, `${path.replace(/\W+/g, '_')}.json`), result.report);
  }
  const { categories, audits } = result.lhr;
  const score = (category) => Math.round((categories[category].score ?? 0) * 100);
  return {
    where: `${path}${email ? ` as ${email}` : ''}`,
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcp: audits['largest-contentful-paint'].displayValue,
    fcp: audits['first-contentful-paint'].displayValue,
    tbt: audits['total-blocking-time'].displayValue,
    bytes: audits['total-byte-weight'].numericValue,
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
      .map((a) => a.id),
  };
}

const results = [];
try {
  for (const entry of pages) {
    // A fresh profile per page: an empty cache, and nothing stored but what the visit sets.
    const profile = mkdtempSync(join(tmpdir(), 'tessera-lighthouse-profile-'));
    const port = 9300 + Math.floor(Math.random() * 500);
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [...CHROME_FLAGS, `--remote-debugging-port=${port}`],
    });
    try {
      results.push(await audit(entry, port, context));
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
  console.log('Lighthouse mobile (simulated throttling):');
  for (const r of results) {
    console.log(
      `  ${r.where}: performance ${r.performance}, accessibility ${r.accessibility}, LCP ${r.lcp}, FCP ${r.fcp}, TBT ${r.tbt}, transferred ${kib(r.bytes)}`,
    );
    if (r.failing.length) console.log(`    audits under 0.9: ${r.failing.join(', ')}`);
  }
  console.log('Widget bundles on the wire:');
  for (const path of WIDGET_BUNDLES) {
    const [br, gzip, identity] = [await wireBytes(path, 'br, gzip'), await wireBytes(path, 'gzip'), await wireBytes(path, 'identity')];
    console.log(
      `  ${path}: ${kib(br.bytes)} (${br.encoding}), ${kib(gzip.bytes)} (${gzip.encoding}), ${kib(identity.bytes)} (identity); ETag ${br.etag ?? 'none'}`,
    );
  }
} finally {
  server?.stop();
}
