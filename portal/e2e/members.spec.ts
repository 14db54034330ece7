import { expect, test } from '@playwright/test';
import { Api, invitedAndAccepted, openTab, registeredMember, rowOf, search, switchTo, uniqueOrganizationName } from './people-support';
import { DEMO_PASSWORD, expectAccessible, linkFromOutbox, logIn, uniqueEmail } from './support';

test('a master invites a new person, who finishes registration from the email and sees the organization', async ({ page }) => {
  const email = uniqueEmail('invitee');

  await logIn(page, 'master@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit Acme Training' }).click();
  await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await expect(rowOf(page, 'learner@example.com')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Add' }).click();
  await expect(page.getByRole('heading', { name: 'Add a new member' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await expect(page.getByText('An invitation is sent to this address.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Role/ })).toContainText('User');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Member Added!')).toBeVisible();

  await page.getByRole('tab', { name: 'All' }).click();
  await search(page, 'Search by name or email', email);
  await expect(rowOf(page, email)).toContainText('Not Confirmed');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await page.goto(await linkFromOutbox(email, '/finish-registration/'));
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expectAccessible(page);
  await page.getByLabel('Full Name').fill('Ivy Invitee');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText("You've completed the registration process!")).toBeVisible();

  await logIn(page, email, DEMO_PASSWORD);
  const organizations = page.getByRole('list', { name: 'Your organizations' });
  await expect(organizations.getByRole('listitem')).toHaveCount(1);
  await expect(organizations).toContainText('Acme Training');
  await expect(organizations).toContainText('User');
  await expectAccessible(page);
  await organizations.getByRole('link', { name: 'Acme Training' }).click();
  await expect(page).toHaveURL(/\/acme-training\/modules$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Acme Training' })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expectAccessible(page);
});

test('a master adds an existing account, which learns nothing of it and only joins by accepting the emailed invitation', async ({ page, request }) => {
  const name = uniqueOrganizationName('Invite Only');
  const owner = await Api.as(request, 'owner@example.com');
  const organization = await owner.call<{ id: string; slug: string; name: string }>('POST', '/tenants', { name });
  await invitedAndAccepted(request, owner, organization, 'master@example.com', 'master');
  // An account that exists already (a member of Acme).
  const email = uniqueEmail('known');
  await registeredMember(request, await Api.as(request, 'master@example.com'), 'acme-training', email, 'Kim Known');

  await logIn(page, 'master@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.goto(`/${organization.slug}/admin/members`);
  await page.getByRole('tab', { name: 'Add' }).click();
  // The panel changes in a transition: until the form is in, the All tab's "Search by name or email" is the only
  // field whose label holds "email".
  await expect(page.getByRole('heading', { name: 'Add a new member' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Member Added!')).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await search(page, 'Search by name or email', email);
  // Listed as invited, showing only the address typed: nothing tells the master the account existed.
  await expect(rowOf(page, email)).toContainText('Invited');
  await expect(rowOf(page, email)).toContainText('Not Confirmed');
  await expect(rowOf(page, email)).not.toContainText('Kim Known');
  await expectAccessible(page);

  // Until accepting, the person is not a member.
  await switchTo(page, email);
  const organizations = page.getByRole('list', { name: 'Your organizations' });
  await expect(organizations).toContainText('Acme Training');
  await expect(organizations).not.toContainText(name);

  await page.goto(await linkFromOutbox(email, '/accept-invitation/', `invited to join ${name}`));
  await expect(page.getByRole('heading', { name: 'Accept Invitation' })).toBeVisible();
  await expect(page.getByText('You have been invited to join an organization on Tessera. Accept the invitation to become a member.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(page.getByText(`You are now a member of ${name}.`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: `Go to ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${organization.slug}/modules$`));
  await expect(page.getByRole('banner').getByRole('link', { name })).toBeVisible();

  await switchTo(page, 'master@example.com');
  await page.goto(`/${organization.slug}/admin/members`);
  await search(page, 'Search by name or email', email);
  await expect(rowOf(page, email)).toContainText('Kim Known');
  await expect(rowOf(page, email)).toContainText('Active');
});

test('a person requests access by name, a master approves it, and the person sees the organization', async ({ page, request }) => {
  const name = uniqueOrganizationName('Open Doors');
  const owner = await Api.as(request, 'owner@example.com');
  const organization = await owner.call<{ id: string; slug: string; name: string }>('POST', '/tenants', { name });
  await invitedAndAccepted(request, owner, organization, 'master@example.com', 'master');

  await logIn(page, 'learner@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.getByRole('tab', { name: 'Request Access' }).click();
  await page.getByLabel('Organization Name').fill(name);
  await page.getByRole('button', { name: 'Request Access' }).click();
  await expect(page.getByText('Request Sent!')).toBeVisible();
  await expectAccessible(page);

  await switchTo(page, 'master@example.com');
  await page.goto(`/${organization.slug}/admin/access-requests`);
  await expect(page.getByRole('heading', { name: 'Access Requests' })).toBeVisible();
  await expect(rowOf(page, 'learner@example.com')).toContainText('Pending');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Approve Lena Learner' }).click();
  await expect(page.getByText('No access requests found...')).toBeVisible();

  await switchTo(page, 'learner@example.com');
  const organizations = page.getByRole('list', { name: 'Your organizations' });
  await expect(organizations).toContainText(name);
  await organizations.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/${organization.slug}/modules$`));
  await expect(page.getByRole('banner').getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expectAccessible(page);
});

test('a suspended member sees the Membership Suspended modal', async ({ page, request }) => {
  const email = uniqueEmail('suspended-member');
  const master = await Api.as(request, 'master@example.com');
  await registeredMember(request, master, 'acme-training', email, 'Sam Suspended');

  await logIn(page, 'master@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.goto('/acme-training/admin/members');
  await search(page, 'Search by name or email', email);
  await page.getByRole('link', { name: 'Edit Sam Suspended' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Member' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expectAccessible(page);
  await page.getByText('Active', { exact: true }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Member Updated!')).toBeVisible();

  await switchTo(page, email);
  const organizations = page.getByRole('list', { name: 'Your organizations' });
  await expect(organizations).toContainText('Suspended');
  await organizations.getByRole('link', { name: 'Acme Training' }).click();
  const modal = page.getByRole('alertdialog', { name: 'Membership Suspended' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Your membership with this organization has been suspended.');
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'GO TO HOME PAGE' }).click();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
});

test('a master creates a group with a member, edits it, and archives and restores it', async ({ page }) => {
  const name = uniqueOrganizationName('Trainers');
  const lena = 'Lena Learner (learner@example.com)';

  await logIn(page, 'master@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.goto('/acme-training/admin/groups');
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Add' }).click();
  await expect(page.getByRole('heading', { name: 'Create a new group' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill('People who run the sessions');
  await page.getByRole('combobox', { name: 'Members' }).fill('Lena');
  await page.getByRole('option', { name: lena }).click();
  await expect(page.getByRole('grid', { name: 'Selected members' }).getByRole('row', { name: lena })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Group Created!')).toBeVisible();

  await page.getByRole('tab', { name: 'All' }).click();
  await search(page, 'Search name or description', name);
  await expect(rowOf(page, name)).toContainText('1 member');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Group' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByLabel('Group ID')).toHaveAttribute('readonly', '');
  await expectAccessible(page);

  // Leaving with unsaved changes asks first.
  await page.getByLabel('Description').fill('People who run the training sessions');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Groups' }).click();
  const question = page.getByRole('alertdialog', { name: 'There are unsaved changes, are you sure you want to leave?' });
  await expect(question).toBeVisible();
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Group' })).toBeVisible();

  await page.getByRole('button', { name: `Remove ${lena}` }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Group Updated!')).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Groups' }).click();

  await search(page, 'Search name or description', 'training sessions');
  await expect(rowOf(page, name)).toContainText('0 members');
  await page.getByRole('button', { name: `Archive ${name}` }).click();
  await expect(page.getByText('No groups found...')).toBeVisible();
  await page.getByRole('tab', { name: 'Archived' }).click();
  await search(page, 'Search name or description', name);
  await page.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByText('No groups found...')).toBeVisible();
});

test('a master declines an access request, archives it and restores it (Declined and Archived tabs)', async ({ page, request }) => {
  const name = uniqueOrganizationName('Closed Doors');
  const owner = await Api.as(request, 'owner@example.com');
  const organization = await owner.call<{ id: string; slug: string; name: string }>('POST', '/tenants', { name });
  await invitedAndAccepted(request, owner, organization, 'master@example.com', 'master');
  // A confirmed person (registered through an invitation to Acme) asks to join the new organization.
  const email = uniqueEmail('declined');
  await registeredMember(request, await Api.as(request, 'master@example.com'), 'acme-training', email, 'Dana Declined');
  await (await Api.as(request, email)).call('POST', '/access-requests', { name });

  await logIn(page, 'master@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.goto(`/${organization.slug}/admin/access-requests`);
  await expect(rowOf(page, email)).toContainText('Pending');
  await page.getByRole('button', { name: 'Decline Dana Declined' }).click();
  await expect(rowOf(page, email)).toHaveCount(0);

  await openTab(page, 'Declined');
  await expect(rowOf(page, email)).toContainText('Declined');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Archive Dana Declined' }).click();
  await expect(page.getByText('No access requests found...')).toBeVisible();

  await openTab(page, 'Archived');
  await expect(rowOf(page, email)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Restore Dana Declined' }).click();
  await expect(page.getByText('No access requests found...')).toBeVisible();
  await openTab(page, 'Declined');
  await expect(rowOf(page, email)).toContainText('Declined');
});

test('a member whose new email is unconfirmed sees Email Confirmation Required; admin pages on a narrow screen say so', async ({ page, request }) => {
  const email = uniqueEmail('reconfirm');
  await registeredMember(request, await Api.as(request, 'master@example.com'), 'acme-training', email, 'Rey Reconfirm');
  const changed = uniqueEmail('reconfirm-new');
  // Changing the email requires confirming the new address (spec 2.6).
  await (await Api.as(request, email)).call('PATCH', '/users/me', { email: changed, current_password: DEMO_PASSWORD });

  await logIn(page, changed, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your email needs confirmation' })).toBeVisible();
  await page.getByRole('list', { name: 'Your organizations' }).getByRole('link', { name: 'Acme Training' }).click();
  const modal = page.getByRole('alertdialog', { name: 'Email Confirmation Required' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('You must confirm your email before accessing this organization');
  await expectAccessible(page);

  await switchTo(page, 'admin@example.com');
  await page.setViewportSize({ width: 500, height: 800 });
  await page.goto('/acme-training/admin/modules');
  await expect(page.getByText("We're sorry, but this page is not supported on this screen size. Please switch to a larger device.")).toBeVisible();
  await expectAccessible(page);
});
