import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Api } from './people-support';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

const ORGANIZATION = 'acme-training';

/** A component check of one question, completed once by the admin (a report of one row under its module). */
async function completedCheck(admin: Api) {
  const suffix = `${Date.now()}`;
  const module = await admin.call<{ id: string; name: string }>('POST', `/tenants/${ORGANIZATION}/modules`, { name: `CSV module ${suffix}`, description: 'x' });
  const component = await admin.call<{ id: string }>('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/components`, {
    name: `CSV component ${suffix}`,
    description: 'x',
  });
  const check = await admin.call<{ id: string }>('POST', `/tenants/${ORGANIZATION}/components/${component.id}/knowledgechecks`, {
    number_questions: 1,
    instructions: 'Answer.',
  });
  await admin.call('POST', `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}/questions`, {
    text: 'Which is right?',
    type: 'radio',
    choices: [
      { label: 'Right', is_answer: true },
      { label: 'Wrong', is_answer: false },
    ],
  });
  const base = `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}/responses`;
  const response = await admin.call<{ id: string; questions: { id: string; choices: { id: string; label: string }[] }[] }>('POST', base, {});
  const [question] = response.questions;
  const right = question.choices.find((choice) => choice.label === 'Right')?.id;
  await admin.call('POST', `${base}/${response.id}/questions/${question.id}`, { choice_ids: [right] });
  await admin.call('PUT', `${base}/${response.id}/complete`);
  return { module, responseId: response.id };
}

test('the knowledge check report’s Download CSV saves the report as run: a UTF-8 file with its BOM, a header and the rows', async ({ page, request }) => {
  const admin = await Api.as(request, 'admin@example.com');
  const { module, responseId } = await completedCheck(admin);
  await logIn(page, 'admin@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);

  // The report run for the module (a committed filter in the URL), then downloaded.
  await page.goto(`/${ORGANIZATION}/admin/reports/knowledgecheck?module=${module.id}`);
  const table = page.getByRole('grid', { name: 'Completed knowledge checks' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const button = page.getByRole('button', { name: 'Download CSV' });
  await expect(button).toBeVisible();
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^knowledge-check-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Response ID,Knowledge Check ID,User Name,User Email,Module,Component,Topic,Completed,Score');
  // The module's one response, and no other (the filter applies).
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(responseId);
  expect(lines[1]).toContain(module.name);
  expect(lines[1]).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,100$/);

  // Keyboard: the button is reached and pressed like any other.
  await button.focus();
  const [again] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(again.suggestedFilename()).toMatch(/\.csv$/);
});
