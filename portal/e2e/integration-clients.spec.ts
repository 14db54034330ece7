import { expect, test } from '@playwright/test';
import { rowOf } from './people-support';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

/** Issue 15: a master makes a script's service account on its screen; the script signs in with it until it is revoked. */
test('a master creates an integration client, a script signs in with its secret, and revoking it ends that', async ({ page, request }) => {
  const name = `HR sync ${Date.now()}`;
  await logIn(page, 'master@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/acme-training/admin/members');
  await page.getByRole('link', { name: 'Integration clients' }).click();
  await expect(page.getByRole('heading', { name: 'Integration clients', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  const secret = await page.getByRole('textbox', { name: 'Client secret' }).inputValue();
  const clientId = await page.getByRole('textbox', { name: 'Client ID' }).inputValue();
  expect(secret.length).toBeGreaterThan(20);
  await expectAccessible(page);

  const token = () => request.post('/api/token', { form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret } });
  const signedIn = await token();
  expect(signedIn.status()).toBe(200);
  const { access_token: accessToken } = (await signedIn.json()) as { access_token: string };
  const modules = await request.get('/api/tenants/acme-training/modules', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(modules.status()).toBe(200);

  await rowOf(page, name)
    .getByRole('button', { name: `Revoke ${name}` })
    .click();
  const question = page.getByRole('alertdialog', { name: `Revoke ${name}?` });
  await question.getByRole('button', { name: 'Revoke' }).click();
  await expect(rowOf(page, name)).toContainText('Revoked');
  expect((await token()).status()).toBe(401);
  await expectAccessible(page);
});
