// The published packages as a partner's project gets them (issue 35): `npm pack` of @tessera/sdk and
// @tessera/widgets, each tarball installed into fresh projects outside the workspace, each project run against a live
// Tessera (the built server with the demo data):
//   - CommonJS (`npm init -y`, `require`), ES modules: a script logs in as the demo learner and lists modules;
//   - TypeScript, strict, no skipLibCheck, with `moduleResolution` nodenext and bundler: the same script typed, with
//     the widgets' event types imported and the theme entry used (a token, a theme, the CSS text, the styles adopted),
//     and the declarations of every other entry a partner imports loaded, compiled and run;
//   - a Vite app importing `@tessera/widgets/elements`: built, served, and a learner logs in with <tessera-login> (its inline form) in
//     Chromium; and a page loading the standalone bundle from its pinned address with its integrity (the manifest's).
// Then `npm publish --dry-run` of both. Needs `npm run build` first. Exits non-zero on the first failure.
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium } from 'playwright';

const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'tessera-packages-'));
const tools = { tsc: join(root, 'node_modules/typescript/bin/tsc'), vite: join(root, 'node_modules/vite/bin/vite.js') };
const DEMO = { email: 'learner@example.com', password: 'Demo-pass-1', organization: 'acme-training' };

function step(title) {
  console.log(`\n--- ${title}`);
}

function sh(command, args, cwd, env = {}) {
  return execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env }, encoding: 'utf8' });
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(condition, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A fresh project: its package.json, files, and the tarballs (with what else it names) installed from them. */
function project(name, packageJson, files, install) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '0.0.0', private: true, ...packageJson }, null, 2));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  sh('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', ...install], dir);
  return dir;
}

/** Runs a script of a project; it prints one JSON line, what it saw. */
function runScript(dir, file) {
  const output = sh(process.execPath, [file], dir).trim().split('\n').pop();
  const seen = JSON.parse(output);
  if (!(seen.modules > 0) || seen.paged !== seen.modules || seen.email !== DEMO.email || !(seen.rules > 0) || seen.webhook !== 'member.joined')
    throw new Error(`${dir}/${file} saw ${output}`);
  console.log(`${file}: ${output}`);
}

const scriptBody = (apiBase) => `
const client = createTesseraClient({ baseUrl: ${JSON.stringify(apiBase)}, fetch: withRetries() });
const login = await client.login(${JSON.stringify(DEMO.email)}, ${JSON.stringify(DEMO.password)});
if (!login.ok) throw new Error('login refused: ' + login.status);
const { data: me } = await unwrap(client.GET('/users/me'));
const tenantId = me.memberships.find((membership) => membership.tenant.slug === ${JSON.stringify(DEMO.organization)})!.tenant.id;
const { data: modules } = await unwrap(client.GET('/tenants/{tenantId}/modules', { params: { path: { tenantId } } }));
let paged = 0;
for await (const module of client.paginate('/tenants/{tenantId}/modules', { params: { path: { tenantId }, query: { per_page: 1 } } })) paged += module.id ? 1 : 0;
const errors = formErrors(loginForm, { email: 'not an email', password: '' });
await client.logout();
// A webhook receiver's check, as examples/webhook-receiver does it: a body signed, then verified.
const secret = 'whsec_' + btoa('0123456789abcdef0123456789abcdef');
const body = JSON.stringify({ type: 'member.joined', timestamp: new Date().toISOString(), tenant_id: tenantId, data: { member: { id: me.id, user_id: me.id, name: me.name, email: me.email }, role: 'user' } });
const sentAt = Math.floor(Date.now() / 1000);
const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(sentAt), 'webhook-signature': await signWebhook(secret, 'msg_1', sentAt, body) };
const event = await verifyWebhook(secret, headers, body);
console.log(JSON.stringify({ email: me.email, modules: modules.length, paged, rules: Object.keys(errors).length, webhook: event.type }));
`;

// Every other entry a partner's TypeScript imports (their declarations are loaded and checked with the rest), and the
// theme entry in use: its declarations name no Stitches type (Stitches' own do not compile without skipLibCheck).
const widgetEntries = `import type { ButtonProps } from '@tessera/widgets/ui';
import type { TesseraLoginHTMLElement } from '@tessera/widgets/elements';
import type { TesseraBioreqUploaderHTMLElement } from '@tessera/widgets/bioreq-elements';
import type { FakeApiOptions } from '@tessera/widgets/testing';
import { adoptTesseraStyles, getCssText, themeProperties, tokenProperty, tokens, type TesseraTheme } from '@tessera/widgets/theme';
export type Entries = [ButtonProps, TesseraLoginHTMLElement, TesseraBioreqUploaderHTMLElement, FakeApiOptions];`;
const themeUse = `
const theme: TesseraTheme = { colors: { primary: '#6d28d9' }, space: { 3: '10px' } };
const primary = tokenProperty('colors', 'primary');
if (themeProperties(theme)[primary] !== '#6d28d9') throw new Error('themeProperties: ' + JSON.stringify(themeProperties(theme)));
if (!getCssText().includes(primary + ':' + tokens.colors.primary)) throw new Error('getCssText has no ' + primary);
// A script has no document to adopt the styles; a page does.
if (typeof document !== 'undefined') adoptTesseraStyles(document);
`;

const tsconfig = (module, moduleResolution) => ({
  compilerOptions: { strict: true, target: 'es2022', module, moduleResolution, outDir: 'dist', lib: ['es2022', 'dom'], types: [] },
  include: ['src'],
});

