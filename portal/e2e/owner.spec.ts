import { expect, test, type Page } from '@playwright/test';
import { Api, invitedAndAccepted, openTab, rowOf, search, uniqueOrganizationName } from './people-support';
import { DEMO_PASSWORD, expectAccessible, logIn, uniqueEmail } from './support';

async function addOrganization(page: Page, name: string, bioreq: boolean) {
  await openTab(page, 'Add');
  await page.getByLabel('Name').fill(name);
  if (bioreq) await page.getByText('Enable Bioreq').click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Organization Created!')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
}

test('the owner creates an organization with bioreq on, and archives and restores another', async ({ page }) => {
  const withBioreq = uniqueOrganizationName('Bioreq Clinic');
  const other = uniqueOrganizationName('Archive Me');

  await logIn(page, 'owner@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Owner' }).getByRole('link', { name: 'Organizations' }).click();
  await expect(page.getByRole('heading', { name: 'Organization Management' })).toBeVisible();
  await expect(rowOf(page, 'Acme Training')).toBeVisible();
  await expectAccessible(page);

  await addOrganization(page, withBioreq, true);
  await expectAccessible(page);
  await addOrganization(page, other, false);

  await openTab(page, 'All');
  await search(page, 'Search by name', other);
  await expect(rowOf(page, other)).toBeVisible();
  await page.getByRole('button', { name: `Archive ${other}` }).click();
  // Asked first, naming the organization; then announced.
  const archiveQuestion = page.getByRole('alertdialog', { name: `Archive ${other}?` });
  await expect(archiveQuestion).toContainText(`${other} will be archived`);
  await expectAccessible(page);
  await archiveQuestion.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('No organizations found...')).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Organization archived');

  await openTab(page, 'Archived');
  await search(page, 'Search by name', other);
  await expect(rowOf(page, other)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Restore ${other}` }).click();
  await expect(page.getByText('No organizations found...')).toBeVisible();

  await openTab(page, 'All');
  await search(page, 'Search by name', other);
  await expect(rowOf(page, other)).toBeVisible();

  // The new organization has bioreq on: its edit screen says so.
  await search(page, 'Search by name', withBioreq);
  await page.getByRole('link', { name: `Edit ${withBioreq}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Organization' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(withBioreq);
  await expect(page.getByRole('switch', { name: 'Enable Bioreq' })).toBeChecked();
  await expectAccessible(page);

  // A row click opens the organization's admin modules, with the full sidebar.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Organizations' }).click();
  await search(page, 'Search by name', withBioreq);
  await page.getByRole('rowheader', { name: withBioreq }).click();
  await expect(page).toHaveURL(/\/admin\/modules$/);
  await expect(page.getByRole('navigation', { name: 'Organization' }).getByRole('link')).toHaveText([
    'Modules',
    'Media',
    'Members',
    'Groups',
    'Access Requests',
    'Suggestions',
    'Reports',
    'Bioreq',
  ]);
  await expect(page.getByRole('banner').getByRole('link', { name: withBioreq })).toBeVisible();
  await expectAccessible(page);
});

test('the owner suspends, bans and restores a user', async ({ page, request }) => {
  const email = uniqueEmail('suspendee');
  const master = await Api.as(request, 'master@example.com');
  await master.call('POST', '/tenants/acme-training/tenant-users', { email, role: 'user' });

  await logIn(page, 'owner@example.com', DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Owner' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  // The owner cannot suspend their own account.
  await search(page, 'Search by name or email', 'owner@example.com');
  await expect(rowOf(page, 'owner@example.com')).toContainText(/Owner\s*Me/);
  await expect(page.getByRole('button', { name: 'Suspend Olivia Owner' })).toBeDisabled();
  await expectAccessible(page);

  // Invited, not yet registered: the status is pending.
  await search(page, 'Search by name or email', email);
  await expect(rowOf(page, email)).toContainText('Pending');
  await page.getByRole('button', { name: `Suspend ${email}` }).click();
  const suspendQuestion = page.getByRole('alertdialog', { name: `Suspend ${email}?` });
  await expect(suspendQuestion).toContainText(email);
  // Cancel suspends nobody.
  await suspendQuestion.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, email)).toContainText('Pending');
  await page.getByRole('button', { name: `Suspend ${email}` }).click();
  await suspendQuestion.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('No users found...')).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('User suspended');

  await openTab(page, 'Suspended');
  await search(page, 'Search by name or email', email);
  await expect(rowOf(page, email)).toContainText('Suspended');
  await expectAccessible(page);
  await page.getByRole('button', { name: `Ban ${email}` }).click();
  await page
    .getByRole('alertdialog', { name: `Ban ${email}?` })
    .getByRole('button', { name: 'Ban' })
    .click();
  await expect(page.getByText('No users found...')).toBeVisible();

  await openTab(page, 'Banned');
  await search(page, 'Search by name or email', email);
  await expect(rowOf(page, email)).toContainText('Banned');
  await expectAccessible(page);
  await page.getByRole('button', { name: `Restore ${email}` }).click();
  await expect(page.getByText('No users found...')).toBeVisible();

  // Restoring a banned account leaves it suspended; reactivating is its own step.
  await openTab(page, 'Suspended');
  await search(page, 'Search by name or email', email);
  await page.getByRole('button', { name: `Reactivate ${email}` }).click();
  await expect(page.getByText('No users found...')).toBeVisible();
  await openTab(page, 'Active');
  await search(page, 'Search by name or email', email);
  // Active again, and still pending until the invitation is accepted.
  await expect(rowOf(page, email)).toContainText('Pending');
  await expect(page.getByRole('button', { name: `Suspend ${email}` })).toBeEnabled();
});

test('a renamed organization gets the new pretty URL, and the old one redirects to it', async ({ page, request }) => {
  const owner = await Api.as(request, 'owner@example.com');
  const name = uniqueOrganizationName('Before Rename');
  const organization = await owner.call<{ id: string; slug: string; name: string }>('POST', '/tenants', { name });
  await invitedAndAccepted(request, owner, organization, 'master@example.com', 'master');
  const renamed = await owner.call<{ slug: string }>('PATCH', `/tenants/${organization.id}`, { name: uniqueOrganizationName('After Rename') });
  expect(renamed.slug).not.toBe(organization.slug);

  await logIn(page, 'master@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.goto(`/${organization.slug}/admin/members`);
  await expect(page).toHaveURL(new RegExp(`/${renamed.slug}/admin/members$`));
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await expectAccessible(page);
});

test('the owner opens Jobs from the sidebar: failed, queued and running jobs, each tab accessible', async ({ page }) => {
  await logIn(page, 'owner@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Owner' }).getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  // The demo sends its mail to the outbox, which never refuses: nothing failed.
  await expect(page.getByRole('grid', { name: 'failed jobs' })).toContainText('No failed jobs.');
  await expectAccessible(page);
  await openTab(page, 'Queued');
  await expect(page.getByRole('grid', { name: 'queued jobs' })).toBeVisible();
  await expectAccessible(page);
});
