import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { Api, rowOf, search } from './people-support';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

const ORGANIZATION = 'acme-training';

interface Created {
  id: string;
}

/**
 * The demo admin writes two modules (the second one for the learner to hide), a component and a topic whose
 * row is a procedure; the demo master puts the learner in a new group related to both modules.
 */
async function seedContent(request: APIRequestContext) {
  const suffix = `${Date.now()}`;
  const admin = await Api.as(request, 'admin@example.com');
  const content = (path: string, name: string, description: string) => admin.call<Created>('POST', `/tenants/${ORGANIZATION}${path}`, { name, description });
  const names = {
    module: `Ladder safety ${suffix}`,
    spare: `Forklifts ${suffix}`,
    component: `Before climbing ${suffix}`,
    topic: `Ladder inspection ${suffix}`,
  };
  const module = await content('/modules', names.module, 'Working safely at height.');
  const spare = await content('/modules', names.spare, 'Driving in the warehouse.');
  const component = await content(`/modules/${module.id}/components`, names.component, 'Checks before every climb.');
  const topic = await content(`/components/${component.id}/topics`, names.topic, 'What to look at, step by step.');
  await admin.call('PUT', `/tenants/${ORGANIZATION}/topics/${topic.id}/items`, {
    items: [
      { id: 'row-1', type: 'row', order: 0, text: 'Check the feet', is_procedure: true },
      { id: 'p-1', type: 'paragraph', row_id: 'row-1', order: 0, text: 'Both feet must stand **level** on firm ground.' },
    ],
  });

  // Groups and their relations are the master's business (spec section 6), not an admin's.
  const master = await Api.as(request, 'master@example.com');
  const [learner] = await master.call<Created[]>('GET', `/tenants/${ORGANIZATION}/tenant-users?search=learner@example.com`);
  const group = await master.call<Created>('POST', `/tenants/${ORGANIZATION}/groups`, { name: `Climbers ${suffix}`, description: 'Everyone who climbs.' });
  await master.call('POST', `/tenants/${ORGANIZATION}/groups/${group.id}/tenant-users`, { tenant_users: [learner.id] });
  await master.call('POST', `/tenants/${ORGANIZATION}/groups/${group.id}/modules`, { modules: [module.id, spare.id] });
  return { names, module, spare, component, topic };
}

const moduleCards = (page: Page) => page.getByRole('list', { name: 'Modules' });

/**
 * The demo master, in a browser of their own, reads the learner's suggestion in Admin Suggestions (spec 2.9):
 * the Unread row from the learner, the view with the full text and the Relates To link to the topic, Mark Read.
 */
