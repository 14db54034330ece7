import { expect, test } from '@playwright/test';
import { Api, invitedAndAccepted, uniqueOrganizationName } from './people-support';
import { intranetUrl, serverUrl } from './ports';
import { DEMO_PASSWORD, expectAccessible } from './support';

/** A small valid pdf of about `size` bytes. */
function aPdf(size: number): Buffer {
  const body = '1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  return Buffer.from(`%PDF-1.4\n%${'x'.repeat(Math.max(0, size - body.length - 12))}\n${body}`);
}

test('the intranet documents page uploads a bioreq document with <tessera-bioreq-uploader>, with progress, and cancels one', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await Api.as(request, 'owner@example.com');
  const organization = await owner.call<{ id: string; slug: string; name: string }>('POST', '/tenants', {
    name: uniqueOrganizationName('Intranet Docs'),
    enable_bioreq: true,
  });
  await invitedAndAccepted(request, owner, organization, 'learner@example.com', 'user');

  await page.goto(`${intranetUrl}/bioreq.html?tessera=${serverUrl}&organization=${organization.slug}`);
  const login = page.locator('tessera-login');
  const uploader = page.locator('tessera-bioreq-uploader');
  await expect(uploader.getByText('Log in to upload your documents.')).toBeVisible();
  await expectAccessible(page);
  await login.getByLabel('Email').fill('learner@example.com');
  await login.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(uploader.getByText('No bioreq documents found')).toBeVisible();
  await expect(page.locator('#tessera-status')).toHaveText('You are logged in: send your documents below.');
  // Back later, still logged in: the page's own status follows the session, not only a fresh login.
  await page.reload();
  await expect(uploader.getByText('No bioreq documents found')).toBeVisible();
  await expect(page.locator('#tessera-status')).toHaveText('You are logged in: send your documents below.');

  // The host's hostile CSS does not reach the widget.
  const font = await uploader.getByRole('button', { name: 'Upload' }).evaluate((button) => getComputedStyle(button).fontFamily);
  expect(font).not.toMatch(/comic/i);

  const uploaded = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        document.addEventListener('tessera-bioreq-uploaded', (event) => resolve((event as CustomEvent<{ title: string }>).detail.title), { once: true }),
      ),
  );
  await uploader.getByRole('textbox', { name: 'Title' }).fill('Work permit');
  await uploader.getByRole('textbox', { name: 'Description' }).fill('Both sides, scanned');
  await uploader.getByLabel('File').setInputFiles({ name: 'permit.pdf', mimeType: 'application/pdf', buffer: aPdf(1_200_000) });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400_000 });
  await uploader.getByRole('button', { name: 'Upload' }).click();
  const progress = uploader.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThan(0);
  await expectAccessible(page);
  expect(await uploaded).toBe('Work permit');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(uploader.getByText('Bioreq document uploaded!')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'HR received "Work permit".' })).toBeVisible();
  const row = uploader.getByRole('row').filter({ hasText: 'Work permit' });
  await expect(row).toContainText('Pending');
  await expectAccessible(page);

  const cancelled = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        document.addEventListener('tessera-bioreq-cancelled', (event) => resolve((event as CustomEvent<{ title: string }>).detail.title), { once: true }),
      ),
  );
  await row.getByRole('button', { name: 'Cancel Work permit' }).click();
  await uploader.getByRole('alertdialog', { name: 'Are you sure you want to cancel "Work permit"?' }).getByRole('button', { name: 'Yes' }).click();
  expect(await cancelled).toBe('Work permit');
  await expect(uploader.getByText('No bioreq documents found')).toBeVisible();

  // An organization with bioreq off (the demo one): the server's words, and no form to fill in vain.
  await page.goto(`${intranetUrl}/bioreq.html?tessera=${serverUrl}&organization=acme-training`);
  await expect(uploader.getByText('Bioreq is not enabled for this organization.')).toBeVisible();
  await expect(uploader.getByRole('button', { name: 'Upload' })).toHaveCount(0);
  await expect(uploader.getByText('Something went wrong.')).toHaveCount(0);
  await expectAccessible(page);
});
