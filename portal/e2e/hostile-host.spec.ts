// The widgets on a partner page that does everything a partner page can do to them (issue 15): the example intranet
// from a second origin with a strict Content-Security-Policy (serve.mjs: scripts only from itself and Tessera,
// `style-src 'self'`, nothing inline), aggressive global CSS (?hostile: `* { all: revert; font-size: 8px !important }`,
// `html { font-size: 62.5% }`), several tabs, a second API origin and a sandboxed iframe. Every journey collects
// `securitypolicyviolation` events and console errors and expects none.
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { intranetUrl, serverUrl, SERVER_PORT } from './ports';
import { Api } from './people-support';
import { DEMO_PASSWORD, expectAccessible, watchPageProblems, type PageProblems } from './support';

const ORGANIZATION = 'acme-training';
const hostile = `${intranetUrl}/?tessera=${serverUrl}&hostile`;
/** The same Tessera server under another origin: tokens of one must never reach the other. */
const otherOrigin = `http://localhost:${SERVER_PORT}`;
const tokenKey = `tessera.tokens@${serverUrl}`;

function expectClean(problems: PageProblems) {
  expect(problems.violations, 'Content-Security-Policy violations').toEqual([]);
  expect(problems.errors, 'console errors').toEqual([]);
}

/** Session events heard by the page, in order. */
async function recordSessions(page: Page) {
  await page.addInitScript(() => {
    const heard: unknown[] = [];
    (window as unknown as { sessions: unknown[] }).sessions = heard;
    document.addEventListener('tessera-session', (event) => heard.push((event as CustomEvent).detail));
  });
  return () => page.evaluate(() => (window as unknown as { sessions: { state: string; reason: string; storage: string; apiBase: string }[] }).sessions);
}

async function logIn(page: Page, email = 'learner@example.com', login = page.locator('tessera-login').first()) {
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(login.getByRole('button', { name: 'Log out' })).toBeVisible();
}

async function starredTopic(request: APIRequestContext) {
  const suffix = `${Date.now()}`;
  const admin = await Api.as(request, 'admin@example.com');
  const module = await admin.call<{ id: string }>('POST', `/tenants/${ORGANIZATION}/modules`, { name: `Hostile hosts ${suffix}`, description: 'x' });
  const component = await admin.call<{ id: string }>('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/components`, {
    name: `CSP ${suffix}`,
    description: 'x',
  });
  const topicName = `Strict pages ${suffix}`;
  const topic = await admin.call<{ id: string }>('POST', `/tenants/${ORGANIZATION}/components/${component.id}/topics`, { name: topicName, description: 'x' });
  await admin.call('PUT', `/tenants/${ORGANIZATION}/topics/${topic.id}/items`, {
    items: [
      { id: 'row-1', type: 'row', order: 0, text: 'Sign the register', is_procedure: true },
      { id: 'p-1', type: 'paragraph', row_id: 'row-1', order: 0, text: 'At the **gate office**.' },
    ],
  });
  const master = await Api.as(request, 'master@example.com');
  const [learner] = await master.call<{ id: string }[]>('GET', `/tenants/${ORGANIZATION}/tenant-users?search=learner@example.com`);
  await master.call('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/tenant-users`, { tenant_users: [learner.id] });
  const learnerApi = await Api.as(request, 'learner@example.com');
  await learnerApi.call('POST', `/tenants/${ORGANIZATION}/components/${component.id}/topics/favorites/${topic.id}`);
  return { topicName, remove: () => admin.call('DELETE', `/tenants/${ORGANIZATION}/modules/${module.id}`) };
}

