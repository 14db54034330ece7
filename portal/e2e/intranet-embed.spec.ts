// The example intranet signed in by its own backend (issue 32, embed sessions): serve.mjs with an integration client
// of the organization mints an embed session for its signed-in employee (POST /session), the page hands it to the
// widgets through `Tessera.setSessionProvider`, and the learner's content shows with no Tessera login at all: no
// password typed anywhere, no password form shown, under the strict CSP, axe clean, no console error.
//
// The spec starts its own intranet as `npm run examples` does, on port 4000 (an origin the demo server allows outside
// production, DEVELOPMENT_ORIGINS) beside the journeys' plain intranet: no client configured, so its backend uses
// the integration client the demo data publishes. Nothing is set up by hand.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { serverUrl } from './ports';
import { Api } from './people-support';
import { expectAccessible, watchPageProblems } from './support';

const ORGANIZATION = 'acme-training';
const EMBED_INTRANET = 'http://127.0.0.1:4000';
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Created {
  id: string;
}

let intranet: ChildProcess | undefined;
let topic: { id: string; name: string };

/** A topic the learner may read and has starred (set-up through the API; the journey itself types no password). */
async function starredTopic(request: APIRequestContext, master: Api) {
  const suffix = `${Date.now()}`;
  const admin = await Api.as(request, 'admin@example.com');
  const module = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/modules`, { name: `Loading dock ${suffix}`, description: 'Safety.' });
  const component = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/components`, {
    name: `Forklifts ${suffix}`,
    description: 'Before driving.',
  });
  const name = `Daily forklift check ${suffix}`;
  const created = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/components/${component.id}/topics`, { name, description: 'Every morning.' });
  await admin.call('PUT', `/tenants/${ORGANIZATION}/topics/${created.id}/items`, {
    items: [
      { id: 'row-1', type: 'row', order: 0, text: 'Check the forks', is_procedure: true },
      { id: 'p-1', type: 'paragraph', row_id: 'row-1', order: 0, text: 'Look for cracks at the heel.' },
    ],
  });
  const [learner] = await master.call<Created[]>('GET', `/tenants/${ORGANIZATION}/tenant-users?search=learner@example.com`);
  await master.call('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/tenant-users`, { tenant_users: [learner.id] });
  const learnerApi = await Api.as(request, 'learner@example.com');
  await learnerApi.call('POST', `/tenants/${ORGANIZATION}/components/${component.id}/topics/favorites/${created.id}`);
  return { id: created.id, name };
}

/** Starts examples/intranet/serve.mjs with the demo's defaults and waits until its POST /session is ready. */
async function startIntranet() {
  const child = spawn(process.execPath, ['examples/intranet/serve.mjs'], {
    cwd: root,
    // The demo's organization, client and employee are serve.mjs's defaults; only the server's address differs.
    env: { ...withoutPartnerSettings(process.env), PORT: '4000', HOST: '127.0.0.1', TESSERA_URL: serverUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => void (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => void (output += chunk));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const ready = await fetch(`${EMBED_INTRANET}/session`)
      .then((response) => response.json() as Promise<{ backend?: boolean }>)
      .then((body) => body.backend === true)
      .catch(() => false);
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`The intranet with its backend did not start on port 4000 (is the port free?):\n${output}`);
}

/** The environment without settings that would override serve.mjs's demo defaults. */
function withoutPartnerSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const names = ['TESSERA_ORGANIZATION', 'TESSERA_CLIENT_ID', 'TESSERA_CLIENT_SECRET', 'INTRANET_USER_EMAIL', 'INTRANET_USER_NAME'];
  return Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));
}

test.beforeAll(async ({ request }) => {
  topic = await starredTopic(request, await Api.as(request, 'master@example.com'));
  intranet = await startIntranet();
});

test.afterAll(() => {
  intranet?.kill();
});

test('the intranet signs its employee in to the widgets: no Tessera login, no password anywhere', async ({ page }) => {
  const problems = await watchPageProblems(page);
  const sessions: { state: string; via?: string }[] = [];
  await page.exposeFunction('reportSession', (detail: { state: string; via?: string }) => sessions.push(detail));
  await page.addInitScript(() =>
    document.addEventListener('tessera-session', (event) =>
      (window as unknown as { reportSession: (detail: unknown) => void }).reportSession((event as CustomEvent).detail),
    ),
  );
  const sessionCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url() === `${EMBED_INTRANET}/session` && request.method() === 'POST') sessionCalls.push(request.url());
  });

  await page.goto(`${EMBED_INTRANET}/?tessera=${serverUrl}`);
  const login = page.locator('tessera-login');
  await expect(login.getByText('learner@example.com')).toBeVisible();
  await expect(page.locator('#tessera-status')).toHaveText('You are logged in to Tessera through the intranet.');

  // The learner's own content: their starred topic, opened in the viewer beside the list.
  const starred = page.locator('tessera-starred-topics');
  await starred.getByRole('button', { name: topic.name, exact: true }).click();
  const viewer = page.locator('tessera-topic-viewer');
  await expect(viewer.getByRole('region', { name: 'Check the forks' })).toBeVisible();

  // No password form anywhere (Playwright's CSS reaches into the open shadow roots), and none was ever filled.
  await expect(page.locator('input[type="password"]')).toHaveCount(0);
  await expect(login.getByRole('button', { name: 'Log in with Tessera' })).toHaveCount(0);
  // Four widgets, one provider call and one page-wide tessera-session per change.
  expect(sessionCalls).toHaveLength(1);
  expect(sessions.filter((detail) => detail.state === 'logged-in')).toEqual([expect.objectContaining({ via: 'embed-session' })]);

  await expectAccessible(page);
  expect(problems.violations, 'Content-Security-Policy violations').toEqual([]);
  expect(problems.errors, 'console errors').toEqual([]);
});

test('a spent or refused session shows the widget failure state with Retry, not a login form', async ({ page }) => {
  const problems = await watchPageProblems(page);
  let refuse = true;
  // The intranet's backend is down once: the widgets show their failure state, and Retry signs in.
  await page.route(`${EMBED_INTRANET}/session`, (route) =>
    route.request().method() === 'POST' && refuse ? route.fulfill({ status: 503, body: '{}' }) : route.fallback(),
  );
  await page.goto(`${EMBED_INTRANET}/?tessera=${serverUrl}`);
  const starred = page.locator('tessera-starred-topics');
  await expect(starred.getByText('You could not be signed in to Tessera.')).toBeVisible();
  await expect(page.locator('input[type="password"]')).toHaveCount(0);
  refuse = false;
  await starred.getByRole('button', { name: 'Try again' }).click();
  await expect(starred.getByRole('button', { name: topic.name, exact: true })).toBeVisible();
  // A console error for the refused fetch is the browser's report of the 503, not the widgets'.
  expect(problems.violations).toEqual([]);
  expect(problems.errors.filter((error) => !error.includes('503'))).toEqual([]);
});
