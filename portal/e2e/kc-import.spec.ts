import { expect, test } from '@playwright/test';
import { Api } from './people-support';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

const ORGANIZATION = 'acme-training';

interface Created {
  id: string;
  name: string;
}

const GIFT = `// Exported from Moodle
::Torque::Which tool sets a bolt's torque? {
=Torque wrench
~Hammer
}

::Essay::Describe your last shift.{}

::Banksman::The harbour crane needs a banksman.{T}
`;

test('an admin checks a GIFT file, reads what would be skipped and why, imports the rest by keyboard, and exports the bank', async ({ page, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const admin = await Api.as(request, 'admin@example.com');
  const module = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/modules`, { name: `Cranes ${suffix}`, description: 'Lifting.' });
  const component = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/components`, {
    name: `Signals ${suffix}`,
    description: 'Hand signals.',
  });
  await admin.call('POST', `/tenants/${ORGANIZATION}/components/${component.id}/knowledgechecks`, { number_questions: 2, instructions: 'Answer all.' });

  await logIn(page, 'admin@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/${ORGANIZATION}/admin/modules/${module.id}/components/${component.id}/knowledgecheck`);
  await expect(page.getByText('0 active questions', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import questions' });
  await dialog.getByLabel('Question file').setInputFiles({ name: 'bank.gift', mimeType: 'text/plain', buffer: Buffer.from(GIFT) });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Check file' }).click();

  const report = dialog.getByRole('grid', { name: 'Questions found in the file' });
  await expect(dialog.getByText('2 questions can be imported; 1 will be skipped.')).toBeVisible();
  await expect(report.getByRole('row', { name: /Essay/ })).toContainText('Skipped');
  await expect(report.getByRole('row', { name: /Essay/ })).toContainText('Essay questions are not supported.');
  await expect(report.getByRole('row', { name: /Torque/ })).toContainText('Will be imported');
  await expectAccessible(page);

  // Nothing was added by the check.
  const before = await admin.call<{ questions: unknown[] }>('GET', `/tenants/${ORGANIZATION}/components/${component.id}/knowledgechecks`);
  expect(before.questions).toHaveLength(0);

  const importButton = dialog.getByRole('button', { name: 'Import 2 questions' });
  await importButton.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('2 active questions', { exact: false })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Questions' })).toContainText("Which tool sets a bolt's torque?");

  await page.getByRole('button', { name: 'Export' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export questions' });
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.gift$/);
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString()).toContain('Torque wrench');
});
