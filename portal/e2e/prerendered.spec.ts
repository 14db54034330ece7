import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible } from './support';

test('/login and /about are on screen, styled and accessible, before any script of the app runs', async ({ page }) => {
  // The app's scripts never arrive: what shows is the HTML and its styles alone.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  // The theme's stylesheet applies: the page's background is the theme's, not the browser's transparent default.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await expectAccessible(page);

  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'About Tessera' })).toBeVisible();
  await expect(page.getByText('Web version')).toBeVisible();
  await expectAccessible(page);
});

test('a login sent before the app has taken the page over goes nowhere: the password never reaches the address', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  await page.getByLabel('Email').fill('learner@example.com');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForTimeout(500);
  expect(page.url()).not.toContain('password');
  await expect(page).toHaveURL(/\/login$/);
});

test('every other page shows the app’s loading state, styled and accessible, before any script of the app runs', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/acme-training/modules');
  await expect(page.getByRole('status')).toHaveText('Loading...');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await expectAccessible(page);
});

test('the app takes the prerendered login page over under the strict CSP, keeping what was typed', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // The scripts wait until the email is typed into the prerendered form: the app takes over a form in use.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const email = page.getByLabel('Email');
  await email.fill('learner@example.com');
  releaseScripts();

  // The app's page: its title, and the email typed before it arrived.
  await expect(page).toHaveTitle('Log In | Tessera');
  await expect(email).toHaveValue('learner@example.com');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  expect(violations).toEqual([]);
});
