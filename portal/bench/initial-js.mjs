// Measures what a first visit downloads: the JavaScript (brotli, as served) a page pulls in before it settles, in Chromium,
// then the Markdown editor's chunk that only author pages load, and the on-the-wire sizes of the standalone widget
// bundles. Every figure is printed with its budget and PASS or FAIL; the budgets and the unit (KB = 1024 bytes,
// brotli quality 11, as served) are shared with widgets/scripts/report-size.mjs. Needs `npm run build`. Exits with 1 when a
// figure is over its budget.
// Usage: node portal/bench/initial-js.mjs [baseUrl|-] [path ...]
//   with no baseUrl (or "-") it starts the built server itself on a free port with a fresh data folder (demo data).
//   A path written `email:/path` is visited logged in as that demo account (password Demo-pass-1): tokens in
//   localStorage before the first script runs, as after a login, but with an empty browser cache.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { BUDGETS, STANDALONE_BUNDLES, UNIT, budgetLine, wireFileSize, wireSize, kb } from '../../widgets/scripts/size-budgets.mjs';

const [given, ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/login'];
const server = given && given !== '-' ? null : await startServer();
const baseUrl = server?.url ?? given;
const PASSWORD = 'Demo-pass-1';
const ORGANIZATION = 'acme-training';
/** The author who opens the items editor for the Markdown editor's figure. */
const AUTHOR = 'admin@example.com';

/** Budgets of the portal's pages, by the path visited: /login, and a client modules page (/:organization/modules). */
function pageBudget(path) {
  if (path === '/login') return BUDGETS.portalLogin;
  if (/^\/[^/]+\/modules$/.test(path)) return BUDGETS.portalClientModules;
  return undefined;
}

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

/** The tokens of a demo account, or null for a guest visit. */
async function tokensFor(email) {
  if (!email) return null;
  const response = await fetch(new URL('/api/token', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'tessera-web', email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login as ${email} failed: ${response.status}`);
  return response.json();
}

/** The portal's stored session (sdk DEFAULT_TOKEN_KEY) for a demo account, or null for a guest visit. */
async function sessionFor(email) {
  const tokens = await tokensFor(email);
  return tokens && JSON.stringify({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
}

/** A page of a fresh context (empty cache) that records the on-the-wire size of every script it fetches. */
async function recordingPage(email) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const session = await sessionFor(email);
  if (session) await page.addInitScript((stored) => localStorage.setItem('tessera.tokens', stored), session);
  const scripts = new Map();
  const reading = new Set();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const read = response
      .body()
      .then((body) => scripts.set(response.url(), wireSize(body)))
      // a script without a body (redirect): nothing to count
      .catch(() => undefined)
      .finally(() => reading.delete(read));
    reading.add(read);
  });
  /** Waits for the network to settle and every script body to be read; answers what was fetched so far. */
  async function settle() {
    await page.waitForLoadState('networkidle');
    while (reading.size) await Promise.all([...reading]);
    return new Map(scripts);
  }
  return { page, settle, close: () => context.close() };
}

const sum = (sizes) => [...sizes.values()].reduce((total, size) => total + size, 0);

function printFiles(scripts) {
  for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`    ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
}

/** An empty topic (module, component, topic) written by the author through the API; answers its id. */
async function emptyTopic() {
  const { access_token: token } = await tokensFor(AUTHOR);
  const stamp = Date.now();
  async function create(path, name) {
    const response = await fetch(new URL(`/api/tenants/${ORGANIZATION}${path}`, baseUrl), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ name: `${name} ${stamp}`, description: 'Written by the bundle bench.' }),
    });
    if (!response.ok) throw new Error(`POST ${path} failed: ${response.status} ${await response.text()}`);
    return (await response.json()).data.id;
  }
  const module = await create('/modules', 'Bench module');
  const component = await create(`/modules/${module}/components`, 'Bench component');
  return create(`/components/${component}/topics`, 'Bench topic');
}

/**
 * The Markdown editor (@uiw/react-md-editor, lazily imported by MarkdownField): the author opens the items
 * editor of an empty topic and adds a row; every script fetched once a paragraph is added (and the editor
 * shows) belongs to the editor: MarkdownEditor-*.js and the chunks only it imports.
 */
async function markdownEditorChunks() {
  const editorPath = `/${ORGANIZATION}/admin/topics/${await emptyTopic()}/items`;
  const { page, settle, close } = await recordingPage(AUTHOR);
  try {
    await page.goto(new URL(editorPath, baseUrl).href);
    await page.getByRole('button', { name: 'Add Row' }).click();
    await page.getByRole('button', { name: 'Add Paragraph to Row 1' }).waitFor();
    const before = await settle();
    await page.getByRole('button', { name: 'Add Paragraph to Row 1' }).click();
    await page.getByRole('textbox', { name: 'Text of Paragraph 1 in Row 1' }).waitFor();
    const after = await settle();
    const editor = new Map([...after].filter(([url]) => !before.has(url)));
    if (![...editor.keys()].some((url) => /\/MarkdownEditor-[\w-]+\.js$/.test(new URL(url).pathname))) {
      throw new Error(`no MarkdownEditor-*.js chunk was fetched when the paragraph editor opened on ${editorPath}`);
    }
    return { editorPath, editor, before };
  } finally {
    await close();
  }
}

const results = [];
function report(label, bytes, budget) {
  const { line, pass } = budgetLine(label, bytes, budget);
  results.push({ line, pass });
  console.log(line);
}

console.log(`Sizes in ${UNIT}.`);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const entry of pages) {
    const [email, path] = entry.includes(':') ? entry.split(/:(.*)/s, 2) : [null, entry];
    const { page, settle, close } = await recordingPage(email);
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
    const scripts = await settle();
    const settled = new URL(page.url()).pathname;
    const where = `${path}${settled === path ? '' : ` (settles on ${settled})`}${email ? ` as ${email}` : ''}`;
    report(`portal initial JavaScript for ${where}, ${scripts.size} files`, sum(scripts), pageBudget(path));
    printFiles(scripts);
    await close();
  }

  const { editorPath, editor, before } = await markdownEditorChunks();
  report(
    `portal Markdown editor chunks (author pages only; fetched when a paragraph opens on ${editorPath} as ${AUTHOR}, after ${kb(sum(before))} for the page), ${editor.size} files`,
    sum(editor),
  );
  printFiles(editor);
  const own = [...editor].filter(([url]) => /\/MarkdownEditor-[\w-]+\.js$/.test(new URL(url).pathname));
  console.log(`  of which MarkdownEditor-*.js itself: ${kb(sum(new Map(own)))} on the wire (the others may be shared with other lazy pages)`);
} finally {
  await browser.close();
  server?.stop();
}

for (const { file, what, budget } of STANDALONE_BUNDLES) {
  const bundle = new URL(`../../widgets/dist/${file}`, import.meta.url);
  if (!existsSync(bundle)) {
    console.log(`${what}: not built (npm run build -w @tessera/widgets): FAIL`);
    results.push({ line: `${what}: not built`, pass: false });
    continue;
  }
  report(`${what}, widgets/dist/${file}`, wireFileSize(bundle), budget);
}

console.log(`\nBudgets (${UNIT}):`);
for (const { line } of results) console.log(`  ${line}`);
if (results.some((result) => !result.pass)) {
  console.error('over budget');
  process.exitCode = 1;
}
