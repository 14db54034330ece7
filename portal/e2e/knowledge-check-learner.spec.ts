import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { Api } from './people-support';
import { intranetUrl, serverUrl } from './ports';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

const ORGANIZATION = 'acme-training';

interface Created {
  id: string;
}

/** Question `n`: odd ones single choice (the second choice is the answer), even ones multiple choice (first and third). */
function question(n: number) {
  if (n % 2 === 1) {
    return {
      text: `**Q${n}.** Which tool sets a bolt to its rated torque?`,
      type: 'radio',
      choices: [
        { label: `Hammer ${n}`, is_answer: false },
        { label: `Torque wrench ${n}`, is_answer: true },
        { label: `File ${n}`, is_answer: false },
      ],
    };
  }
  return {
    text: `**Q${n}.** Which protection do you wear at the lathe?`,
    type: 'checkbox',
    choices: [
      { label: `Safety glasses ${n}`, is_answer: true },
      { label: `Sandals ${n}`, is_answer: false },
      { label: `Hearing protection ${n}`, is_answer: true },
    ],
  };
}

/**
 * The demo admin writes a module, a component and a topic, a knowledge check with `questions` questions on the topic
 * (or on the component), and the demo master relates the learner to the module.
 */
async function createCheck(request: APIRequestContext, questions: number, on: 'topic' | 'component' = 'topic') {
  const suffix = `${Date.now()}-${Math.floor(Math.random() * 1e4)}`;
  const admin = await Api.as(request, 'admin@example.com');
  const module = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/modules`, { name: `Lathe work ${suffix}`, description: 'Workshop.' });
  const component = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/components`, {
    name: `Lathe basics ${suffix}`,
    description: 'Before the first cut.',
  });
  const topicName = `Lathe safety ${suffix}`;
  const topic = await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/components/${component.id}/topics`, {
    name: topicName,
    description: 'What everyone at the lathe must know.',
  });
  const check =
    on === 'topic'
      ? await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/topics/${topic.id}/kc`, { instructions: 'Answer **every** question.' })
      : await admin.call<Created>('POST', `/tenants/${ORGANIZATION}/components/${component.id}/knowledgechecks`, {
          number_questions: questions,
          instructions: 'Answer **every** question.',
        });
  for (let n = 1; n <= questions; n += 1) await admin.call('POST', `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}/questions`, question(n));
  if (on === 'topic') {
    await admin.call('PUT', `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}`, {
      id: check.id,
      instructions: 'Answer **every** question.',
      number_questions: questions,
    });
  }
  const master = await Api.as(request, 'master@example.com');
  const [learner] = await master.call<Created[]>('GET', `/tenants/${ORGANIZATION}/tenant-users?search=learner@example.com`);
  await master.call('POST', `/tenants/${ORGANIZATION}/modules/${module.id}/tenant-users`, { tenant_users: [learner.id] });
  return { admin, module, component, topic, topicName, check };
}

/** The question on screen once it is question `number` of `total`: its heading and its text (which tells the drawn question apart). */
async function shownQuestion(page: Page, number: number, total = 3) {
  const group = page.getByRole('group', { name: new RegExp(`^Question ${number} of ${total}`) });
  await expect(group).toBeVisible();
  const heading = await group.getByRole('heading').textContent();
  const text = await group.locator('[data-markdown]').first().textContent();
  return { heading, text };
}

/**
 * Chooses the answer of question `number` of `total` once it is on screen (the draw is shuffled: the question's type says which it is), or a
 * wrong one for a single choice question with `wrongRadio`.
 */
async function answerShown(scope: Page | Locator, number: number, total: number, { wrongRadio = false } = {}) {
  const group = scope.getByRole('group', { name: new RegExp(`^Question ${number} of ${total}`) });
  await expect(group).toBeVisible();
  if ((await group.getByRole('radio').count()) > 0) await group.getByRole('radio', { name: wrongRadio ? /^Hammer/ : /^Torque wrench/ }).check();
  else {
    await group.getByRole('checkbox', { name: /^Safety glasses/ }).check();
    await group.getByRole('checkbox', { name: /^Hearing protection/ }).check();
  }
}

