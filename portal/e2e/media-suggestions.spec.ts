import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Api, openTab, rowOf, search } from './people-support';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

const ORGANIZATION = 'acme-training';
const MEDIA = `/${ORGANIZATION}/admin/media`;

/** A png of the given size drawn by the browser (gradients and noise, so it is well over the 1 KB minimum). */
async function drawnPng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#1d4ed8');
      gradient.addColorStop(1, '#f59e0b');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      for (let index = 0; index < 400; index += 1) {
        context.fillStyle = `hsl(${(index * 37) % 360} 70% 50%)`;
        context.fillRect((index * 97) % w, (index * 53) % h, 12, 12);
      }
      return canvas.toDataURL('image/png');
    },
    [width, height],
  );
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** A small valid pdf, padded past the 1 KB minimum with a comment. */
function aPdf(): Buffer {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  ];
  return Buffer.from(`%PDF-1.4\n%${'x'.repeat(1200)}\n${objects.join('\n')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

async function chooseOption(page: Page, select: string | RegExp, option: string) {
  await page.getByRole('button', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A tab by its exact name (Read is part of Unread). */
async function openTabNamed(page: Page, name: string) {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

async function logInAs(page: Page, email: string) {
  await logIn(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
}

/** A bearer token for set-up calls the Api helper does not make (multipart). */
async function accessToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/token', { form: { grant_type: 'password', client_id: 'tessera-web', email, password: DEMO_PASSWORD } });
  expect(response.status(), `login of ${email}`).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface MediaRow {
  id: string;
  name: string;
  mime_type: string;
  width: number | null;
  height: number | null;
  modules: { name: string }[];
}

test('an admin uploads a cropped image and a pdf, filters, searches, views, edits and deletes media', async ({ page, request }) => {
  // A long journey (two uploads, a crop, six pages with axe): more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const imageName = `Floor plan ${stamp}`;
  const pdfName = `Safety sheet ${stamp}`;
  const admin = await Api.as(request, 'admin@example.com');
  const moduleName = `Site safety ${stamp}`;
  await admin.call('POST', `/tenants/${ORGANIZATION}/modules`, { name: moduleName, description: 'Ladders, scaffolds and roofs.' });
  await logInAs(page, 'admin@example.com');
  await page.goto(MEDIA);
  await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // Add: an image cropped to the configured size; the name comes from the file name.
  await openTab(page, 'Add');
  await expect(page.getByRole('heading', { name: 'Add a new file' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: `${imageName}.png`, mimeType: 'image/png', buffer: await drawnPng(page, 1200, 900) });
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(imageName);
  await page.getByRole('button', { name: 'Crop Image' }).click();
  const cropDialog = page.getByRole('dialog', { name: 'Upload Image' });
  await expect(cropDialog.getByRole('heading', { name: 'Original' })).toBeVisible();
  await expect(cropDialog.getByRole('heading', { name: 'Cropped' })).toBeVisible();
  await expect(cropDialog.locator('.cropper-container')).toBeVisible();
  await expectAccessible(page);
  await cropDialog.getByRole('button', { name: 'Crop' }).click();
  await expect(cropDialog).toBeHidden();
  await expect(page.getByText('Cropped', { exact: true })).toBeVisible();
  // Revert Image goes back to the original; cropping again is possible.
  await page.getByRole('button', { name: 'Revert Image' }).click();
  await expect(page.getByText('Cropped', { exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Revert Image' })).toBeDisabled();
  await page.getByRole('button', { name: 'Crop Image' }).click();
  await cropDialog.getByRole('button', { name: 'Crop' }).click();
  await expect(cropDialog).toBeHidden();
  await expect(page.getByText('Cropped', { exact: true })).toBeVisible();
  // Related modules: tag the image with the new module.
  await page.getByRole('combobox', { name: 'Modules' }).fill(moduleName);
  await page.getByRole('option', { name: moduleName }).click();
  await expect(page.getByRole('row', { name: moduleName })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Media Created!')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');

  // Add: a pdf (changing the type resets the form).
  await chooseOption(page, /Media Type/, 'PDF');
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: `${pdfName}.pdf`, mimeType: 'application/pdf', buffer: aPdf() });
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(pdfName);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Media Created!')).toBeVisible();

  // The server stored the crop: a png of the configured size.
  const [stored] = await admin.call<MediaRow[]>('GET', `/tenants/${ORGANIZATION}/media?search=${encodeURIComponent(imageName)}`);
  const config = (await (await request.get('/api/config')).json()) as { data: { image: { min_width: number; min_height: number } } };
  expect(stored).toMatchObject({ name: imageName, mime_type: 'image/png', width: config.data.image.min_width, height: config.data.image.min_height });
  expect(stored.modules.map((module) => module.name)).toEqual([moduleName]);

  // All: filter by type, search by name.
  await openTab(page, 'All');
  await chooseOption(page, /(^| )Type$/, 'pdfs');
  await search(page, 'Search by name', String(stamp));
  await expect(rowOf(page, pdfName)).toBeVisible();
  await expect(rowOf(page, imageName)).toHaveCount(0);
  await chooseOption(page, /(^| )Type$/, 'All Types');
  await expect(rowOf(page, imageName)).toBeVisible();
  // The module filter keeps the tagged image only.
  await chooseOption(page, /(^| )Module$/, moduleName);
  await expect(rowOf(page, pdfName)).toHaveCount(0);
  await expect(rowOf(page, imageName)).toBeVisible();
  await chooseOption(page, /(^| )Module$/, 'All Modules');
  await expect(rowOf(page, pdfName)).toBeVisible();
  await search(page, 'Search by name', imageName);
  await expect(rowOf(page, pdfName)).toHaveCount(0);
  await expectAccessible(page);

  // The viewer (large for an image) shows the image.
  await rowOf(page, imageName).getByRole('rowheader').click();
  const viewer = page.getByRole('dialog', { name: imageName });
  await expect(viewer.getByRole('img', { name: imageName })).toBeVisible();
  await expect.poll(() => viewer.getByRole('img', { name: imageName }).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  // Settings: rename.
  await page.getByRole('link', { name: `Settings of ${imageName}` }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Media');
  await expect(page.getByRole('textbox', { name: 'Type' })).toHaveValue('Image');
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Name' }).fill(`${imageName} (ground)`);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Media Updated!')).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Media' }).click();

  // Delete the pdf after the confirmation.
  await search(page, 'Search by name', pdfName);
  await page.getByRole('button', { name: `Delete ${pdfName}` }).click();
  const question = page.getByRole('alertdialog', { name: `Delete “${pdfName}”?` });
  await expect(question).toContainText('This will permanently delete this item. Are you sure you want to continue?');
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(page.getByText('No media found...')).toBeVisible();
  await search(page, 'Search by name', String(stamp));
  await expect(rowOf(page, `${imageName} (ground)`)).toBeVisible();
});

test("a learner's suggestion is read by the master in Admin Suggestions", async ({ page, request }) => {
  const text = `Suggestion ${Date.now()}: the ladder safety topic should show the three points of contact rule first.`;
  // The learner attaches a photo (multipart, as the topic viewer's Suggest an edit sends it).
  await page.goto('/login');
  const photo = await drawnPng(page, 1000, 600);
  const token = await accessToken(request, 'learner@example.com');
  const sent = await request.post(`/api/tenants/${ORGANIZATION}/suggestions`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    multipart: { text, 'images[]': { name: 'ladder.png', mimeType: 'image/png', buffer: photo } },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await logInAs(page, 'master@example.com');
  await page.goto(`/${ORGANIZATION}/admin/suggestions`);
  await expect(page.getByRole('tab', { name: 'Unread' })).toHaveAttribute('aria-selected', 'true');
  await search(page, 'Search name, email or text', text.slice(0, 24));
  const row = rowOf(page, 'learner@example.com');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${Array.from(text).slice(0, 60).join('')}...`);
  await expect(row).not.toContainText(text);
  await expectAccessible(page);

  await row.getByRole('link', { name: /View the suggestion/ }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Suggestions');
  await expect(page.getByText(text)).toBeVisible();
  const image = page.getByRole('link', { name: /Open image 1 \(ladder\) in a new window/ });
  await expect(image).toHaveAttribute('target', '_blank');
  await expect.poll(() => image.locator('img').evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Mark Read' }).click();
  await expect(page.getByRole('button', { name: 'Mark Unread' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Suggestions' }).click();
  await openTabNamed(page, 'Read');
  await search(page, 'Search name, email or text', text.slice(0, 24));
  await expect(rowOf(page, 'learner@example.com')).toHaveCount(1);
  await openTabNamed(page, 'Unread');
  await search(page, 'Search name, email or text', text.slice(0, 24));
  await expect(page.getByText('No suggestions found...')).toBeVisible();
});

test('the snapshot report shows the counts of the organization', async ({ page, request }) => {
  const admin = await Api.as(request, 'admin@example.com');
  const report = await admin.call<Record<string, Record<string, number>>>('GET', `/tenants/${ORGANIZATION}/reports/snapshot`);
  const sum = (counts: Record<string, number>, keys: string[]) => keys.reduce((total, key) => total + counts[key], 0);

  await logInAs(page, 'admin@example.com');
  await page.goto(`/${ORGANIZATION}/admin/reports`);
  const expected: [string, number][] = [
    ['Modules', sum(report.modules, ['active', 'inactive', 'archived'])],
    ['Components', sum(report.components, ['active', 'inactive', 'archived'])],
    ['Topics', sum(report.topics, ['active', 'inactive', 'archived'])],
    ['Members', sum(report.tenant_users, ['master', 'admin', 'user', 'archived'])],
    ['Media', report.media.total],
  ];
  for (const [title, total] of expected) {
    await expect(page.getByRole('img', { name: title, exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: `${title} values` }).getByRole('row', { name: /^Total/ })).toHaveText(`Total${total}`);
  }
  await expect(page.getByRole('table', { name: 'Modules values' }).getByRole('row', { name: /^Active/ })).toHaveText(`Active${report.modules.active}`);
  await expect(page.getByText(`${report.media.total} files,`)).toBeVisible();
  await expectAccessible(page);
});
