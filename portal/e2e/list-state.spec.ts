import { expect, test, type Page } from '@playwright/test';
import { Api, openTab, rowOf, search, uniqueOrganizationName } from './people-support';
import { DEMO_PASSWORD, logIn } from './support';

const GROUPS = 30;
const groupName = (index: number) => `Crew ${String(index).padStart(2, '0')}`;

/** The first body row's name (row 0 is the header). */
const firstRow = (page: Page) => page.getByRole('row').nth(1);

test("a list's tab, page, sort and search live in the URL: a reload and Back keep them", async ({ page, request }) => {
  const owner = await Api.as(request, 'owner@example.com');
  const organization = await owner.call<{ id: string; slug: string }>('POST', '/tenants', { name: uniqueOrganizationName('Crews') });
  for (let index = 1; index <= GROUPS; index += 1) {
    await owner.call('POST', `/tenants/${organization.id}/groups`, { name: groupName(index), description: 'A crew.' });
  }
  const archived = await owner.call<{ id: string }>('POST', `/tenants/${organization.id}/groups`, { name: 'Retired crew', description: 'A crew no more.' });
  await owner.call('DELETE', `/tenants/${organization.id}/groups/${archived.id}`);

  await logIn(page, 'owner@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  const groupsPath = `/${organization.slug}/admin/groups`;
  await page.goto(groupsPath);
  await expect(firstRow(page)).toContainText(groupName(1));

  // Page 2, then the name column descending (back to page 1), then a search.
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(firstRow(page)).toContainText(groupName(26));
  await expect(page).toHaveURL(`${groupsPath}?page=2`);
  await page.getByRole('columnheader', { name: /Name/ }).click();
  await expect(firstRow(page)).toContainText(groupName(30));
  await expect(page).toHaveURL(`${groupsPath}?desc=true`);
  await search(page, 'Search name or description', 'Crew 1');
  await expect(firstRow(page)).toContainText(groupName(19));
  await expect(page).toHaveURL(`${groupsPath}?desc=true&search=Crew+1`);

  // A reload shows the same list, search box included.
  await page.reload();
  await expect(firstRow(page)).toContainText(groupName(19));
  await expect(page.getByRole('searchbox', { name: 'Search name or description' })).toHaveValue('Crew 1');
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');

  // Another tab starts afresh and is in the URL too.
  await openTab(page, 'Archived');
  await expect(rowOf(page, 'Retired crew')).toBeVisible();
  await expect(page).toHaveURL(`${groupsPath}?tab=archived`);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Archived' })).toHaveAttribute('aria-selected', 'true');
  await expect(rowOf(page, 'Retired crew')).toBeVisible();

  // Back walks the lists again: the search, then the sort, then page 2.
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect(firstRow(page)).toContainText(groupName(19));
  await expect(page.getByRole('searchbox', { name: 'Search name or description' })).toHaveValue('Crew 1');
  await page.goBack();
  await expect(firstRow(page)).toContainText(groupName(30));
  await expect(page.getByRole('searchbox', { name: 'Search name or description' })).toHaveValue('');
  await page.goBack();
  await expect(firstRow(page)).toContainText(groupName(26));
  await expect(page).toHaveURL(`${groupsPath}?page=2`);
});
