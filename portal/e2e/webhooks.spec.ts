import { expect, test, type Page } from '@playwright/test';
import { rowOf } from './people-support';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

const URL = 'https://hooks.partner.example/tessera';

/** The signing secret in its dialog, read once; the dialog is closed with its own button and nothing shows it after. */
async function readSecretOnce(page: Page, title: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText('you will not see it again');
  const secret = await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
  await expect(dialog.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);
  return secret;
}

/** Beyond the spec (like integration clients): a master adds a partner's webhook endpoint, changes it, rotates its secret and removes it. */
test('a master adds a webhook endpoint, sees its secret once, changes its events, rotates the secret, disables and deletes it', async ({ page }) => {
  // The description tells this run's endpoint apart from one a retried run may have left with the same URL.
  const description = `Partner HR ${Date.now()}`;
  await logIn(page, 'master@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/acme-training/admin/members');
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Webhook endpoints' })).toBeVisible();
  await expectAccessible(page);

  const add = page.getByRole('form', { name: 'Add endpoint' });
  await add.getByRole('textbox', { name: /^URL/ }).fill(URL);
  await add.getByRole('textbox', { name: 'Description' }).fill(description);
  await add.getByRole('checkbox', { name: /^Member joined/ }).check({ force: true });
  await add.getByRole('checkbox', { name: /^Knowledge check completed/ }).check({ force: true });
  await expect(add.getByRole('switch', { name: 'Enabled' })).toBeChecked();
  await add.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = await readSecretOnce(page, 'Endpoint added');

  const row = rowOf(page, description);
  await expect(row).toContainText(URL);
  await expect(row).toContainText('Knowledge check completed, Member joined');
  await expect(row).toContainText('Enabled');
  await row.getByRole('link', { name: `Open ${URL}` }).click();
  await expect(page.getByRole('heading', { name: 'Webhook endpoint', level: 1 })).toBeVisible();
  await expect(page.getByText('No deliveries yet.')).toBeVisible();
  await expectAccessible(page);

  // Its events: one taken away, another added.
  const edit = page.getByRole('form', { name: 'Edit endpoint' });
  await edit.getByRole('checkbox', { name: /^Member joined/ }).uncheck({ force: true });
  await edit.getByRole('checkbox', { name: /^Member removed/ }).check({ force: true });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Endpoint saved!')).toBeVisible();
  await expect(page.getByText('Knowledge check completed, Member removed')).toBeVisible();

  // A new secret, shown once; the previous one keeps signing for 24 hours.
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  const question = page.getByRole('alertdialog', { name: 'Rotate the signing secret?' });
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(page.getByRole('dialog', { name: 'Secret rotated' })).toContainText('The previous secret keeps working for 24 hours');
  const rotated = await readSecretOnce(page, 'Secret rotated');
  expect(rotated).not.toBe(secret);
  await expect(page.getByText(/^Also signs deliveries until /)).toBeVisible();

  // Nothing has been sent to it: the log is empty in every state.
  await page.getByRole('tab', { name: 'Failed' }).click();
  await expect(page.getByText('No failed deliveries.')).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByText('No deliveries yet.')).toBeVisible();

  await edit.getByRole('switch', { name: 'Enabled' }).uncheck({ force: true });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Endpoint saved!')).toBeVisible();
  await expect(page.getByText('Enable the endpoint before replaying its deliveries.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Delete endpoint' }).click();
  await page
    .getByRole('alertdialog', { name: `Delete ${URL}?` })
    .getByRole('button', { name: 'Yes, Delete' })
    .click();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/acme-training\/admin\/webhooks$/);
  await expect(page.getByRole('grid', { name: 'Webhook endpoints' })).toBeVisible();
  await expect(rowOf(page, description)).toHaveCount(0);
  await expectAccessible(page);
});