test('under a strict CSP and hostile CSS every widget works, looks its own and tells the page its session', async ({ page, request }) => {
  const { topicName, remove } = await starredTopic(request);
  const problems = await watchPageProblems(page);
  const sessions = await recordSessions(page);
  const response = await page.goto(hostile);
  expect(response?.headers()['content-security-policy']).toContain("style-src 'self';");

  const login = page.locator('tessera-login');
  const starred = page.locator('tessera-starred-topics');
  const viewer = page.locator('tessera-topic-viewer');
  await expect(login.getByRole('button', { name: 'Log In' })).toBeVisible();
  // Nothing was written into the host's <head>: the styles are adopted by each shadow root.
  expect(await page.locator('head style').count()).toBe(0);
  expect(await login.evaluate((node) => node.shadowRoot?.adoptedStyleSheets.length)).toBe(1);
  // Text is sized inside the shadow root, not by the host's 62.5% root or its 8px on every element.
  expect(await login.getByText('Email', { exact: true }).evaluate((node) => getComputedStyle(node).fontSize)).toBe('14px');
  expect(await login.getByRole('heading', { name: 'Log In' }).evaluate((node) => getComputedStyle(node).fontSize)).toBe('20px');
  await expect.poll(sessions).toContainEqual({ state: 'logged-out', reason: 'load', apiBase: `${serverUrl}/api`, storage: 'local' });

  // The host sizes, places and hides the element; the widget fills the box it is given. (The hostile sheet's
  // `all: revert` made every element, this one too, what the browser makes it: inline. A host that sizes the element
  // says `display: block`, as for any other element.)
  await login.evaluate((node) => Object.assign(node.style, { display: 'block', width: '320px', marginLeft: '40px' }));
  const card = login.locator('section').first();
  const [hostBox, cardBox] = [await login.boundingBox(), await card.boundingBox()];
  expect(hostBox?.width).toBe(320);
  expect(cardBox!.x).toBeGreaterThanOrEqual(hostBox!.x);
  expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(hostBox!.x + hostBox!.width + 0.5);
  await login.evaluate((node) => node.style.setProperty('display', 'none', 'important'));
  await expect(login).toBeHidden();
  await login.evaluate((node) => node.style.setProperty('display', 'block'));
  await login.evaluate((node) => ((node as HTMLElement).hidden = true));
  await expect(login).toBeHidden();
  await login.evaluate((node) => ((node as HTMLElement).hidden = false));
  // Theming goes through the documented custom properties and ::part() names.
  await login.evaluate((node) => node.style.setProperty('--tessera-colors-primary', '#6d28d9'));
  expect(await login.getByRole('button', { name: 'Log In' }).evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(109, 40, 217)');
  expect(await login.getByLabel('Email').getAttribute('part')).toBe('input');

  // Field errors in the shadow root are linked to their inputs.
  await login.getByRole('button', { name: 'Log In' }).click();
  const email = login.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('The email field is required.');
  await expectAccessible(page);

  await logIn(page);
  // Focus lands on the new view's heading, not on <body>.
  await expect(login.getByRole('heading', { name: 'Your account' })).toBeFocused();
  await expect(page.locator('#tessera-status')).toContainText('logged in to Tessera');
  await expect.poll(sessions).toContainEqual(expect.objectContaining({ state: 'logged-in', reason: 'change' }));

  const row = starred.getByRole('row').filter({ hasText: topicName });
  await row.getByRole('button', { name: topicName, exact: true }).click();
  const register = viewer.getByRole('region', { name: 'Sign the register' });
  await expect(register.locator('strong')).toHaveText('gate office');
  const tick = register.getByRole('checkbox', { name: 'Complete' });
  await tick.focus();
  await page.keyboard.press('Space');
  await expect(tick).toBeChecked();
  await expect(page.locator('#topic-status')).toHaveText('Step marked complete.');
  await expectAccessible(page);

  await login.getByRole('button', { name: 'Log out' }).click();
  await expect(login.getByRole('heading', { name: 'Log In' })).toBeFocused();
  // Every widget forgets the learner: the starred list and the open topic are gone.
  await expect(starred.getByText('Log in to see your starred topics.')).toBeVisible();
  await expect(page.getByText(topicName)).toHaveCount(0);
  await expect.poll(sessions).toContainEqual(expect.objectContaining({ state: 'logged-out', reason: 'change' }));
  expectClean(problems);
  await remove();
});

test('the login and widgets bundles on one page share one runtime and one login', async ({ page }) => {
  const problems = await watchPageProblems(page);
  await page.goto(`${hostile}&bundles=tessera-login.js,tessera-widgets.js`);
  await logIn(page);
  await expect(page.locator('tessera-starred-topics').getByRole('heading', { name: 'Your Starred Topics' })).toBeVisible();
  await expect(page.locator('tessera-starred-topics').getByText('Log in to see your starred topics.')).toHaveCount(0);
  await page.locator('tessera-login').getByRole('button', { name: 'Log out' }).click();
  await expect(page.locator('tessera-starred-topics').getByText('Log in to see your starred topics.')).toBeVisible();
  expectClean(problems);
});

test('tokens a host hands in are adopted and leave the DOM at once', async ({ page, request }) => {
  const problems = await watchPageProblems(page);
  const answer = await request.post('/api/token', {
    form: { grant_type: 'password', client_id: 'tessera-web', email: 'learner@example.com', password: DEMO_PASSWORD },
  });
  const tokens = (await answer.json()) as { access_token: string; refresh_token: string };
  await page.goto(hostile);
  const login = page.locator('tessera-login');
  await expect(login.getByRole('button', { name: 'Log In' })).toBeVisible();
  await login.evaluate((node, pair) => {
    node.setAttribute('access-token', pair.access_token);
    node.setAttribute('refresh-token', pair.refresh_token);
  }, tokens);
  await expect(login.getByText('learner@example.com')).toBeVisible();
  expect(await login.evaluate((node) => node.outerHTML)).not.toContain(tokens.refresh_token);
  expect(await login.evaluate((node) => node.hasAttribute('access-token') || node.hasAttribute('refresh-token'))).toBe(false);
  expectClean(problems);
});

async function openTabs(context: BrowserContext, count: number) {
  const tabs: { page: Page; problems: PageProblems }[] = [];
  for (let index = 0; index < count; index += 1) {
    const page = await context.newPage();
    tabs.push({ page, problems: await watchPageProblems(page) });
  }
  return tabs;
}

test('three tabs refreshing at once stay logged in, with one refresh for the browser', async ({ context, request }) => {
  const { topicName, remove } = await starredTopic(request);
  const tabs = await openTabs(context, 3);
  await tabs[0].page.goto(hostile);
  await logIn(tabs[0].page);
  await Promise.all(tabs.slice(1).map(({ page }) => page.goto(hostile)));
  for (const { page } of tabs) await expect(page.locator('tessera-starred-topics').getByText(topicName)).toBeVisible();

  // The access token is gone everywhere (expired, or a host dropped it); only the refresh token is left.
  const refreshes: string[] = [];
  context.on('request', (sent) => {
    if (sent.url() === `${serverUrl}/api/token` && /grant_type=refresh_token/.test(sent.postData() ?? '')) refreshes.push(sent.postData() ?? '');
  });
  await tabs[0].page.evaluate((key) => {
    const pair = JSON.parse(localStorage.getItem(key) ?? '{}') as { refreshToken: string };
    localStorage.setItem(key, JSON.stringify({ accessToken: '', refreshToken: pair.refreshToken }));
  }, tokenKey);
  await Promise.all(tabs.map(({ page }) => page.reload()));
  for (const { page } of tabs) {
    await expect(page.locator('tessera-starred-topics').getByText(topicName)).toBeVisible();
    await expect(page.locator('tessera-login').getByRole('button', { name: 'Log out' })).toBeVisible();
  }
  expect(refreshes).toHaveLength(1);

  // The login survived: the stored pair works, and a further reload of every tab stays logged in.
  const stored = await tabs[2].page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { accessToken: string }, tokenKey);
  expect((await request.get('/api/users/me', { headers: { Authorization: `Bearer ${stored.accessToken}` } })).status()).toBe(200);
  await Promise.all(tabs.map(({ page }) => page.reload()));
  for (const { page, problems } of tabs) {
    await expect(page.locator('tessera-starred-topics').getByText(topicName)).toBeVisible();
    expectClean(problems);
  }
  await remove();
});