test('a learner starts a topic check from the topics list, answers two questions, reloads and continues with the same questions, finishes and reviews', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { module, component, topicName, check } = await createCheck(request, 3);
  await logIn(page, 'learner@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/${ORGANIZATION}/modules/${module.id}/components/${component.id}/topics`);
  await page.getByRole('link', { name: `Knowledge Check: ${topicName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/knowledgecheck/${check.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: topicName })).toBeVisible();
  await expect(page.getByText('This knowledge check has not been completed.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Switch to Admin View' })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Start Knowledge Check' }).click();
  await expect(page.getByRole('heading', { name: 'Instructions' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Begin' }).click();
  const saveAndNext = page.getByRole('button', { name: 'Save & Next' });
  await expect(saveAndNext).toBeDisabled();
  const first = await shownQuestion(page, 1);
  await answerShown(page, 1, 3);
  await expectAccessible(page);
  await saveAndNext.click();
  const second = await shownQuestion(page, 2);
  await answerShown(page, 2, 3);
  await saveAndNext.click();
  const third = await shownQuestion(page, 3);

  // My Knowledge Checks (linked from the top of every client view) lists it in progress and opens it again.
  await page.goto(`/${ORGANIZATION}/modules`);
  await page.getByRole('link', { name: 'My Knowledge Checks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Knowledge Checks' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search by name' });
  await search.fill(topicName);
  // Enter searches at once: a debounced search still pending when the row is clicked would replace its navigation.
  await search.press('Enter');
  await expect(page).toHaveURL(/search=/);
  const mine = page.getByRole('row').filter({ has: page.getByRole('link', { name: topicName, exact: true }) });
  await expect(mine).toContainText('In progress');
  await expectAccessible(page);
  await mine.getByRole('link', { name: topicName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/knowledgecheck/${check.id}$`));

  // Reload: the check page offers to continue; the learner comes back at the first unanswered question of the same draw.
  await page.reload();
  await page.getByRole('button', { name: 'Continue existing knowledge check' }).click();
  expect(await shownQuestion(page, 3)).toEqual(third);
  const pages = page.getByRole('navigation', { name: 'Questions' });
  await pages.getByRole('button', { name: 'Question 1, answered' }).click();
  expect(await shownQuestion(page, 1)).toEqual(first);
  await pages.getByRole('button', { name: 'Question 2, answered' }).click();
  expect(await shownQuestion(page, 2)).toEqual(second);
  await pages.getByRole('button', { name: 'Finish: go to the summary' }).click();
  await expect(page.getByRole('heading', { name: 'Unanswered questions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish', exact: true })).toHaveCount(0);
  // Previous keeps its distance from the line above it.
  const rest = await page.getByText('Answer every question to finish.').boundingBox();
  const previous = await page.getByRole('button', { name: 'Previous', exact: true }).boundingBox();
  expect((previous?.y ?? 0) - ((rest?.y ?? 0) + (rest?.height ?? 0))).toBeGreaterThanOrEqual(8);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Question 3', exact: true }).click();
  await answerShown(page, 3, 3);
  await saveAndNext.click();
  await expect(page.getByText('Every question is answered. Select Finish to submit your answers.')).toBeVisible();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();

  // Completion goes to the review route.
  await expect(page).toHaveURL(new RegExp(`/knowledgecheck/${check.id}/response/[0-9a-f-]+$`));
  await expect(page.getByText('Correct Answers', { exact: true })).toBeVisible();
  await expect(page.getByText('100.00%')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(page.getByText('Your answer, correct').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Back to the knowledge check' }).click();
  await expect(page.getByRole('button', { name: 'Start Knowledge Check' })).toBeVisible();
  const row = page.getByRole('row').nth(1);
  await expect(row).toContainText('100.00%');
  await row.getByRole('cell').nth(3).click();
  await expect(page).toHaveURL(/\/response\//);
  await expect(page.getByRole('article')).toHaveCount(3);
});

/** Presses Tab until the focused element's accessible text matches `name` (at most 60 presses). */
async function tabTo(page: Page, name: RegExp) {
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const label = element.closest('label')?.textContent ?? '';
      return `${element.getAttribute('aria-label') ?? ''} ${element.textContent ?? ''} ${label}`.trim();
    });
    if (name.test(focused)) return;
  }
  throw new Error(`no focusable element matching ${name}`);
}

