import { crc32, deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Api } from './people-support';
import { intranetUrl, serverUrl } from './ports';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

const ORGANIZATION = 'acme-training';

interface Created {
  id: string;
  name: string;
}

interface SavedItem {
  id: string;
  type: string;
  text: string | null;
  is_procedure: boolean;
  media: { name: string }[];
  children: SavedItem[];
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB png of noise (it does not compress, so it is well over the 1 KB minimum) at the configured minimum size. */
function noisePng(width = 800, height = 450): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** An ISO base media `ftyp` box (sniffed as video/mp4) padded past the 10 KB video minimum. */
function mp4(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(20_000, 0x20)]);
}

function pdf(): Buffer {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  ];
  return Buffer.from(`%PDF-1.4\n%${'x'.repeat(1200)}\n${objects.join('\n')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** MPEG-1 layer III frame headers (sniffed as audio/mpeg). */
function mp3(): Buffer {
  const frame = Buffer.alloc(417, 0);
  Buffer.from([0xff, 0xfb, 0x90, 0x64]).copy(frame);
  return Buffer.concat(Array.from({ length: 8 }, () => frame));
}

type Upload = { name: string; mimeType: string; buffer: Buffer };

/** The media library upload is multipart; the shared Api helper speaks JSON only. */
async function uploadMedia(request: APIRequestContext, name: string, type: string, file: Upload, thumbnail?: Upload): Promise<Created> {
  const login = await request.post('/api/token', {
    form: { grant_type: 'password', client_id: 'tessera-web', email: 'admin@example.com', password: DEMO_PASSWORD },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const response = await request.post(`/api/tenants/${ORGANIZATION}/media`, {
    multipart: { name, type, file, ...(thumbnail ? { thumbnail } : {}) },
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status(), `upload of ${name}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { data: Created }).data;
}

async function createTopic(request: APIRequestContext, suffix: string) {
  const admin = await Api.as(request, 'admin@example.com');
  const module = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/modules`, {
    name: `Plant safety ${suffix}`,
    description: 'Working safely at the plant.',
  });
  const component = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/components`, {
    name: `Machines ${suffix}`,
    description: 'Before touching a machine.',
  });
  const topic = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/components/${component.id}/topics`, {
    name: `Lockout ${suffix}`,
    description: 'Isolating energy before maintenance.',
  });
  return { admin, module, component, topic };
}

async function uploadLibrary(request: APIRequestContext, suffix: string) {
  const image = noisePng();
  await uploadMedia(request, `Poster ${suffix}`, 'image', { name: 'poster.png', mimeType: 'image/png', buffer: image });
  await uploadMedia(
    request,
    `Walkthrough ${suffix}`,
    'video',
    { name: 'walkthrough.mp4', mimeType: 'video/mp4', buffer: mp4() },
    { name: 'thumb.png', mimeType: 'image/png', buffer: image },
  );
  await uploadMedia(request, `Checklist ${suffix}`, 'pdf', { name: 'checklist.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await uploadMedia(request, `Briefing ${suffix}`, 'audio', { name: 'briefing.mp3', mimeType: 'audio/mpeg', buffer: mp3() });
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Adds a media item to a row and picks its file from the Media Library modal (filtered to its type). */
async function addMedia(
  page: Page,
  row: string,
  rowNumber: number,
  kind: 'Image' | 'Video' | 'PDF' | 'Audio',
  position: number,
  mediaName: string,
  checkAccessibility = false,
) {
  await region(page, row)
    .getByRole('button', { name: `Add ${kind} to Row ${rowNumber}` })
    .click();
  const item = region(page, `${kind} ${position} in Row ${rowNumber}`);
  await item.getByRole('button', { name: `Choose ${kind.toLowerCase()} for ${kind} ${position} in Row ${rowNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Media Library' });
  const searchBox = dialog.getByRole('searchbox', { name: 'Search by name' });
  await searchBox.fill(mediaName);
  await searchBox.press('Enter');
  const option = dialog.getByRole('option', { name: new RegExp(mediaName) });
  await expect(dialog.getByRole('option')).toHaveCount(1);
  if (checkAccessibility) await expectAccessible(page);
  await option.click();
  await dialog.getByRole('button', { name: 'Select' }).click();
  await expect(dialog).toBeHidden();
  await expect(item.getByText(mediaName)).toBeVisible();
}

