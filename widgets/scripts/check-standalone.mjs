// Proves the standalone bundle (preact/compat build) works in a real browser, not only that it bundles.
//
//   npm run build -w @tessera/widgets && npm run check:standalone -w @tessera/widgets
//
// Two origins, as on a partner intranet: a host page with hostile global CSS on one port, and the
// "Tessera server" (the bundle plus a fake API from src/testing, with CORS) on another. Debian's
// Chromium (/usr/bin/chromium, or CHROMIUM_PATH) logs in through <tessera-login>, checks the events,
// the error message, the style isolation and runs axe-core on the page.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium } from 'playwright';
import { createFakeApi } from '../dist/esm/testing.js';

const require = createRequire(import.meta.url);
// STANDALONE_BUNDLE=tessera-login.js checks the login-only bundle the same way.
const bundleName = process.env.STANDALONE_BUNDLE ?? 'tessera-widgets.js';
const bundle = new URL(`../dist/${bundleName}`, import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');

const hostPage = (tesseraOrigin) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Standalone check</title>
<style>
  * { font-family: "Comic Sans MS", cursive !important; color: hotpink !important; }
  button { background: lime !important; border: 5px dashed red !important; }
  input { display: none !important; }
</style></head>
<body><main>
  <h1>Host page</h1>
  <!-- The inline form (another origin's default is the popup, checked by portal/e2e/intranet-popup.spec.ts). -->
  <tessera-login organization="acme-training" login-mode="inline"></tessera-login>
  <p id="status">Not logged in.</p>
</main>
<script>
  document.addEventListener('tessera-login', (event) => {
    document.getElementById('status').textContent = 'Logged in as ' + (event.detail.user ? event.detail.user.email : '?');
  });
  document.addEventListener('tessera-logout', () => {
    document.getElementById('status').textContent = 'Logged out.';
  });
</script>
<script src="${tesseraOrigin}/widgets/${bundleName}"></script>
</body></html>`;

function listen(handler) {
  return new Promise((resolve) => {
    const server = createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${server.address().port}` }));
  });
}

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Requested-With, Accept',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, OPTIONS',
  'Access-Control-Expose-Headers': 'Retry-After',
};

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function tesseraServer(scenario) {
  const api = createFakeApi({ login: scenario.login });
  return listen(async (request, response) => {
    if (request.method === 'OPTIONS') return response.writeHead(204, cors).end();
    if (request.url === `/widgets/${bundleName}`) {
      response.writeHead(200, { 'Content-Type': 'text/javascript', ...cors });
      return response.end(await readFile(bundle));
    }
    const body = request.method === 'GET' ? undefined : await readBody(request);
    const answer = await api.fetch(`http://tessera.test${request.url}`, {
      method: request.method,
      headers: request.headers,
      body: body?.length ? body : undefined,
    });
    response.writeHead(answer.status, { ...Object.fromEntries(answer.headers), ...cors });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
}

const failures = [];
function check(condition, message) {
  console.log(`${condition ? 'ok  ' : 'FAIL'} ${message}`);
  if (!condition) failures.push(message);
}

async function run(browser, scenario) {
  const tessera = await tesseraServer(scenario);
  const host = await listen((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(hostPage(tessera.origin));
  });
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(host.origin);
    await scenario.steps(page);
    check(errors.length === 0, `${scenario.name}: no page errors ${errors.join('; ')}`);
  } finally {
    await page.close();
    tessera.server.close();
    host.server.close();
  }
}

async function logIn(page, password) {
  const widget = page.locator('tessera-login');
  await widget.getByLabel('Email').fill('learner@example.com');
  await widget.getByLabel('Password').fill(password);
  await widget.getByRole('button', { name: 'Log In' }).click();
}

async function isolation(page) {
  const widget = page.locator('tessera-login');
  const button = widget.getByRole('button', { name: 'Log In' });
  await button.waitFor();
  const style = await button.evaluate((node) => {
    const computed = getComputedStyle(node);
    return { color: computed.color, font: computed.fontFamily, background: computed.backgroundColor };
  });
  check(!/comic/i.test(style.font), `host CSS does not reach the widget's font (${style.font})`);
  check(style.color === 'rgb(255, 255, 255)', `button text keeps its colour (${style.color})`);
  check(style.background === 'rgb(29, 78, 216)', `button keeps its background (${style.background})`);
  check(await widget.getByLabel('Email').isVisible(), 'inputs stay visible despite `input { display: none }`');
  const link = await widget.getByRole('link', { name: 'Sign up for an account' }).getAttribute('href');
  check(/^http:\/\/127\.0\.0\.1:\d+\/sign-up$/.test(link ?? ''), `links point at the Tessera server (${link})`);
  const leaked = await page.locator('h1').evaluate((node) => getComputedStyle(node).fontFamily);
  check(/comic/i.test(leaked), 'widget CSS does not leak into the host page');
}

async function axe(page) {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
  return violations;
}

const scenarios = [
  {
    name: 'login',
    login: 'success',
    async steps(page) {
      await isolation(page);
      const hostViolations = await axe(page);
      // The host page's hot pink text is its own business; only report what sits inside the widget.
      const widgetViolations = await page.evaluate(async () => {
        const result = await window.axe.run({ include: [['tessera-login']] }, { resultTypes: ['violations'] });
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
      });
      check(widgetViolations.length === 0, `axe: no serious/critical violations in the widget (${widgetViolations})`);
      console.log(`     (host page alone: ${hostViolations.join(', ') || 'none'})`);
      await logIn(page, 'Demo-pass-1');
      await page.getByText('Logged in as learner@example.com').waitFor();
      check(true, 'tessera-login crossed the shadow boundary with the user');
      await page.locator('tessera-login').getByText('Lena Learner').waitFor();
      check(true, 'the widget shows who is logged in');
      // Keyed by the API's origin (the Tessera server), not the host page's.
      const stored = await page.evaluate(() => Object.keys(localStorage).find((key) => key.startsWith('tessera.tokens@http://127.0.0.1:')));
      check(Boolean(stored), `tokens are in the store of the Tessera server's origin (${stored})`);
      await page.locator('tessera-login').getByRole('button', { name: 'Log out' }).click();
      await page.getByText('Logged out.').waitFor();
      check(true, 'tessera-logout reached the document');
    },
  },
  {
    name: 'wrong password',
    login: 'wrong-credentials',
    async steps(page) {
      // Hosts theme the widget through the CSS custom properties, set on the element or an ancestor.
      await page.locator('tessera-login').evaluate((node) => node.style.setProperty('--tessera-colors-primary', '#6d28d9'));
      const themed = await page
        .locator('tessera-login')
        .getByRole('button', { name: 'Log In' })
        .evaluate((node) => getComputedStyle(node).backgroundColor);
      check(themed === 'rgb(109, 40, 217)', `--tessera-colors-primary on the host themes the button (${themed})`);
      await logIn(page, 'Wrong-pass-1');
      const alert = page.locator('tessera-login').getByRole('alert');
      await alert.waitFor();
      check((await alert.textContent()) === 'The email and/or password are incorrect.', 'wrong password shows the spec text');
    },
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
try {
  for (const scenario of scenarios) await run(browser, scenario);
} finally {
  await browser.close();
}
console.log(failures.length === 0 ? 'standalone bundle works in Chromium' : `${failures.length} check(s) failed`);
process.exitCode = failures.length === 0 ? 0 : 1;
