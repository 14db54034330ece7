// Time to render a topic of 200 items in Chromium, from navigation start to the last item painted.
//
//   npm run build && npm run bench -w @tessera/widgets        (ROWS=100 RUNS=5 to change)
//
// Against the real thing: the built Tessera server (server/dist, demo data, its own temporary data folder) with a
// topic seeded through the API — ROWS rows of one paragraph each (200 items by default: 100 rows and their 100
// paragraphs, every fifth row a procedure) — and a host page on a second origin that loads the standalone
// bundle (/widgets/tessera-widgets.js) and shows <tessera-topic-viewer>. The learner's tokens are put into
// localStorage before the page loads, as after a login. Each run is a fresh browser context (cold cache).
// Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH). Fails when the median is over the 1 s budget.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const BUDGET_MS = 1000;
const ROWS = Number(process.env.ROWS ?? 100);
const RUNS = Number(process.env.RUNS ?? 5);
const ORGANIZATION = 'acme-training';
const PASSWORD = 'Demo-pass-1';
const root = fileURLToPath(new URL('../..', import.meta.url));

function listen(handler) {
  return new Promise((resolve) => {
    const server = createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${server.address().port}` }));
  });
}

async function freePort() {
  const { server } = await listen(() => undefined);
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startTessera(hostOrigin) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/dist/main.js', '--demo'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: origin, ALLOWED_ORIGINS: hostOrigin },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; tries < 120; tries += 1) {
    try {
      if ((await fetch(`${origin}/api/version`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const stop = () => {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, stop };
}

function apiFor(origin) {
  async function token(email) {
    const body = new URLSearchParams({ grant_type: 'password', client_id: 'tessera-web', email, password: PASSWORD });
    const response = await fetch(`${origin}/api/token`, { method: 'POST', body });
    if (!response.ok) throw new Error(`login of ${email}: ${response.status} ${await response.text()}`);
    const json = await response.json();
    return { accessToken: json.access_token, refreshToken: json.refresh_token };
  }
  async function call(tokens, method, path, data) {
    const response = await fetch(`${origin}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${tokens.accessToken}`, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()).data;
  }
  return { token, call };
}

/** A module, component and topic of ROWS rows with a paragraph each, related to the demo learner. */
async function seedTopic(origin) {
  const { token, call } = apiFor(origin);
  const admin = await token('admin@example.com');
  const master = await token('master@example.com');
  const learner = await token('learner@example.com');
  const base = `/tenants/${ORGANIZATION}`;
  const module = await call(admin, 'POST', `${base}/modules`, { name: 'Bench module', description: 'Render budget.' });
  const component = await call(admin, 'POST', `${base}/modules/${module.id}/components`, { name: 'Bench component', description: 'Render budget.' });
  const topic = await call(admin, 'POST', `${base}/components/${component.id}/topics`, { name: 'Bench topic', description: 'Render budget.' });
  const items = [];
  for (let row = 0; row < ROWS; row += 1) {
    items.push({ id: `r${row}`, type: 'row', order: row, text: `Step ${row + 1}`, is_procedure: row % 5 === 0 });
    items.push({ id: `p${row}`, type: 'paragraph', row_id: `r${row}`, order: 0, text: `Paragraph **${row + 1}**: [a link](https://example.com/${row}).` });
  }
  await call(admin, 'PUT', `${base}/topics/${topic.id}/items`, { items });
  const [membership] = await call(master, 'GET', `${base}/tenant-users?search=learner@example.com`);
  await call(master, 'POST', `${base}/modules/${module.id}/tenant-users`, { tenant_users: [membership.id] });
  return { topicId: topic.id, learner };
}

const hostPage = (tesseraOrigin, topicId) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Topic render bench</title></head>
<body><main>
  <tessera-topic-viewer api-base="${tesseraOrigin}/api" organization="${ORGANIZATION}" topic="${topicId}"></tessera-topic-viewer>
</main>
<script src="${tesseraOrigin}/widgets/tessera-widgets.js"></script>
</body></html>`;

/** In the page: resolves with performance.now() (ms since navigation start) once the last row is painted. */
function lastRowPainted(lastTitle) {
  return new Promise((resolve) => {
    const check = () => {
      const root = document.querySelector('tessera-topic-viewer')?.shadowRoot;
      const headings = root ? root.querySelectorAll('h3') : [];
      if (headings.length > 0 && headings[headings.length - 1].textContent === lastTitle) {
        // The frame holding the row is painted once the next animation frame starts.
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
      } else {
        requestAnimationFrame(check);
      }
    };
    check();
  });
}

let tessera;
let host;
let browser;
try {
  let page = '';
  host = await listen((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(page);
  });
  tessera = await startTessera(host.origin);
  const { topicId, learner } = await seedTopic(tessera.origin);
  page = hostPage(tessera.origin, topicId);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    // The page's token store for this server: keyed by the API origin.
    await context.addInitScript(({ key, tokens }) => localStorage.setItem(key, JSON.stringify(tokens)), {
      key: `tessera.tokens@${tessera.origin}`,
      tokens: learner,
    });
    const tab = await context.newPage();
    await tab.goto(host.origin, { waitUntil: 'commit' });
    const painted = await tab.evaluate(lastRowPainted, `Step ${ROWS}`);
    const rows = await tab.evaluate(() => document.querySelector('tessera-topic-viewer').shadowRoot.querySelectorAll('section').length);
    if (rows !== ROWS) throw new Error(`expected ${ROWS} rows, saw ${rows}`);
    times.push(painted);
    if (process.env.DEBUG_BENCH) {
      const entries = await tab.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => `${entry.name.replace(/^.*\/\/[^/]+/, '')} ${entry.startTime.toFixed(0)}-${entry.responseEnd.toFixed(0)}`),
      );
      console.log(painted.toFixed(0), entries.join(' | '));
    }
    await context.close();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`topic of ${ROWS * 2} items (${ROWS} rows + ${ROWS} paragraphs), ${RUNS} cold runs, navigation start -> last item painted`);
  console.log(`runs (ms): ${times.map((time) => time.toFixed(0)).join(', ')}`);
  console.log(`median ${median.toFixed(0)} ms (budget ${BUDGET_MS} ms)`);
  if (median > BUDGET_MS) {
    console.error('over budget');
    process.exitCode = 1;
  }
} finally {
  await browser?.close();
  tessera?.stop();
  host?.server.close();
}