async function masterReadsSuggestion(browser: Browser, text: string, topic: { id: string; name: string }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await logIn(page, 'master@example.com', DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/${ORGANIZATION}/admin/suggestions`);
    await expect(page.getByRole('heading', { name: 'Suggestions', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Unread', exact: true })).toHaveAttribute('aria-selected', 'true');
    await search(page, 'Search name, email or text', text);
    const row = rowOf(page, 'learner@example.com').filter({ hasText: text });
    await expect(row).toHaveCount(1);
    await expectAccessible(page);

    await row.getByRole('link', { name: /View the suggestion/ }).click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Suggestions');
    await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: `Topic: ${topic.name}` })).toHaveAttribute('href', `/${ORGANIZATION}/admin/topics/${topic.id}/items`);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Mark Read' }).click();
    await expect(page.getByRole('button', { name: 'Mark Unread' })).toBeVisible();
  } finally {
    await context.close();
  }
}

test('a learner related through a group stars a topic, ticks its procedure row, sends a suggestion and hides a module; the master reads the suggestion', async ({
  browser,
  page,
  request,
}) => {
  // A long journey (eleven pages with axe, two people): more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const { names, topic } = await seedContent(request);
  // Unique per run (a retry sends it again), and short enough (under 60 characters) to show uncut in the inbox.
  const suggestion = `A photo of level feet would help. #${Date.now()}`;

  await logIn(page, 'learner@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.getByRole('list', { name: 'Your organizations' }).getByRole('link', { name: 'Acme Training' }).click();

  // Client Modules: the module as a card; the learner has no admin link but has Your Starred Topics.
  await expect(page).toHaveURL(/\/acme-training\/modules$/);
  await expect(page.getByRole('heading', { name: 'Modules', level: 1 })).toBeVisible();
  await search(page, 'Search by name', names.module);
  await expect(moduleCards(page).getByRole('link')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Switch to Admin View' })).toHaveCount(0);
  await expectAccessible(page);
  await moduleCards(page)
    .getByRole('link', { name: new RegExp(names.module) })
    .click();

  // Client Components, then Client Topics.
  await expect(page.getByRole('heading', { name: names.module, level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole('list', { name: 'Components' })
    .getByRole('link', { name: new RegExp(names.component) })
    .click();
  await expect(page.getByRole('heading', { name: names.component, level: 1 })).toBeVisible();
  const topicRow = page.getByRole('row').filter({ hasText: names.topic });
  await expect(topicRow).toContainText('0/1');
  await expectAccessible(page);

  const star = topicRow.getByRole('button', { name: `Star ${names.topic}` });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');

  // Your Starred Topics lists it with its module and component; its name opens the items view.
  await page.getByRole('link', { name: 'Your Starred Topics' }).click();
  await expect(page.getByRole('heading', { name: 'Your Starred Topics', level: 1 })).toBeVisible();
  const starredRow = page.getByRole('row').filter({ hasText: names.topic });
  await expect(starredRow).toContainText(names.module);
  await expect(starredRow).toContainText(names.component);
  await expectAccessible(page);
  await starredRow.getByRole('button', { name: names.topic, exact: true }).click();

  // Items view: tick the procedure row; the server records it.
  await expect(page).toHaveURL(new RegExp(`/topics/${topic.id}/items$`));
  await expect(page.getByRole('heading', { name: names.topic, level: 1 })).toBeVisible();
  await expect(page.getByText('Check the feet')).toBeVisible();
  await expectAccessible(page);
  const completed = page.waitForResponse((response) => response.url().includes('/items/completed/') && response.request().method() === 'POST');
  const row = page.getByRole('region', { name: 'Check the feet' });
  // A click on the toggle's label, as a person would.
  await row.getByText('Complete', { exact: true }).click();
  expect((await completed).ok()).toBe(true);
  await expect(row.getByRole('checkbox', { name: 'Complete' })).toBeChecked();

  // Suggest an edit.
  await page.getByRole('button', { name: 'Suggest an edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest an edit' });
  await dialog.getByLabel('Suggestion').fill(suggestion);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Suggestion Sent!')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Back on the topics list the procedure badge counts the ticked row.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Topics' }).click();
  await expect(page.getByRole('row').filter({ hasText: names.topic })).toContainText('1/1');

  // Content Tree (Settings in the account menu): uncheck the spare module; it leaves Client Modules.
  await page.getByText('learner@example.com').click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Select modules and components you would like to see' })).toBeVisible();
  const spareBox = page.getByRole('checkbox', { name: `Show ${names.spare}` });
  await expect(spareBox).toBeChecked();
  await page.getByRole('button', { name: `Expand ${names.module}` }).click();
  await expect(page.getByRole('checkbox', { name: `Show ${names.component}` })).toBeChecked();
  await expectAccessible(page);

  await page.getByRole('button', { name: names.module, exact: true }).click();
  const preview = page.getByRole('dialog', { name: names.module });
  await expect(preview).toContainText('Working safely at height.');
  await expectAccessible(page);
  await preview.getByRole('button', { name: 'Close' }).click();

  const hidden = page.waitForResponse((response) => response.url().includes(`/modules/hidden/`) && response.request().method() === 'POST');
  // From the keyboard: focus the checkbox and press Space.
  await spareBox.focus();
  await page.keyboard.press('Space');
  expect((await hidden).ok()).toBe(true);
  await expect(spareBox).not.toBeChecked();

  // Go back is a link; from the keyboard: focus it and press Enter. It returns to the previous page.
  const back = page.getByRole('link', { name: 'Go back' });
  await expect(back).toHaveAttribute('href', `/${ORGANIZATION}/modules`);
  await back.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: names.component, level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Modules' }).click();
  await search(page, 'Search by name', names.spare);
  await expect(page.getByText('No modules found...')).toBeVisible();
  await search(page, 'Search by name', names.module);
  await expect(moduleCards(page).getByRole('link')).toHaveCount(1);

  await masterReadsSuggestion(browser, suggestion, { id: topic.id, name: names.topic });
});
