import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

const ORGANIZATION = 'acme-training';

/** Where the screenshots of this run go (beside its data; the journeys do not compare them). */
const SHOTS = join(process.env.E2E_DATA_DIR ?? '.', 'screens');

/** Whether the page is wider than the window (it would scroll sideways). */
async function overflowsSideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * WCAG 2.5.3 (axe's label-content-name-mismatch, an experimental rule the journeys' default run leaves out): a
 * control's accessible name contains its visible text, so speech users can say what they see.
 */
async function expectNamesContainLabels(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
  const found = results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')));
  expect(found, `label-content-name-mismatch on ${page.url()}`).toEqual([]);
}

async function logInAs(page: Page, email: string) {
  await logIn(page, email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
}

test('on a 375 px phone no client page scrolls sideways, and the top bar keeps the organization and the account menu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await logInAs(page, 'learner@example.com');
  expect(await overflowsSideways(page), 'home').toBeLessThanOrEqual(0);
  await page.goto(`/${ORGANIZATION}/modules`);
  await expect(page.getByRole('heading', { name: 'Modules', level: 1 })).toBeVisible();
  expect(await overflowsSideways(page), 'modules').toBeLessThanOrEqual(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Acme Training' })).toBeVisible();
  await expect(page.getByText('learner@example.com')).toBeVisible();
  await page
    .getByRole('link', { name: /Getting Started/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Getting Started', level: 1 })).toBeVisible();
  expect(await overflowsSideways(page), 'components').toBeLessThanOrEqual(0);
  await page
    .getByRole('link', { name: /Welcome/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Welcome', level: 1 })).toBeVisible();
  expect(await overflowsSideways(page), 'topics').toBeLessThanOrEqual(0);
  // A starred topic, so that Your Starred Topics shows its four-column table at this width, not only the empty
  // text: before, which of the two it met depended on what earlier journeys had left starred.
  const star = page.getByRole('button', { name: /^Star / }).first();
  const topicName = ((await star.getAttribute('aria-label')) ?? '').replace(/^Star /, '');
  if ((await star.getAttribute('aria-pressed')) !== 'true') await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  for (const path of [`/${ORGANIZATION}/starred-topics`, `/${ORGANIZATION}/content-tree`, '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path.endsWith('starred-topics')) {
      const unstar = page.getByRole('button', { name: `Unstar ${topicName}` });
      await expect(unstar).toBeVisible();
      // In view without a sideways swipe: the table scrolls in its box, its actions column stays on screen.
      const box = await unstar.boundingBox();
      expect((box?.x ?? Infinity) + (box?.width ?? 0), 'Unstar within the screen').toBeLessThanOrEqual(375);
    }
    expect(await overflowsSideways(page), path).toBeLessThanOrEqual(0);
  }
  await page.getByText('learner@example.com').click();
  await expect(page.getByRole('link', { name: 'Logout' })).toBeVisible();
  expect(await overflowsSideways(page), 'open account menu').toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

const ADMIN_PAGES = [
  ['modules', `/${ORGANIZATION}/admin/modules`],
  ['modules-add', `/${ORGANIZATION}/admin/modules?tab=add`],
  ['media', `/${ORGANIZATION}/admin/media`],
  ['members', `/${ORGANIZATION}/admin/members`],
  ['webhooks', `/${ORGANIZATION}/admin/webhooks`],
  ['groups', `/${ORGANIZATION}/admin/groups`],
  ['access-requests', `/${ORGANIZATION}/admin/access-requests`],
  ['suggestions', `/${ORGANIZATION}/admin/suggestions`],
  ['reports', `/${ORGANIZATION}/admin/reports`],
  ['organizations', '/organizations'],
  ['users', '/users'],
] as const;

for (const [width, height] of [
  [1366, 900],
  [1920, 1080],
] as const) {
  test(`admin pages at ${width}×${height}: nothing scrolls sideways (screenshots kept for review)`, async ({ page }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height });
    await logInAs(page, 'owner@example.com');
    for (const [name, path] of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await overflowsSideways(page), path).toBeLessThanOrEqual(0);
      await expectNamesContainLabels(page);
      await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    // A module's components and the items editor, reached by clicks as an admin would.
    await page.goto(`/${ORGANIZATION}/admin/modules`);
    await page.getByRole('row').filter({ hasText: 'Getting Started' }).getByText('Getting Started').click();
    await expect(page.getByRole('heading', { name: 'Components', level: 1 })).toBeVisible();
    await page.screenshot({ path: join(SHOTS, `components-${width}.png`), fullPage: true });
    await page.getByRole('row').filter({ hasText: 'Welcome' }).getByText('Welcome').click();
    await expect(page.getByRole('heading', { name: 'Topics', level: 1 })).toBeVisible();
    await expectNamesContainLabels(page);
    await page.screenshot({ path: join(SHOTS, `topics-${width}.png`), fullPage: true });
    await page.getByRole('row').filter({ hasText: 'How this training works' }).getByText('How this training works').click();
    const paragraph = page.getByRole('textbox', { name: /^Text of Paragraph 1 in Row 1/ });
    await expect(paragraph).toBeVisible();
    // The Markdown editor writes in the portal's font and size, like the other fields.
    const font = (element: HTMLElement) => `${getComputedStyle(element).fontFamily} ${getComputedStyle(element).fontSize}`;
    expect(await paragraph.evaluate(font)).toBe(await page.getByRole('textbox', { name: 'Row title' }).first().evaluate(font));
    await expectNamesContainLabels(page);
    await page.screenshot({ path: join(SHOTS, `items-${width}.png`), fullPage: true });
  });
}
