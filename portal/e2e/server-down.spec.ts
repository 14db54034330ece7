import { expect, test, type Page } from '@playwright/test';
import { Api, search, uniqueOrganizationName } from './people-support';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

const ORGANIZATION = 'acme-training';
const SAVE_NO_RESPONSE = 'No response from server: your changes were not saved. They are still here; please try again.';

/** From now on nothing answers: every request of the page (API calls and the portal's own modules) fails. */
async function serverGoesDown(page: Page) {
  await page.route('**/*', (route) => route.abort('connectionrefused'));
}

async function logInAsAdmin(page: Page) {
  await logIn(page, 'admin@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
}

/** The public top bar: the Tessera wordmark linking home. */
const topBar = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Tessera' });

test('a call without an answer shows No Response From Server with the top bar, although no module can be fetched', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto(`/${ORGANIZATION}/admin/modules`);
  await expect(page.getByRole('heading', { name: 'Modules', level: 1 })).toBeVisible();
  await serverGoesDown(page);
  await search(page, 'Search by name', 'Getting');
  await expect(page).toHaveURL(/\/no-response$/);
  await expect(page.getByRole('heading', { name: 'No Response From Server', level: 1 })).toBeVisible();
  await expect(topBar(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'GO TO HOME PAGE' })).toBeVisible();
  await expectAccessible(page);
});

test('a screen whose module cannot be fetched says No Response From Server, with the top bar', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto(`/${ORGANIZATION}/admin/modules`);
  await expect(page.getByRole('heading', { name: 'Modules', level: 1 })).toBeVisible();
  await serverGoesDown(page);
  // The Media screen's module was never loaded: it must come from the server that is down.
  await page.getByRole('navigation').getByRole('link', { name: 'Media', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No Response From Server', level: 1 })).toBeVisible();
  await expect(topBar(page)).toBeVisible();
});

test('a save without an answer says so on the form, keeps the edits and stays; a retry saves them', async ({ page, request }) => {
  const admin = await Api.as(request, 'admin@example.com');
  const name = uniqueOrganizationName('Offline module');
  const created = await admin.call<{ id: string }>('POST', `/tenants/${ORGANIZATION}/modules`, { name, description: 'Saved while the server is down.' });
  await logInAsAdmin(page);
  const editPath = `/${ORGANIZATION}/admin/modules/${created.id}/edit`;
  await page.goto(editPath);
  await expect(page.getByRole('heading', { name: 'Edit Module' })).toBeVisible();
  const nameField = page.getByRole('textbox', { name: 'Name', exact: true });
  await nameField.fill(`${name} renamed`);

  await serverGoesDown(page);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(SAVE_NO_RESPONSE)).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(editPath);
  await expect(nameField).toHaveValue(`${name} renamed`);
  await expectAccessible(page);

  await page.unroute('**/*');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Module Updated!')).toBeVisible();
  await expect(page.getByText(SAVE_NO_RESPONSE)).toHaveCount(0);
});
