/** Issue 14: the tag picker opened only on its small ▾ button or on typing; a click on its box near the window's bottom edge now opens it. */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, logIn } from './support';

test.use({ viewport: { width: 1366, height: 700 } });

for (const target of ['button', 'input'] as const) {
  test(`a tag picker at the bottom of the window opens on the first click of its ${target}`, async ({ page }) => {
    await logIn(page, 'master@example.com', DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/acme-training/admin/members?tab=add');
    const input = page.getByRole('combobox', { name: 'Groups' });
    await expect(input).toBeVisible();
    // Scroll so the picker's input sits at the window's lower edge, half of it hidden.
    await input.evaluate((element) => {
      const box = element.getBoundingClientRect();
      window.scrollBy(0, box.top - window.innerHeight + box.height / 2);
    });
    const box = (await (target === 'button' ? page.getByRole('button', { name: 'Show groups' }) : input).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + Math.min(box.height / 2, 700 - box.y - 2));
    await expect(page.getByRole('listbox')).toBeVisible();
  });
}
