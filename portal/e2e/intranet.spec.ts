import { expect, test } from '@playwright/test';
import { intranetUrl, serverUrl } from './ports';
import { DEMO_PASSWORD, expectAccessible } from './support';

const intranet = `${intranetUrl}/?tessera=${serverUrl}`;

test('a partner intranet logs a learner in with <tessera-login>, untouched by its aggressive CSS', async ({ page }) => {
  await page.goto(intranet);
  const widget = page.locator('tessera-login');
  await expect(widget.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expectAccessible(page);

  // The host styles every element with !important; the shadow root keeps the widget's own font.
  const font = await widget.getByRole('button', { name: 'Log In' }).evaluate((button) => getComputedStyle(button).fontFamily);
  expect(font).not.toMatch(/comic/i);

  const loggedIn = page.evaluate(
    () => new Promise<string>((resolve) => document.addEventListener('tessera-login', (event) => resolve(event.type), { once: true })),
  );
  await widget.getByLabel('Email').fill('learner@example.com');
  await widget.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await widget.getByRole('button', { name: 'Log In' }).click();
  expect(await loggedIn).toBe('tessera-login');
  await expect(widget.getByText('learner@example.com')).toBeVisible();
  await expectAccessible(page);

  const loggedOut = page.evaluate(
    () => new Promise<string>((resolve) => document.addEventListener('tessera-logout', (event) => resolve(event.type), { once: true })),
  );
  await widget.getByRole('button', { name: 'Log out' }).click();
  expect(await loggedOut).toBe('tessera-logout');
  await expect(widget.getByRole('button', { name: 'Log In' })).toBeVisible();
});