test('a widget of a second API origin on the same page gets none of the first origin’s tokens', async ({ page }) => {
  const problems = await watchPageProblems(page);
  const sent: { origin: string; authorization: string | null }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) sent.push({ origin: new URL(request.url()).origin, authorization: request.headers().authorization ?? null });
  });
  await page.goto(hostile);
  await logIn(page);
  await expect(page.locator('tessera-starred-topics').getByRole('heading', { name: 'Your Starred Topics' })).toBeVisible();

  // A second login and starred list, pointed at the same server under another origin.
  await page.evaluate((apiBase) => {
    const section = document.createElement('section');
    section.setAttribute('aria-label', 'Other server');
    for (const tag of ['tessera-login', 'tessera-starred-topics']) {
      const element = document.createElement(tag);
      element.setAttribute('api-base', apiBase);
      element.setAttribute('organization', 'acme-training');
      // This test types passwords into both logins: the inline form (on another origin the popup is the default).
      if (tag === 'tessera-login') element.setAttribute('login-mode', 'inline');
      section.append(element);
    }
    document.querySelector('main')?.append(section);
  }, `${otherOrigin}/api`);
  const other = page.getByRole('region', { name: 'Other server' });
  await expect(other.locator('tessera-login').getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(other.locator('tessera-starred-topics').getByText('Log in to see your starred topics.')).toBeVisible();

  // Logging in there (as someone else) leaves the first session alone.
  await logIn(page, 'admin@example.com', other.locator('tessera-login'));
  await expect(other.locator('tessera-login').getByText('admin@example.com')).toBeVisible();
  await expect(page.locator('tessera-login').first().getByText('learner@example.com')).toBeVisible();
  const stores = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('tessera.tokens'))
      .sort(),
  );
  expect(stores).toEqual([`tessera.tokens@${otherOrigin}`, tokenKey].sort());

  const tokensTo = (origin: string) => new Set(sent.filter((entry) => entry.origin === origin && entry.authorization).map((entry) => entry.authorization));
  const first = tokensTo(serverUrl);
  const second = tokensTo(otherOrigin);
  expect(first.size).toBeGreaterThan(0);
  expect(second.size).toBeGreaterThan(0);
  expect([...second].filter((token) => first.has(token))).toEqual([]);
  expectClean(problems);
});

test('in a sandboxed iframe (no localStorage) the widgets render, with tokens in memory, and say so', async ({ page }) => {
  const problems = await watchPageProblems(page);
  const framePage = `${intranetUrl}/sandboxed-frame-host.html`;
  await page.route(framePage, (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': "default-src 'self'; frame-src 'self'" },
      body: `<!doctype html><html lang="en"><head><title>Frame host</title></head><body><main><h1>Frame host</h1>
        <iframe title="Northwind in a sandbox" sandbox="allow-scripts allow-forms" src="${intranetUrl}/?tessera=${serverUrl}" width="900" height="700"></iframe>
        </main></body></html>`,
    }),
  );
  await page.goto(framePage);
  const frame = page.frameLocator('iframe');
  await expect(frame.locator('tessera-login').getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(frame.locator('tessera-starred-topics').getByText('Log in to see your starred topics.')).toBeVisible();
  // The page heard tessera-session with memory storage and says so.
  await expect(frame.locator('#tessera-status')).toContainText('cannot use localStorage');
  expectClean(problems);
});