let server;
let staticServer;
let browser;
try {
  step('pack');
  sh('npm', ['pack', '-w', '@tessera/sdk', '-w', '@tessera/widgets', '--pack-destination', work], root);
  const tarball = (prefix) =>
    join(
      work,
      readdirSync(work).find((file) => file.startsWith(prefix) && file.endsWith('.tgz')),
    );
  const sdk = tarball('tessera-sdk-');
  const widgets = tarball('tessera-widgets-');
  const listed = sh('tar', ['-tzf', widgets], work);
  if (/\.(br|gz)$/m.test(listed)) throw new Error('the widgets tarball ships precompressed .br/.gz copies');
  console.log(`${sdk}\n${widgets}`);

  step('a live Tessera (the built server, demo data)');
  const port = await freePort();
  const pagePort = await freePort();
  const apiBase = `http://127.0.0.1:${port}/api`;
  server = spawn(process.execPath, [join(root, 'server/dist/main.js'), '--demo'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
      LOG_LEVEL: 'warn',
      ALLOWED_ORIGINS: `http://127.0.0.1:${pagePort}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await until(async () => (await fetch(`${apiBase}/health/ready`)).ok, 'the server');

  step('CommonJS (npm init -y)');
  const cjs = project(
    'cjs',
    {},
    {
      'index.js': `const { createTesseraClient, signWebhook, unwrap, verifyWebhook, withRetries } = require('@tessera/sdk');\nconst { formErrors, loginForm } = require('@tessera/sdk/rules');\n(async () => {\n${scriptBody(apiBase).replace('!.tenant', '.tenant')}\n})().catch((error) => { console.error(error); process.exit(1); });\n`,
    },
    [sdk],
  );
  runScript(cjs, 'index.js');

  step('ES modules');
  const esm = project(
    'esm',
    { type: 'module' },
    {
      'index.js': `import { createTesseraClient, signWebhook, unwrap, verifyWebhook, withRetries } from '@tessera/sdk';\nimport { formErrors, loginForm } from '@tessera/sdk/rules';\n${scriptBody(apiBase).replace('!.tenant', '.tenant')}`,
    },
    [sdk],
  );
  runScript(esm, 'index.js');

  for (const [name, module, moduleResolution] of [
    ['ts-nodenext', 'nodenext', 'nodenext'],
    ['ts-bundler', 'esnext', 'bundler'],
  ]) {
    step(`TypeScript strict, moduleResolution ${moduleResolution}, no skipLibCheck`);
    const dir = project(
      name,
      { type: 'module' },
      {
        'tsconfig.json': JSON.stringify(tsconfig(module, moduleResolution), null, 2),
        'src/index.ts': `import { createTesseraClient, signWebhook, unwrap, verifyWebhook, withRetries } from '@tessera/sdk';\nimport { formErrors, loginForm } from '@tessera/sdk/rules';\nimport type { TesseraEventMap } from '@tessera/widgets';\n${widgetEntries}\nexport type LoginDetail = TesseraEventMap['tessera-login']['detail'];\n${themeUse}\n${scriptBody(apiBase)}`,
      },
      [sdk, widgets, 'react@19', 'react-dom@19', '@types/react@19', '@types/react-dom@19'],
    );
    sh(process.execPath, [tools.tsc, '-p', '.'], dir);
    runScript(dir, 'dist/index.js');
  }

  step('a Vite app with the widgets');
  const app = project(
    'vite-app',
    { type: 'module' },
    {
      'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner page</title></head><body><main><tessera-login api-base="${apiBase}" organization="${DEMO.organization}" login-mode="inline"></tessera-login></main><script type="module" src="/main.js"></script></body></html>`,
      'main.js': `import '@tessera/widgets/elements';\n`,
    },
    [sdk, widgets, 'react@19', 'react-dom@19'],
  );
  sh(process.execPath, [tools.vite, 'build', '--logLevel', 'warn'], app);
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  staticServer = createServer((request, response) => {
    const file = join(app, 'dist', request.url === '/' ? 'index.html' : request.url.split('?')[0]);
    if (!existsSync(file)) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => staticServer.listen(pagePort, '127.0.0.1', resolve));
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${pagePort}/`);
  const widget = page.locator('tessera-login');
  await widget.getByLabel('Email').fill(DEMO.email);
  await widget.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await widget.getByRole('button', { name: 'Log In' }).click();
  await widget.getByText(DEMO.email).waitFor({ timeout: 20_000 });
  console.log('vite-app: <tessera-login> logged the learner in');

  step('a page pinning the standalone bundle by version and integrity (/widgets/manifest.json)');
  const manifest = await (await fetch(`http://127.0.0.1:${port}/widgets/manifest.json`)).json();
  const pinned = manifest.files.find((file) => file.name === 'tessera-login.js');
  // The manifest's addresses are built on PUBLIC_URL (here the server's own address).
  const pinnedUrl = pinned.url.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${port}`);
  writeFileSync(
    join(app, 'dist', 'pinned.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pinned</title></head><body><main><tessera-login api-base="${apiBase}"></tessera-login></main><script src="${pinnedUrl}" integrity="${pinned.integrity}" crossorigin="anonymous"></script></body></html>`,
  );
  const pinnedPage = await browser.newPage();
  pinnedPage.on('console', (message) => console.log('pinned page:', message.text()));
  await pinnedPage.goto(`http://127.0.0.1:${pagePort}/pinned.html`);
  await pinnedPage.locator('tessera-login').getByRole('button', { name: 'Log In' }).waitFor({ timeout: 20_000 });
  console.log(`pinned: ${pinnedUrl} ran, its integrity checked by Chromium`);

  step('npm publish --dry-run');
  sh('npm', ['publish', '--dry-run', '-w', '@tessera/sdk', '-w', '@tessera/widgets'], root);
  console.log('\nThe packages install and run: CommonJS, ES modules, TypeScript (nodenext, bundler), Vite.');
} finally {
  await browser?.close();
  staticServer?.close();
  server?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