test('a keyboard-only learner completes a component check', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { module, component, check } = await createCheck(request, 2, 'component');
  await logIn(page, 'learner@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/${ORGANIZATION}/modules/${module.id}/components/${component.id}/knowledgecheck/${check.id}`);
  await expect(page.getByRole('button', { name: 'Start Knowledge Check' })).toBeVisible();

  await tabTo(page, /Start Knowledge Check/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Instructions' })).toBeFocused();
  await tabTo(page, /^Begin$/);
  await page.keyboard.press('Enter');
  // Each question's heading takes the focus. A single choice question's radios are one Tab stop and the arrows
  // choose; a multiple choice question's boxes are ticked with Space.
  for (const number of [1, 2]) {
    await expect(page.getByRole('heading', { name: `Question ${number} of 2` })).toBeFocused();
    const group = page.getByRole('group', { name: new RegExp(`^Question ${number} of 2`) });
    if ((await group.getByRole('radio').count()) > 0) {
      await tabTo(page, /Hammer/);
      await page.keyboard.press('ArrowDown');
      await expect(group.getByRole('radio', { name: /^Torque wrench/ })).toBeChecked();
    } else {
      await tabTo(page, /Safety glasses/);
      await page.keyboard.press('Space');
      await tabTo(page, /Hearing protection/);
      await page.keyboard.press('Space');
    }
    await tabTo(page, /Save & Next/);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByRole('heading', { name: 'Finish', exact: true })).toBeFocused();
  await tabTo(page, /^Finish$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/response\//);
  await expect(page.getByText('100.00%')).toBeVisible();
  await expectAccessible(page);
});

test('<tessera-knowledge-check> on the example intranet completes a check and the host page hears tessera-kc-complete', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { topic } = await createCheck(request, 2);
  await page.goto(`${intranetUrl}/?tessera=${serverUrl}&topic=${topic.id}`);
  const login = page.locator('tessera-login');
  const widget = page.locator('tessera-knowledge-check');
  await expect(widget.getByText('Log in to take this knowledge check.')).toBeVisible();
  await login.getByLabel('Email').fill('learner@example.com');
  await login.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(widget.getByText('This knowledge check has not been completed.')).toBeVisible();
  await expectAccessible(page);

  const events = page.evaluate(
    () =>
      new Promise<{ started: boolean; answers: number; score: number }>((resolve) => {
        let started = false;
        let answers = 0;
        document.addEventListener('tessera-kc-start', () => (started = true));
        document.addEventListener('tessera-kc-answer', () => (answers += 1));
        document.addEventListener(
          'tessera-kc-complete',
          (event) => resolve({ started, answers, score: (event as CustomEvent<{ score: number }>).detail.score }),
          { once: true },
        );
      }),
  );
  await widget.getByRole('button', { name: 'Start Knowledge Check' }).click();
  await widget.getByRole('button', { name: 'Begin' }).click();
  // The single choice question wrongly, the multiple choice one rightly: 50 %.
  await answerShown(widget, 1, 2, { wrongRadio: true });
  await widget.getByRole('button', { name: 'Save & Next' }).click();
  await answerShown(widget, 2, 2, { wrongRadio: true });
  await widget.getByRole('button', { name: 'Save & Next' }).click();
  await expectAccessible(page);
  await widget.getByRole('button', { name: 'Finish', exact: true }).click();
  expect(await events).toEqual({ started: true, answers: 2, score: 50 });
  await expect(page.getByRole('status').filter({ hasText: 'Knowledge check finished: 50.00% (1 correct, 1 incorrect).' })).toBeVisible();
  // The review inside the element: the wrong choice struck through and said so.
  await expect(widget.getByText('Your answer, incorrect')).toBeVisible();
  await expect(widget.locator('s', { hasText: 'Hammer 1' })).toBeVisible();
  await expect(widget.getByText('Correct answer', { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('a 50-question review renders within a second', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { module, component, check } = await createCheck(request, 50, 'component');
  const learner = await Api.as(request, 'learner@example.com');
  const base = `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}/responses`;
  const response = await learner.call<{ id: string; questions: { id: string; type: string; choices: { id: string; label: string }[] }[] }>('POST', base);
  for (const [index, drawn] of response.questions.entries()) {
    // Every fourth question answered wrongly (a wrong choice struck through in the review).
    const [a, b, c] = drawn.choices.map((choice) => choice.id);
    const right = drawn.type === 'radio' ? [b] : [a, c];
    const wrong = drawn.type === 'radio' ? [a] : [b];
    await learner.call('POST', `${base}/${response.id}/questions/${drawn.id}`, { choice_ids: index % 4 === 0 ? wrong : right });
  }
  await learner.call('PUT', `${base}/${response.id}/complete`);

  await logIn(page, 'learner@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/${ORGANIZATION}/modules/${module.id}/components/${component.id}/knowledgecheck/${check.id}`);
  const row = page.getByRole('row').nth(1);
  await expect(row).toBeVisible();
  // From the press on the row to the 50th question painted (the response's fetch included), and from the response's
  // arrival (its resource timing) to that paint: the review's own render. Timed in the page: a mutation observer
  // sees the 50th question committed, the next animation frame is its paint.
  const measured = page.evaluate(
    (responseId) =>
      new Promise<{ painted: number; arrived: number }>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.querySelectorAll('article[data-result]').length < 50) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            const entry = performance
              .getEntriesByType('resource')
              .filter((candidate) => candidate.name.endsWith(`/responses/${responseId}`))
              .at(-1) as PerformanceResourceTiming | undefined;
            resolve({ painted: performance.now(), arrived: entry?.responseEnd ?? Number.NaN });
          });
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
    response.id,
  );
  const started = await page.evaluate(() => performance.now());
  await row.getByRole('cell').nth(1).click();
  const { painted, arrived } = await measured;
  const render = painted - arrived;
  console.log(
    `50-question review: ${(painted - started).toFixed(0)} ms from the click to the last question painted, ${render.toFixed(0)} ms of it from the response's arrival (render)`,
  );
  expect(render).toBeLessThan(1000);
  await expect(page.getByRole('article')).toHaveCount(50);
  await expectAccessible(page);
});

test('an admin previews a topic check (nothing saved, no Finish) and sees Switch to Admin View on the learner page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { admin, module, component, topic, check } = await createCheck(request, 2);
  await logIn(page, 'admin@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  const adminPath = `/${ORGANIZATION}/admin/modules/${module.id}/components/${component.id}/topics/${topic.id}/knowledgecheck`;
  await page.goto(`${adminPath}/${check.id}/preview`);
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Check Preview' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Knowledge Check admin' })).toHaveAttribute('href', adminPath);
  await expect(page.getByText('Preview: answers are not saved and the check cannot be finished.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Begin' }).click();
  await answerShown(page, 1, 2);
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await answerShown(page, 2, 2);
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish', exact: true })).toHaveCount(0);
  await expectAccessible(page);
  // Nothing was stored for the author.
  expect(await admin.call<unknown[]>('GET', `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}/responses`)).toEqual([]);

  await page.goto(`/${ORGANIZATION}/modules/${module.id}/components/${component.id}/topics/${topic.id}/knowledgecheck/${check.id}`);
  await expect(page.getByRole('link', { name: 'Switch to Admin View' })).toHaveAttribute('href', adminPath);
});