/** Names of the rows, and of the items in each, top to bottom. */
async function layout(page: Page) {
  return page.locator('section[data-item-type="row"]').evaluateAll((rows) =>
    rows.map((row) => ({
      row: row.querySelector('h2')?.textContent,
      items: [...row.querySelectorAll('section[data-item-type] h3')].map((heading) => heading.textContent),
    })),
  );
}

test('an admin builds a topic of rows, paragraphs, media and a procedure, reorders, saves and previews it', async ({ page, request }) => {
  // A long journey (four uploads, a dozen editor steps, axe six times) on a machine shared with other runs.
  test.setTimeout(240_000);
  const suffix = `${Date.now()}`;
  const { admin, module, component, topic } = await createTopic(request, suffix);
  await uploadLibrary(request, suffix);
  const editor = `/${ORGANIZATION}/admin/topics/${topic.id}/items`;

  await logIn(page, 'admin@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  // The Markdown editor is its own chunk, fetched on author pages only when a paragraph shows.
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  const loadsMarkdownEditor = () => scripts.some((path) => /\/MarkdownEditor-[\w-]+\.js$/.test(path));
  await page.goto(`/${ORGANIZATION}/modules`, { waitUntil: 'networkidle' });
  expect(loadsMarkdownEditor()).toBe(false);
  await page.goto(editor);
  await expect(page.getByRole('heading', { level: 1, name: topic.name })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Components' })).toHaveAttribute('href', `/${ORGANIZATION}/admin/modules/${module.id}/components`);
  await expect(crumbs.getByRole('link', { name: 'Topics' })).toHaveAttribute('href', `/${ORGANIZATION}/admin/components/${component.id}/topics`);
  await expect(page.getByRole('link', { name: 'Switch to User View' })).toHaveAttribute(
    'href',
    `/${ORGANIZATION}/modules/${module.id}/components/${component.id}/topics/${topic.id}/items`,
  );
  await expectAccessible(page);
  expect(loadsMarkdownEditor()).toBe(false);

  // A first row with a Markdown paragraph.
  await page.getByRole('button', { name: 'Add Row' }).click();
  await region(page, 'Row 1').getByRole('textbox', { name: 'Row title' }).fill('Before you start');
  await region(page, 'Row 1: Before you start').getByRole('button', { name: 'Add Paragraph to Row 1' }).click();
  await expect.poll(loadsMarkdownEditor).toBe(true);
  await page.getByRole('textbox', { name: 'Text of Paragraph 1 in Row 1' }).fill('**Wear** your badge and read the [site rules](https://example.com/rules).');
  await expectAccessible(page);

  // A second row, a procedure, with one item of each media type.
  await page.getByRole('button', { name: 'Add Row' }).click();
  await region(page, 'Row 2').getByRole('textbox', { name: 'Row title' }).fill('Lockout steps');
  const steps = 'Row 2: Lockout steps';
  await region(page, steps).getByText('Procedure', { exact: true }).click();
  await expect(region(page, steps).getByRole('checkbox', { name: 'Procedure' })).toBeChecked();

  // Saving without a file for an image shows the spec message on that item, under the banner.
  await region(page, steps).getByRole('button', { name: 'Add Image to Row 2' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('There was an issue saving. Please correct the error(s) below.')).toBeVisible();
  await expect(region(page, 'Image 1 in Row 2').getByText('You must supply an image.')).toBeVisible();
  await expectAccessible(page);
  await region(page, 'Image 1 in Row 2').getByRole('button', { name: 'Delete Image 1 in Row 2' }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete the image?' });
  await expect(question).toContainText('Are you sure you want to delete the image?');
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(region(page, 'Image 1 in Row 2')).toHaveCount(0);

  await addMedia(page, steps, 2, 'Image', 1, `Poster ${suffix}`, true);
  await addMedia(page, steps, 2, 'Video', 2, `Walkthrough ${suffix}`);
  await addMedia(page, steps, 2, 'PDF', 3, `Checklist ${suffix}`);
  await addMedia(page, steps, 2, 'Audio', 4, `Briefing ${suffix}`);

  // Reorder: the procedure row goes first; the audio goes before the image through the move dialog.
  await region(page, steps).getByRole('button', { name: 'Move Row 2 up' }).click();
  await region(page, 'Audio 4 in Row 1').getByRole('button', { name: 'Move Audio 4 in Row 1 to…' }).click();
  const move = page.getByRole('dialog', { name: 'Move Audio' });
  await expect(move.getByRole('list', { name: 'Items in Row 2: Before you start' })).toContainText('Paragraph 1');
  await expectAccessible(page);
  await move.getByRole('button', { name: 'Before Image 1 in Row 1: Lockout steps' }).click();
  await expect(move).toBeHidden();
  const expected = [
    { row: 'Row 1: Lockout steps', items: ['Audio 1 in Row 1', 'Image 2 in Row 1', 'Video 3 in Row 1', 'PDF 4 in Row 1'] },
    { row: 'Row 2: Before you start', items: ['Paragraph 1 in Row 2'] },
  ];
  expect(await layout(page)).toEqual(expected);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Items Saved!')).toBeVisible();
  const saved = await admin.call<SavedItem[]>('GET', `/tenants/${ORGANIZATION}/topics/${topic.id}/items`);
  expect(saved.map((row) => [row.text, row.is_procedure, row.children.map((child) => child.type)])).toEqual([
    ['Lockout steps', true, ['audio', 'image', 'video', 'pdf']],
    ['Before you start', false, ['paragraph']],
  ]);
  expect(saved[0].children.map((child) => child.media[0]?.name)).toEqual([
    `Briefing ${suffix}`,
    `Poster ${suffix}`,
    `Walkthrough ${suffix}`,
    `Checklist ${suffix}`,
  ]);

  // The order holds after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: topic.name })).toBeVisible();
  expect(await layout(page)).toEqual(expected);
  await expect(region(page, 'Row 1: Lockout steps').getByRole('checkbox', { name: 'Procedure' })).toBeChecked();

  // Preview shows the current (unsaved) edit in the client items view, with the way back to editing.
  await region(page, 'Row 2: Before you start').getByRole('textbox', { name: 'Row title' }).fill('Before you start today');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/topics/${topic.id}/items\\?preview=1`));
  await expect(page.getByRole('link', { name: 'Back to editing' })).toBeVisible();
  await expect(page.getByText('Lockout steps')).toBeVisible();
  await expect(page.getByText('Wear', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to editing' }).click();
  await expect(page).toHaveURL(new RegExp(`${editor}$`));
  await expect(region(page, 'Row 2: Before you start today')).toBeVisible();

  // The same topic, as saved, embedded as <tessera-topic-viewer> on the partner intranet for a learner of the module.
  const master = await Api.as(request, 'master@example.com');
  const [learner] = await master.call<{ id: string }[]>('GET', `/tenants/${ORGANIZATION}/tenant-users?search=learner@example.com`);
  await master.call('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/tenant-users`, { tenant_users: [learner.id] });
  const intranet = await page.context().newPage();
  await intranet.goto(`${intranetUrl}/?tessera=${serverUrl}&topic=${topic.id}`);
  const login = intranet.locator('tessera-login');
  await login.getByLabel('Email').fill('learner@example.com');
  await login.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();
  const viewer = intranet.locator('tessera-topic-viewer');
  await expect(viewer.getByRole('heading', { name: topic.name })).toBeVisible();
  const lockout = viewer.getByRole('region', { name: 'Lockout steps' });
  await expect(lockout.getByRole('checkbox', { name: 'Complete' })).toBeVisible();
  await expect(lockout.locator('audio')).toHaveCount(1);
  await expect(lockout.locator('img')).toHaveCount(1);
  await expect(lockout.locator('video')).toHaveCount(1);
  await expect(lockout.getByRole('link', { name: new RegExp(`Checklist ${suffix}`) })).toBeVisible();
  await expect(viewer.getByRole('region', { name: 'Before you start' })).toContainText('Wear');
  await expectAccessible(intranet);
});
