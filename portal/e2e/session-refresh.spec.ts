// Issue 14, major 1 (spec core section 8): a valid refresh token is never thrown away. With the access token missing
// or empty in `tessera.tokens`, a reload refreshes instead of sending the learner to /login, and an in-app request
// refreshes and goes through instead of failing unauthenticated.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

/** Rewrites the stored pair: the refresh token stays, the access token is replaced by `access` (or dropped). */
async function loseAccessToken(page: Page, access: '' | undefined) {
  await page.evaluate((value) => {
    const pair = JSON.parse(localStorage.getItem('tessera.tokens') ?? 'null') as { refreshToken: string } | null;
    if (!pair) throw new Error('not logged in');
    localStorage.setItem(
      'tessera.tokens',
      JSON.stringify(value === undefined ? { refreshToken: pair.refreshToken } : { accessToken: value, refreshToken: pair.refreshToken }),
    );
  }, access);
}

function countRefreshes(page: Page) {
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/token') && /grant_type=refresh_token/.test(request.postData() ?? '')) refreshes.push(request.url());
  });
  return refreshes;
}

for (const [name, access] of [
  ['missing', undefined],
  ['empty', ''],
] as const) {
  test(`with the access token ${name}, a reload refreshes and stays on the page`, async ({ page }) => {
    await logIn(page, 'learner@example.com', DEMO_PASSWORD);
    await expect(page.getByRole('list', { name: 'Your organizations' })).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByLabel('Email address')).toHaveValue('learner@example.com');
    const refreshes = countRefreshes(page);
    await loseAccessToken(page, access);
    await page.reload();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel('Email address')).toHaveValue('learner@example.com');
    expect(refreshes).toHaveLength(1);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tessera.tokens') ?? 'null') as { accessToken: string });
    expect(stored.accessToken).not.toBe('');
    await expectAccessible(page);
  });
}

test('an in-app request without an access token refreshes, then goes through', async ({ page }) => {
  await logIn(page, 'learner@example.com', DEMO_PASSWORD);
  const organizations = page.getByRole('list', { name: 'Your organizations' });
  await expect(organizations).toBeVisible();
  const refreshes = countRefreshes(page);
  const modules: number[] = [];
  page.on('response', (response) => {
    if (/\/api\/tenants\/[^/]+\/modules/.test(response.url())) modules.push(response.status());
  });
  await loseAccessToken(page, '');
  // The organization's modules, reached in the app (no reload): the screen's data needs the API.
  await organizations.getByRole('link', { name: 'Acme Training' }).click();
  await expect(page).toHaveURL(/\/acme-training\/modules/);
  await expect.poll(() => modules).toContain(200);
  expect(modules).not.toContain(401);
  expect(refreshes).toHaveLength(1);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tessera.tokens') ?? 'null') as { accessToken: string });
  expect(stored.accessToken).not.toBe('');
});
