import { expect, test, type Page } from '@playwright/test';
import { Api, invitedAndAccepted, openTab, rowOf, switchTo, uniqueOrganizationName } from './people-support';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

/** A small valid pdf, padded to `size` bytes with a comment (above the 1 KB minimum). */
function aPdf(size = 2000): Buffer {
  const body = '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  return Buffer.from(`%PDF-1.4\n%${'x'.repeat(Math.max(0, size - body.length - 12))}\n${body}`);
}

/** A png drawn by the browser, well over the 1 KB minimum. */
async function aPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    for (let index = 0; index < 300; index += 1) {
      context.fillStyle = `hsl(${(index * 37) % 360} 70% 50%)`;
      context.fillRect((index * 97) % 320, (index * 53) % 200, 14, 14);
    }
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

async function logInAs(page: Page, email: string) {
  await logIn(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Uploads through the Add modal; slows the network first when `slow` so the progress bar can be seen moving. */
async function addDocument(page: Page, title: string, file: { name: string; mimeType: string; buffer: Buffer }, slow = false) {
  await page.getByRole('button', { name: 'Add Bioreq Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Bioreq Document' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(`The description of ${title}`);
  await dialog.getByLabel('File').setInputFiles(file);
  const cdp = slow ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400_000 });
  }
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  if (cdp) {
    const progress = dialog.getByRole('progressbar', { name: 'Upload progress' });
    await expect(progress).toBeVisible();
    await expectAccessible(page);
  }
  await expect(dialog.getByText('Bioreq document uploaded!')).toBeVisible({ timeout: 30_000 });
  if (cdp) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

test('a learner uploads, a reviewer previews, downloads, notes and decides; the learner sees the verdicts; bioreq off hides it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const owner = await Api.as(request, 'owner@example.com');
  const organization = await owner.call<{ id: string; slug: string; name: string }>('POST', '/tenants', {
    name: uniqueOrganizationName('Review Org'),
    enable_bioreq: true,
  });
  await invitedAndAccepted(request, owner, organization, 'learner@example.com', 'user');
  await invitedAndAccepted(request, owner, organization, 'admin@example.com', 'admin');
  const client = `/${organization.slug}/bioreq`;
  const admin = `/${organization.slug}/admin/bioreq`;
  const passport = `Passport ${stamp}`;
  const photo = `Photo ${stamp}`;
  const scan = `Scan ${stamp}`;
  const spare = `Spare ${stamp}`;

  // The learner: the sidebar offers Bioreq; two uploads with their progress; a third for the reviewer to download only.
  await logInAs(page, 'learner@example.com');
  await page.goto(`/${organization.slug}/modules`);
  await page.getByRole('link', { name: 'Bioreq', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${client}`));
  await expect(page.getByRole('heading', { name: 'Bioreq', level: 1 })).toBeVisible();
  await expect(page.getByText('No pending bioreq documents found')).toBeVisible();
  await expectAccessible(page);
  await addDocument(page, passport, { name: 'passport.pdf', mimeType: 'application/pdf', buffer: aPdf(1_500_000) }, true);
  await addDocument(page, photo, { name: 'photo.png', mimeType: 'image/png', buffer: await aPng(page) });
  await addDocument(page, scan, { name: 'scan.pdf', mimeType: 'application/pdf', buffer: aPdf() });
  await expect(rowOf(page, passport)).toBeVisible();
  await expect(rowOf(page, photo)).toBeVisible();
  // Row click: description and file type.
  await rowOf(page, photo).getByRole('rowheader').click();
  const details = page.getByRole('dialog', { name: photo });
  await expect(details.getByText(`The description of ${photo}`)).toBeVisible();
  await expect(details.getByText('Image (image/png)')).toBeVisible();
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Close' }).click();

  // The reviewer: preview the image, download the pdfs, note, edit the note, match with a message, no match with a reason.
  await switchTo(page, 'admin@example.com');
  await page.goto(admin);
  await expect(page.getByRole('heading', { name: 'Bioreq', level: 1 })).toBeVisible();
  await expect(rowOf(page, passport)).toBeVisible();
  await expectAccessible(page);
  // The spec's Actions (match, no match, download, notes): the preview is in the row's details.
  await expect(rowOf(page, photo).getByRole('button', { name: `Preview ${photo}` })).toHaveCount(0);
  await rowOf(page, photo).getByRole('rowheader').click();
  await page.getByRole('dialog', { name: photo }).getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: `Preview - ${photo}` });
  await expect(preview.getByRole('img', { name: photo })).toBeVisible();
  await expectAccessible(page);
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(rowOf(page, photo)).toHaveAttribute('data-highlighted', 'true');
  await expect(rowOf(page, photo)).toContainText('Ada Admin');

  for (const title of [passport, scan]) {
    const downloading = page.waitForEvent('download');
    await rowOf(page, title)
      .getByRole('button', { name: `Download ${title}` })
      .click();
    expect((await downloading).suggestedFilename()).toBe(`${title}.pdf`);
    await expect(rowOf(page, title)).toContainText('Ada Admin');
  }

  await rowOf(page, passport)
    .getByRole('button', { name: `Notes of ${passport}` })
    .click();
  const notes = page.getByRole('dialog', { name: `Notes - ${passport}` });
  await expect(notes.getByText('No notes found')).toBeVisible();
  await expectAccessible(page);
  await notes.getByRole('button', { name: 'Add Note' }).click();
  const noteField = notes.getByRole('textbox', { name: 'Note' });
  await expect(noteField).toHaveAttribute('placeholder', 'Enter note');
  await expect(noteField).toHaveAttribute('maxlength', '1000');
  await noteField.fill('Too short');
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(notes.getByText('Notes must be at least ten characters and no more than 1000 characters')).toBeVisible();
  await noteField.fill('Photo page checked: it is readable.');
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(notes.getByText('Note added!')).toBeVisible();
  await expect(notes.getByRole('region', { name: 'Current note' })).toContainText('Photo page checked: it is readable.');
  await notes.getByRole('button', { name: 'Add Note' }).click();
  await noteField.fill('Checked against the register: it matches.');
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(notes.getByRole('region', { name: 'Current note' })).toContainText('Checked against the register: it matches.');
  await expect(notes.getByRole('region', { name: 'Note history' })).toContainText('Photo page checked: it is readable.');
  await expectAccessible(page);
  await notes.getByRole('button', { name: 'Close' }).click();

  await rowOf(page, passport)
    .getByRole('button', { name: `Match ${passport}`, exact: true })
    .click();
  const match = page.getByRole('alertdialog', { name: `Confirm Match - ${passport}` });
  await expect(match.getByText('This message will be delivered to the uploader')).toBeVisible();
  await match.getByRole('button', { name: 'Confirm' }).click();
  await expect(match.getByText('The message field is required.')).toBeVisible();
  await match.getByRole('textbox', { name: 'Message' }).fill('Your passport matches our records.');
  await expectAccessible(page);
  await match.getByRole('button', { name: 'Confirm' }).click();
  await expect(match).toBeHidden();
  await expect(rowOf(page, passport)).toBeHidden();

  await rowOf(page, photo)
    .getByRole('button', { name: `No match ${photo}` })
    .click();
  const noMatch = page.getByRole('alertdialog', { name: `Confirm No Match - ${photo}` });
  await expect(noMatch.getByText(`Are you sure "${photo}" is not a match?`)).toBeVisible();
  await noMatch.getByRole('textbox', { name: 'Reason (optional)' }).fill('The photo is too dark to compare.');
  await noMatch.getByRole('button', { name: 'Yes' }).click();
  await expect(noMatch).toBeHidden();
  await openTab(page, 'Processed');
  await expect(rowOf(page, passport)).toContainText('Match');
  await expect(rowOf(page, photo)).toContainText('No match');
  await expect(rowOf(page, passport)).toHaveAttribute('data-highlighted', 'true');
  await expectAccessible(page);

  // The learner: the scan shows who downloaded it and can no longer be cancelled; a spare is cancelled; verdicts and the note are shown.
  await switchTo(page, 'learner@example.com');
  await page.goto(client);
  await expect(rowOf(page, scan)).toContainText('Ada Admin');
  await expect(rowOf(page, scan).getByRole('button', { name: `Cancel ${scan}` })).toHaveCount(0);
  await addDocument(page, spare, { name: 'spare.pdf', mimeType: 'application/pdf', buffer: aPdf() });
  await rowOf(page, spare)
    .getByRole('button', { name: `Cancel ${spare}` })
    .click();
  const cancel = page.getByRole('alertdialog', { name: `Cancel “${spare}”?` });
  await expect(cancel).toContainText(`Are you sure you want to cancel "${spare}"?`);
  await expectAccessible(page);
  await cancel.getByRole('button', { name: 'Yes' }).click();
  await expect(rowOf(page, spare)).toHaveCount(0);

  await openTab(page, 'Processed');
  // The spec's Processed columns (no Message): the reviewer's message is in the row's details.
  await expect(page.getByRole('columnheader', { name: 'Message' })).toHaveCount(0);
  for (const [title, message] of [
    [passport, 'Your passport matches our records.'],
    [photo, 'The photo is too dark to compare.'],
  ]) {
    await rowOf(page, title).getByRole('rowheader').click();
    const verdict = page.getByRole('dialog', { name: title });
    await expect(verdict.getByText(message)).toBeVisible();
    // Only masters and the owner read who downloaded a document.
    await expect(verdict.getByRole('heading', { name: 'Access history' })).toHaveCount(0);
    await verdict.getByRole('button', { name: 'Close' }).click();
  }
  await expectAccessible(page);
  await rowOf(page, passport)
    .getByRole('button', { name: `Notes of ${passport}` })
    .click();
  const learnerNotes = page.getByRole('dialog', { name: `Notes - ${passport}` });
  await expect(learnerNotes.getByRole('region', { name: 'Current note' })).toContainText('Checked against the register: it matches.');
  await expect(learnerNotes.getByRole('button', { name: 'Add Note' })).toHaveCount(0);
  await expectAccessible(page);
  await learnerNotes.getByRole('button', { name: 'Close' }).click();

  // The owner reads who fetched a document, and when, in its details.
  await switchTo(page, 'owner@example.com');
  await page.goto(admin);
  await openTab(page, 'Processed');
  await rowOf(page, passport).getByRole('rowheader').click();
  const history = page.getByRole('dialog', { name: passport }).getByRole('list', { name: 'Access history' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Ada Admin');
  await expectAccessible(page);
  await page.getByRole('dialog', { name: passport }).getByRole('button', { name: 'Close' }).click();
  await switchTo(page, 'learner@example.com');

  // Bioreq off (the demo organization): no sidebar entries, and the calls answer 403.
  await page.goto('/acme-training/modules');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bioreq', exact: true })).toHaveCount(0);
  const login = await request.post('/api/token', {
    form: { grant_type: 'password', client_id: 'tessera-web', email: 'learner@example.com', password: DEMO_PASSWORD },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const off = await request.get('/api/tenants/acme-training/bioreq/user', {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(off.status()).toBe(403);
  expect(((await off.json()) as { code: string }).code).toBe('bioreq_disabled');
  await switchTo(page, 'admin@example.com');
  await page.goto('/acme-training/admin/modules');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bioreq', exact: true })).toHaveCount(0);
});

test("the owner keeps processed documents' files for 30 days, then for ever again", async ({ page, request }) => {
  const owner = await Api.as(request, 'owner@example.com');
  const organization = await owner.call<{ id: string; slug: string; name: string }>('POST', '/tenants', {
    name: uniqueOrganizationName('Retention Org'),
    enable_bioreq: true,
  });
  await logInAs(page, 'owner@example.com');
  await page.goto(`/${organization.slug}/admin/bioreq`);
  await page.getByRole('link', { name: 'Retention settings' }).click();
  await expect(page.getByRole('heading', { name: 'Bioreq settings', level: 1 })).toBeVisible();
  const days = page.getByRole('textbox', { name: "Delete processed documents' files after (days)" });
  await expect(days).toHaveValue('');
  await days.fill('30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bioreq settings saved!')).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(days).toHaveValue('30');
  expect(await owner.call<{ retention_days: number | null }>('GET', `/tenants/${organization.id}/bioreq/settings`)).toEqual({ retention_days: 30 });
  await days.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bioreq settings saved!')).toBeVisible();
  expect(await owner.call<{ retention_days: number | null }>('GET', `/tenants/${organization.id}/bioreq/settings`)).toEqual({ retention_days: null });
});
