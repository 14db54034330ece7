import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { Api, openTab, rowAction, rowOf, search, uniqueOrganizationName } from './people-support';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An RGB png larger than the configured crop size (800 x 450): a colour gradient with a band of noise, so
 * it is well above the 1 KB minimum, also once cropped.
 */
function generatedPng(width = 1000, height = 560): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const noisy = y > height / 3 && y < height / 3 + 40;
      row[1 + x * 3] = noisy ? Math.floor(Math.random() * 256) : Math.floor((x / width) * 255);
      row[2 + x * 3] = noisy ? Math.floor(Math.random() * 256) : Math.floor((y / height) * 255);
      row[3 + x * 3] = 128;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The names of a table's rows, top to bottom (their row headers). */
async function rowNames(page: Page): Promise<string[]> {
  return page.getByRole('rowheader').evaluateAll((cells) =>
    cells.map((cell) => {
      // The name without its description popover (a button and a hidden tooltip beside it).
      const copy = cell.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('button, [role="tooltip"]').forEach((element) => element.remove());
      return (copy.textContent ?? '').trim();
    }),
  );
}

async function fillContent(page: Page, name: string, description: string) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Description' }).fill(description);
}

test('an admin authors a module with an uploaded, cropped image, its components and a topic; copies, moves, reorders, archives and restores', async ({
  page,
  request,
}) => {
  // A long journey through nine screens, each checked by axe-core.
  test.setTimeout(300_000);
  const moduleName = uniqueOrganizationName('Site Safety');
  const otherModuleName = uniqueOrganizationName('Fire Drills');

  await logIn(page, 'admin@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.goto('/acme-training/admin/modules');
  await expect(page.getByRole('heading', { name: 'Modules', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Switch to User View' })).toHaveAttribute('href', '/acme-training/modules');
  await expectAccessible(page);

  // A module without an image: the destination of the move below.
  await openTab(page, 'Add');
  await expect(page.getByRole('heading', { name: 'Create a new module' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The name field is required.')).toBeVisible();
  await fillContent(page, otherModuleName, 'Where to go when the alarm sounds');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Module Created!')).toBeVisible();

  // The module with an uploaded image, cropped to the configured size.
  await fillContent(page, moduleName, 'Working safely on a building site');
  await page.getByText('Upload a new image').click();
  await page.getByLabel('Image', { exact: true }).setInputFiles({ name: 'Site entrance.png', mimeType: 'image/png', buffer: generatedPng() });
  await expect(page.getByRole('textbox', { name: 'Image Name' })).toHaveValue('Site entrance');
  await expect(page.getByRole('img', { name: 'Preview of Site entrance' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Crop Image' }).click();
  const cropDialog = page.getByRole('dialog', { name: 'Upload Image' });
  await expect(cropDialog.locator('.cropper-crop-box')).toBeVisible();
  await expect(cropDialog.getByRole('img', { name: 'Preview of the cropped image' })).toBeVisible();
  await cropDialog.getByRole('button', { name: 'Crop' }).click();
  await expect(cropDialog).toHaveCount(0);
  await expect(page.getByRole('figure', { name: 'The new image' })).toContainText('Cropped');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Module Created!')).toBeVisible();

  await openTab(page, 'All');
  await search(page, 'Search by name', moduleName);
  await expect(rowOf(page, moduleName)).toContainText('Active');
  await expect(rowOf(page, moduleName)).toContainText('0 media, 0 members, 0 groups');
  await expectAccessible(page);

  // The module edit page shows the cropped image as the current one.
  await rowOf(page, moduleName)
    .getByRole('link', { name: `Settings of ${moduleName}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Module' })).toBeVisible();
  const current = page.getByRole('figure', { name: 'Current image' });
  await expect(current).toContainText('Site entrance');
  await expect(current.getByRole('img', { name: 'Site entrance' })).toBeVisible();
  // The library holds the cropped png at the configured size, not the 1000 x 560 original.
  const admin = await Api.as(request, 'admin@example.com');
  const [stored] = await admin.call<{ name: string; mime_type: string; width: number; height: number }[]>(
    'GET',
    '/tenants/acme-training/media?type=image&search=Site%20entrance',
  );
  expect(stored).toMatchObject({ name: 'Site entrance', mime_type: 'image/png', width: 800, height: 450 });
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Modules' }).click();

  // Components: create two.
  await search(page, 'Search by name', moduleName);
  await page.getByRole('rowheader', { name: moduleName }).click();
  await expect(page.getByRole('heading', { name: 'Components', level: 1 })).toBeVisible();
  await expect(page.getByText('No components found...')).toBeVisible();
  await expectAccessible(page);
  await openTab(page, 'Add');
  for (const name of ['Ladders', 'Scaffolds']) {
    await fillContent(page, name, `Using ${name.toLowerCase()} safely`);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Component Created!')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  }
  await expectAccessible(page);
  await openTab(page, 'All');
  await expect.poll(() => rowNames(page)).toEqual(['Ladders', 'Scaffolds']);
  await expect(rowOf(page, 'Ladders').getByRole('button', { name: 'Move Ladders up' })).toBeDisabled();
  await expect(rowOf(page, 'Scaffolds').getByRole('button', { name: 'Move Scaffolds down' })).toBeDisabled();
  await expectAccessible(page);

  // A topic in Ladders.
  await page.getByRole('rowheader', { name: 'Ladders' }).click();
  await expect(page.getByRole('heading', { name: 'Topics', level: 1 })).toBeVisible();
  await expect(page.getByText('No topics found...')).toBeVisible();
  await openTab(page, 'Add');
  await fillContent(page, 'Footing', 'Set the feet on firm ground');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Topic Created!')).toBeVisible();
  await openTab(page, 'All');
  await expect(rowOf(page, 'Footing')).toContainText('Active');
  await expectAccessible(page);
  await rowOf(page, 'Footing').getByRole('link', { name: 'Settings of Footing' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Topic' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Firm footing');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Topic Updated!')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Components' }).click();
  await expect(page.getByRole('heading', { name: 'Components', level: 1 })).toBeVisible();

  // Copy Ladders (with its topic), after the question.
  await rowAction(page, 'Ladders', 'Copy');
  const copy = page.getByRole('alertdialog', { name: 'Copy “Ladders”?' });
  await expect(copy).toContainText('This will copy this component and all of its topics and items. Continue?');
  await expectAccessible(page);
  await copy.getByRole('button', { name: 'Continue' }).click();
  // Named as a copy (issue 14), last in the module.
  await expect.poll(() => rowNames(page)).toEqual(['Ladders', 'Scaffolds', 'Ladders (copy)']);
  // The copy carries the topic along (the Topics column).
  await expect(rowOf(page, 'Ladders (copy)').getByRole('gridcell').nth(1)).toHaveText('1');

  // Reorder: Scaffolds up, to the top.
  await rowOf(page, 'Scaffolds').getByRole('button', { name: 'Move Scaffolds up' }).click();
  await expect.poll(() => rowNames(page)).toEqual(['Scaffolds', 'Ladders', 'Ladders (copy)']);

  // Move the copy (last row) to the other module.
  await rowAction(page, 'Ladders (copy)', 'Move', true);
  const move = page.getByRole('dialog', { name: 'Move Component' });
  await move.getByRole('button', { name: /Module/ }).click();
  await page.getByRole('option', { name: otherModuleName }).click();
  await expectAccessible(page);
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(move).toHaveCount(0);
  await expect.poll(() => rowNames(page)).toEqual(['Scaffolds', 'Ladders']);

  // Archive Scaffolds, find it under Archived, restore it.
  await rowAction(page, 'Scaffolds', 'Archive');
  await expect.poll(() => rowNames(page)).toEqual(['Ladders']);
  await openTab(page, 'Archived');
  // Archived rows offer restore only.
  await expect(rowOf(page, 'Scaffolds').getByRole('button', { name: 'Restore Scaffolds' })).toBeVisible();
  await expect(rowOf(page, 'Scaffolds').getByRole('button', { name: /^(Copy|Move|Archive) Scaffolds/ })).toHaveCount(0);
  await expectAccessible(page);
  await rowOf(page, 'Scaffolds').getByRole('button', { name: 'Restore Scaffolds' }).click();
  await expect(page.getByText('No components found...')).toBeVisible();
  await openTab(page, 'All');
  await expect.poll(async () => (await rowNames(page)).sort()).toEqual(['Ladders', 'Scaffolds']);

  // The moved copy is in the other module, with its topic.
  await page.goto('/acme-training/admin/modules');
  await search(page, 'Search by name', otherModuleName);
  await page.getByRole('rowheader', { name: otherModuleName }).click();
  await expect.poll(() => rowNames(page)).toEqual(['Ladders (copy)']);
  await expect(rowOf(page, 'Ladders (copy)').getByRole('gridcell').nth(1)).toHaveText('1');

  // Edit Component: the unsaved-changes prompt on leaving, then Component Updated!.
  await rowOf(page, 'Ladders (copy)').getByRole('link', { name: 'Settings of Ladders (copy)' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Component' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ladders again');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Components' }).click();
  const prompt = page.getByRole('alertdialog', { name: 'There are unsaved changes, are you sure you want to leave?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Component Updated!')).toBeVisible();
  await expectAccessible(page);
});
