import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible } from './support';

test('/mlogin logs in with a form and a redirect URL, without the top bar', async ({ page }) => {
  await page.goto('/mlogin?redirect=%2Fprofile');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByLabel('Email').fill('master@example.com');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Email address')).toHaveValue('master@example.com');
});

test('/mlogin adopts tokens handed in by a host page', async ({ page, request }) => {
  const response = await request.post('/api/token', {
    form: { grant_type: 'password', client_id: 'tessera-web', email: 'admin@example.com', password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  const tokens = await response.json();
  const fragment = new URLSearchParams({
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    redirect: '/profile',
  });
  await page.goto(`/mlogin#${fragment}`);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Email address')).toHaveValue('admin@example.com');
});