test("an assigned learner sees Due by and completes the check; an author's later edit leaves the learner's review as it was", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { admin, module, component, check } = await createCheck(request, 2, 'component');
  const master = await Api.as(request, 'master@example.com');
  const [learner] = await master.call<Created[]>('GET', `/tenants/${ORGANIZATION}/tenant-users?search=learner@example.com`);
  const group = await master.call<Created>('POST', `/tenants/${ORGANIZATION}/groups`, { name: `Lathe crew ${Date.now()}`, description: 'Assigned the check.' });
  await master.call('POST', `/tenants/${ORGANIZATION}/groups/${group.id}/tenant-users`, { tenant_users: [learner.id] });
  await master.call('POST', `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}/assignments`, {
    group_ids: [group.id],
    due_date_time: '2030-06-14T15:00:00.000Z',
  });

  await logIn(page, 'learner@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/${ORGANIZATION}/modules/${module.id}/components/${component.id}/knowledgecheck/${check.id}`);
  await expect(page.getByText(/Due by/)).toBeVisible();
  await expect(page.getByText(/Jun 14 30/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start Knowledge Check' }).click();
  await page.getByRole('button', { name: 'Begin' }).click();
  const saveAndNext = page.getByRole('button', { name: 'Save & Next' });
  await answerShown(page, 1, 2, { wrongRadio: true });
  await saveAndNext.click();
  await answerShown(page, 2, 2, { wrongRadio: true });
  await saveAndNext.click();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page).toHaveURL(/\/response\/[0-9a-f-]+$/);
  const review = page.url();
  await expect(page.getByText('50.00%')).toBeVisible();
  const before = await page.getByRole('main').textContent();

  // The author rewrites the single choice question the learner got wrong, and makes Hammer its answer.
  const bank = await admin.call<{ questions: { id: string; type: string; choices: { id: string; label: string }[] }[] }>(
    'GET',
    `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}`,
  );
  const single = bank.questions.find((entry) => entry.type === 'radio');
  if (!single) throw new Error('no single choice question');
  await admin.call('PUT', `/tenants/${ORGANIZATION}/knowledgechecks/${check.id}/questions/${single.id}`, {
    text: 'Rewritten: which tool drives a nail?',
    type: 'radio',
    media_id: null,
    choices: single.choices.map((choice) => ({
      id: choice.id,
      label: `${choice.label} (edited)`,
      is_answer: choice.label.startsWith('Hammer'),
      media_id: null,
    })),
  });

  await page.goto(review);
  await expect(page.getByText('50.00%')).toBeVisible();
  await expect(page.getByText('Rewritten: which tool drives a nail?')).toHaveCount(0);
  await expect(page.getByText(/\(edited\)/)).toHaveCount(0);
  expect(await page.getByRole('main').textContent()).toBe(before);
  await expectAccessible(page);
});
