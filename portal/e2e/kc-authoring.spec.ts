import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { noisePng, uploadMedia } from './media-files';
import { Api, openTab, rowAction, rowOf } from './people-support';
import { DEMO_PASSWORD, expectAccessible, expectToastsClearOfFocus, logIn } from './support';

const ORGANIZATION = 'acme-training';

interface Created {
  id: string;
  name: string;
}

interface SavedQuestion {
  id: string;
  text: string;
  type: 'radio' | 'checkbox';
  media: { name: string } | null;
  choices: { label: string; is_answer: boolean }[];
}

interface SavedCheck {
  id: string;
  number_questions: number;
  question_count: number;
  questions: SavedQuestion[];
}

async function content(request: APIRequestContext, suffix: string) {
  const admin = await Api.as(request, 'admin@example.com');
  const module = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/modules`, { name: `Heights ${suffix}`, description: 'Working at height.' });
  const component = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/components`, {
    name: `Ladders ${suffix}`,
    description: 'Using ladders safely.',
  });
  const topic = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/components/${component.id}/topics`, {
    name: `Angle ${suffix}`,
    description: 'How steep a ladder stands.',
  });
  return { admin, module, component, topic };
}

/** Types a question's Markdown (the lazy editor's text area). */
async function writeQuestion(page: Page, editor: string, text: string) {
  const area = page.getByRole('region', { name: editor }).getByRole('textbox', { name: 'Question' });
  await area.fill(text);
}

async function choiceLabels(page: Page, editor: string) {
  return page
    .getByRole('region', { name: editor })
    .getByRole('grid', { name: 'Choices' })
    .getByRole('textbox', { name: /^Choice \d+$/ })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

test('an admin builds a component check of 12 questions with a draw of 5, reorders choices by keyboard, and assigns it to a group', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const suffix = `${Date.now()}`;
  const { admin, module, component } = await content(request, suffix);
  const imageName = `Ladder poster ${suffix}`;
  await uploadMedia(request, ORGANIZATION, { name: imageName, type: 'image', file: noisePng() });

  await logIn(page, 'admin@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  // The components table's knowledge check action: a component without a check goes to the create page.
  await page.goto(`/${ORGANIZATION}/admin/modules/${module.id}/components`);
  await rowAction(page, component.name, 'Knowledge Check');
  const adminPage = `/${ORGANIZATION}/admin/modules/${module.id}/components/${component.id}/knowledgecheck`;
  await expect(page).toHaveURL(`${adminPage}/create`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Knowledge Check' })).toBeVisible();
  // The spec's "Instructions and Number of Questions", each labelled where a sighted author looks for it.
  await expect(page.locator('label', { hasText: 'Instructions' })).toBeVisible();
  await expectAccessible(page);
  const number = page.getByRole('textbox', { name: /Number of Questions/ });
  await expect(number).toHaveValue('10');
  await number.fill('five');
  await page.getByRole('button', { name: 'Create Knowledge Check' }).click();
  await expect(page.getByText('The number questions must be a number.')).toBeVisible();
  await number.fill('5');
  await page.getByRole('button', { name: 'Create Knowledge Check' }).click();
  await expect(page).toHaveURL(adminPage);
  await expect(page.getByRole('heading', { level: 1, name: `Knowledge Check: ${component.name}` })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['All', 'Archived', 'Add', 'Properties']);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link')).toHaveText(['Modules', 'Components']);
  await expectAccessible(page);

  const check = await admin.call<SavedCheck>('GET', `/tenants/${ORGANIZATION}/components/${component.id}/knowledgechecks`);
  expect(check.number_questions).toBe(5);
  await expect(page.getByRole('link', { name: 'Switch to User View' })).toHaveAttribute(
    'href',
    `/${ORGANIZATION}/modules/${module.id}/components/${component.id}/knowledgecheck/${check.id}`,
  );

  // Ten plain questions through the API (the screens are what this journey tests; the bank needs twelve).
  for (let n = 1; n <= 10; n += 1) {
    await admin.call('POST', `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}/questions`, {
      text: `Bank question ${String(n).padStart(2, '0')}`,
      type: 'radio',
      choices: [
        { label: 'Right', is_answer: true },
        { label: 'Wrong', is_answer: false },
      ],
    });
  }

  // Eleventh: a single choice question with an image, its choices reordered by keyboard (drag and drop).
  await openTab(page, 'Add');
  const newEditor = 'New question';
  const editor = page.getByRole('region', { name: newEditor });
  // The toast of the creation may still show: it keeps clear of the choice being typed.
  await editor.getByRole('textbox', { name: 'Choice 1' }).focus();
  await expectToastsClearOfFocus(page);
  await writeQuestion(page, newEditor, 'Which picture shows the right angle?');
  await editor.getByRole('button', { name: 'Add media of the question' }).click();
  const library = page.getByRole('dialog', { name: 'Media Library' });
  await library.getByRole('button', { name: /All Types/ }).click();
  const typeFilter = page.getByRole('listbox').filter({ has: page.getByRole('option', { name: 'All Types' }) });
  await expect(typeFilter.getByRole('option')).toHaveText(['All Types', 'images', 'videos', 'pdfs', 'audio files']);
  await page.getByRole('option', { name: 'images' }).click();
  await library.getByRole('searchbox', { name: 'Search by name' }).fill(imageName);
  await expect(library.getByRole('option')).toHaveCount(1);
  await expectAccessible(page);
  await library.getByRole('option', { name: new RegExp(imageName) }).click();
  await library.getByRole('button', { name: 'Select Media' }).click();
  await expect(library).toBeHidden();
  await expect(editor.getByText(`Image: ${imageName}`)).toBeVisible();
  await editor.getByRole('textbox', { name: 'Choice 1' }).fill('Seventy-five degrees');
  await editor.getByRole('textbox', { name: 'Choice 2' }).fill('Forty-five degrees');
  await editor.getByRole('button', { name: '+ add choice' }).click();
  await expect(editor.getByRole('textbox', { name: 'Choice 3' })).toHaveValue('new choice 3');
  // Keyboard drag and drop: on choice 3's row, Tab reaches its drag handle; Enter picks it up, the arrows choose
  // the place, Enter drops it.
  await editor.getByRole('row', { name: /^Choice 3:/ }).focus();
  await page.keyboard.press('Tab');
  await expect(editor.getByRole('button', { name: 'Drag choice 3' })).toBeFocused();
  await page.keyboard.press('Enter');
  // The drop places, announced to screen readers: after choice 3 first, then up between the choices.
  await expect(page.getByRole('button', { name: 'Insert after Choice 3: new choice 3' })).toBeFocused();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('button', { name: /^Insert before Choice 1/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => choiceLabels(page, newEditor)).toEqual(['new choice 3', 'Seventy-five degrees', 'Forty-five degrees']);
  // The non-drag path: the move buttons.
  await editor.getByRole('button', { name: 'Move choice 1 down' }).click();
  await expect.poll(() => choiceLabels(page, newEditor)).toEqual(['Seventy-five degrees', 'new choice 3', 'Forty-five degrees']);
  await expectAccessible(page);
  await editor.getByRole('button', { name: 'Save Question' }).click();
  // After adding, the view returns to All.
  await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect(rowOf(page, 'Which picture shows the right angle?')).toBeVisible();

  // Twelfth: a multiple choice question; changing the type clears the answer marks.
  await openTab(page, 'Add');
  await writeQuestion(page, newEditor, 'Which are checks before climbing?');
  await page
    .getByRole('region', { name: newEditor })
    .getByRole('button', { name: /Single Choice/ })
    .click();
  await page.getByRole('option', { name: 'Multiple Choice' }).click();
  const boxes = page.getByRole('region', { name: newEditor }).getByRole('checkbox', { name: /Answer/ });
  await expect(boxes).toHaveCount(2);
  for (const box of await boxes.all()) await expect(box).not.toBeChecked();
  await page.getByRole('region', { name: newEditor }).getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByText('Mark at least one choice as the answer.')).toBeVisible();
  await page.getByRole('region', { name: newEditor }).getByRole('textbox', { name: 'Choice 1' }).fill('Feet are clean');
  await page.getByRole('region', { name: newEditor }).getByRole('textbox', { name: 'Choice 2' }).fill('Rungs are intact');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByRole('region', { name: newEditor }).getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');

  const built = await admin.call<SavedCheck>('GET', `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}`);
  expect(built.question_count).toBe(12);
  const withMedia = built.questions.find((question) => question.text === 'Which picture shows the right angle?');
  expect(withMedia?.media?.name).toBe(imageName);
  expect(withMedia?.choices.map((choice) => [choice.label, choice.is_answer])).toEqual([
    ['Seventy-five degrees', true],
    ['new choice 3', false],
    ['Forty-five degrees', false],
  ]);
  const checkbox = built.questions.find((question) => question.text === 'Which are checks before climbing?');
  expect(checkbox?.type).toBe('checkbox');
  expect(checkbox?.choices.filter((choice) => choice.is_answer)).toHaveLength(2);

  // The table: sorted by text, rows open the Edit Question tab, which leaves again on Cancel.
  const table = page.getByRole('grid', { name: 'Questions' });
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('rowheader').first()).toHaveText('Bank question 01');
  await rowOf(page, 'Which are checks before climbing?').getByRole('rowheader').click();
  await expect(page.getByRole('tab', { name: 'Edit Question' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);
  await page.getByRole('region', { name: 'Edit question' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('tab')).toHaveText(['All', 'Archived', 'Add', 'Properties']);

  // The admin (not a people manager) finds the group through the check's assignable list and assigns it with a due date.
  await page.getByRole('button', { name: 'Assign' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Knowledge Check' });
  // Nobody chosen: the rule's message; choosing a group clears it (editing a field clears its errors).
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(assign.getByText('Choose at least one member or group.')).toBeVisible();
  await assign.getByRole('combobox', { name: 'Groups' }).fill('New Starters');
  await page.getByRole('option', { name: 'New Starters' }).click();
  await expect(assign.getByText('Choose at least one member or group.')).toHaveCount(0);
  const due = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  const local = `${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}-${String(due.getDate()).padStart(2, '0')}T09:30`;
  await assign.getByLabel('Due date (optional)').fill(local);
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(assign.getByRole('rowheader', { name: 'Group: New Starters' })).toBeVisible();
  await expectAccessible(page);
  const assignments = await admin.call<{ group: { name: string } | null; due_date_time: string | null }[]>(
    'GET',
    `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}/assignments`,
  );
  expect(assignments.map((assignment) => assignment.group?.name)).toEqual(['New Starters']);
  expect(new Date(assignments[0].due_date_time ?? '').getTime()).toBe(new Date(local).getTime());
});

test('the topic check page creates a check, adds questions and reorders them', async ({ page, request }) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now()}`;
  const { admin, component, topic } = await content(request, suffix);

  await logIn(page, 'admin@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/${ORGANIZATION}/admin/components/${component.id}/topics`);
  await rowAction(page, topic.name, 'Knowledge Check');
  await expect(page.getByRole('heading', { level: 1, name: `Knowledge Check: ${topic.name}` })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Knowledge Check' }).click();
  await expect(page.getByRole('button', { name: 'Create Knowledge Check' })).toBeHidden();

  // Instructions: edit, cancel, edit again and save.
  await page.getByRole('button', { name: 'Edit Instructions' }).click();
  await page.getByRole('textbox', { name: 'Instructions' }).fill('Discarded');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('No instructions yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Instructions' }).click();
  await page.getByRole('textbox', { name: 'Instructions' }).fill('Answer **every** question.');
  await page.getByRole('button', { name: 'Save Instructions' }).click();
  await expect(page.locator('strong', { hasText: 'every' })).toBeVisible();

  for (const text of ['First about footing', 'Second about angle']) {
    await page.getByRole('button', { name: '+ Add Question' }).click();
    await writeQuestion(page, 'New question', text);
    await page.getByRole('region', { name: 'New question' }).getByRole('button', { name: 'Save Question' }).click();
    await expect(page.getByRole('region', { name: 'New question' })).toBeHidden();
    await expect(page.getByText(text)).toBeVisible();
  }
  // Cancelling a new question removes it.
  await page.getByRole('button', { name: '+ Add Question' }).click();
  await page.getByRole('region', { name: 'New question' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('listitem', { name: /^Question \d$/ })).toHaveCount(2);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Move question 2 up' }).click();
  await expect(page.getByRole('listitem', { name: 'Question 1' })).toContainText('Second about angle');
  const saved = await admin.call<SavedCheck | null>('GET', `/tenants/${ORGANIZATION}/topics/${topic.id}/kc`);
  expect(saved?.questions.map((question) => question.text)).toEqual(['Second about angle', 'First about footing']);
  expect(saved).not.toBeNull();
  await expect(page.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', new RegExp(`/knowledgecheck/${saved?.id}/preview$`));

  // Delete asks the spec's question; the question leaves the list.
  await page.getByRole('button', { name: 'Delete question 2' }).click();
  const question = page.getByRole('alertdialog', { name: /^Delete “.+”\?$/ });
  await expect(question).toContainText('This will permanently delete this question. Are you sure you want to continue?');
  await question.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(page.getByRole('listitem', { name: /^Question \d$/ })).toHaveCount(1);

  // The print dialog: no number, the alert; a number leads to the print route (its page is the print feature's).
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.getByRole('button', { name: 'Print' }).click();
  const print = page.getByRole('dialog', { name: 'Create Knowledge Check' });
  await expect(print.getByRole('textbox', { name: 'Number of Questions' })).toHaveValue('10');
  await print.getByRole('textbox', { name: 'Number of Questions' }).fill('');
  await print.getByRole('button', { name: 'Create' }).click();
  await expect(print.getByRole('alert')).toHaveText('select number');
  await print.getByRole('textbox', { name: 'Number of Questions' }).fill('3');
  await print.getByRole('button', { name: 'Create' }).click();
  await expect.poll(() => visited).toContainEqual(expect.stringMatching(new RegExp(`/admin/modules/[^/]+/knowledgecheck/${saved?.id}/print/3$`)));
});
