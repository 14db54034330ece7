import { expect, test, type APIRequestContext } from '@playwright/test';
import { Api } from './people-support';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

const ORGANIZATION = 'acme-training';

interface DrawnQuestion {
  id: string;
  text: string;
  choices: { id: string; label: string }[];
}

/** A component check of six questions with a draw of three, taken twice by the admin (once all right, once one wrong). */
async function completedCheck(request: APIRequestContext) {
  const suffix = `${Date.now()}`;
  const admin = await Api.as(request, 'admin@example.com');
  const module = await admin.call<{ id: string; name: string }>('POST', `/tenants/${ORGANIZATION}/modules`, {
    name: `Ladder safety ${suffix}`,
    description: 'x',
  });
  const component = await admin.call<{ id: string; name: string }>('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/components`, {
    name: `Ladders ${suffix}`,
    description: 'x',
  });
  const check = await admin.call<{ id: string }>('POST', `/tenants/${ORGANIZATION}/components/${component.id}/knowledgechecks`, {
    number_questions: 3,
    instructions: 'Answer every question.',
  });
  for (let n = 1; n <= 6; n += 1) {
    const checkbox = n % 3 === 0;
    await admin.call('POST', `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}/questions`, {
      text: `Ladder question ${n}`,
      type: checkbox ? 'checkbox' : 'radio',
      choices: [
        { label: `Right ${n}`, is_answer: true },
        { label: `Wrong ${n}`, is_answer: false },
        { label: checkbox ? `Also right ${n}` : `Other ${n}`, is_answer: checkbox },
      ],
    });
  }
  const base = `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}/responses`;
  for (const missFirst of [false, true]) {
    const response = await admin.call<{ id: string; questions: DrawnQuestion[] }>('POST', base, {});
    for (const [index, question] of response.questions.entries()) {
      const right = question.choices.filter((choice) => /^(Also )?[Rr]ight /.test(choice.label)).map((choice) => choice.id);
      const wrong = question.choices.filter((choice) => choice.label.startsWith('Wrong')).map((choice) => choice.id);
      await admin.call('POST', `${base}/${response.id}/questions/${question.id}`, { choice_ids: missFirst && index === 0 ? wrong : right });
    }
    await admin.call('PUT', `${base}/${response.id}/complete`);
  }
  return { module, component, check };
}

test('print with and without answers keeps its form on reload; the admin runs the report, opens the detail and the item analysis', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const { module, component, check } = await completedCheck(request);
  await logIn(page, 'admin@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);

  // Print: a draw of 3, its form written into the URL; the same form after a reload.
  await page.goto(`/${ORGANIZATION}/admin/modules/${module.id}/knowledgecheck/${check.id}/print/3`);
  await expect(page).toHaveURL(/\?form=[0-9a-z]+$/);
  const form = new URL(page.url()).searchParams.get('form') ?? '';
  const sheet = page.getByRole('article', { name: `Knowledge Check: ${component.name}, form ${form}` });
  await expect(sheet).toBeVisible();
  const questions = sheet.getByRole('list', { name: 'Questions' }).locator(':scope > li');
  await expect(questions).toHaveCount(3);
  const drawn = await questions.allInnerTexts();
  await expect(sheet.getByText(/✓ \(answer\)/)).toHaveCount(0);
  await expectAccessible(page);

  await page.getByText('Show Answers', { exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Show Answers' })).toBeChecked();
  const key = sheet.getByRole('region', { name: `Answer key of form ${form}` });
  await expect(key).toBeVisible();
  await expect(key.getByRole('listitem')).toHaveCount(3);
  await expect(sheet.getByText(/✓ \(answer\)/).first()).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`\\?form=${form}$`));
  await expect(sheet).toBeVisible();
  const again = (await questions.allInnerTexts()).map((text) => text.replace(/ ✓ \(answer\)/g, ''));
  expect(again).toEqual(drawn);

  // In print, only the sheet: no sidebar, no controls.
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Organization' })).toBeHidden();
  // Printed with background graphics on, the page behind the sheet is white, not the portal's grey.
  const backgrounds = await page.evaluate(() => [document.documentElement, document.body].map((element) => getComputedStyle(element).backgroundColor));
  for (const background of backgrounds) expect(['rgb(255, 255, 255)', 'rgba(0, 0, 0, 0)']).toContain(background);
  expect(backgrounds).toContain('rgb(255, 255, 255)');
  await page.emulateMedia({ media: 'screen' });

  // The report, reached from the snapshot report.
  await page.goto(`/${ORGANIZATION}/admin/reports`);
  await page.getByRole('link', { name: 'Knowledge Checks' }).click();
  await expect(page).toHaveURL(`/${ORGANIZATION}/admin/reports/knowledgecheck`);
  await page.getByRole('textbox', { name: 'User' }).fill('admin@example.com');
  await page.getByRole('button', { name: /Module/ }).click();
  await page.getByRole('option', { name: module.name }).click();
  await page.getByRole('button', { name: /Component/ }).click();
  await page.getByRole('option', { name: component.name }).click();
  await page.getByRole('button', { name: 'Run Report' }).click();
  await expect(page).toHaveURL(new RegExp(`module=${module.id}`));
  const table = page.getByRole('grid', { name: 'Completed knowledge checks' });
  const rows = table.getByRole('row', { name: /admin@example\.com/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`${module.name} / ${component.name}`);
  await expect(table).toContainText('100.00');
  await expect(table).toContainText('66.67');
  await expectAccessible(page);

  // The detail opens in a new tab.
  const [detail] = await Promise.all([
    context.waitForEvent('page'),
    table.getByRole('row').filter({ hasText: '66.67' }).getByRole('link', { name: /^View/ }).click(),
  ]);
  await detail.waitForLoadState();
  await expect(detail.getByRole('heading', { level: 1 })).toContainText(component.name);
  await expect(detail.getByText('66.67', { exact: true })).toBeVisible();
  await expect(detail.getByRole('heading', { level: 3, name: /✗ Incorrect/ })).toHaveCount(1);
  await expect(detail.getByRole('heading', { level: 3, name: /✓ Correct/ })).toHaveCount(2);
  await expectAccessible(detail);

  // The item analysis, from the detail.
  await detail.getByRole('link', { name: 'Item analysis of this knowledge check' }).click();
  await expect(detail.getByRole('heading', { level: 1, name: `Item Analysis: ${component.name}` })).toBeVisible();
  await expect(detail.getByRole('table', { name: 'Figures per question' })).toBeVisible();
  await expect(detail.locator('[data-testid="score-histogram"] canvas')).toHaveCount(1);
  await expect(detail.getByRole('list', { name: /^Choices of question/ }).first()).toContainText('chose it');
  await expectAccessible(detail);
  await detail.getByText('All attempts', { exact: true }).click();
  await expect(detail).toHaveURL(/attempts=all/);
  await expect(detail.getByText('Responses', { exact: true }).first()).toBeVisible();
});
