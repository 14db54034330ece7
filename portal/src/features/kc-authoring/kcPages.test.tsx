import type { Component, KnowledgeCheck, KnowledgeCheckQuestion, Topic } from '@tessera/sdk';
import { kcMessages } from '@tessera/sdk/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const ACME = aTenant('Acme Training');
const T = `/api/tenants/${ACME.id}`;
const S = '/api/tenants/acme-training';
const ABILITIES = { update: true, archive: true, restore: false };
const STAMPS = { created_at: '2026-02-01T09:00:00Z', updated_at: '2026-02-02T09:00:00Z', deleted_at: null, is_deleted: false };
const KC = '01930000-0000-7000-8000-00000000c001';
const uuid = (n: number) => `01930000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const COMPONENT: Component = {
  id: 'c-ladders',
  module_id: 'm-safety',
  name: 'Ladders',
  description: '',
  is_active: true,
  order: 0,
  main_image: null,
  knowledgecheck_id: null,
  is_hidden: false,
  topics_count: 1,
  abilities: ABILITIES,
  ...STAMPS,
};

const TOPIC: Topic = {
  id: 't-angle',
  component_id: 'c-ladders',
  name: 'Angle',
  description: '',
  is_active: true,
  order: 0,
  is_favorite: false,
  knowledgecheck_id: null,
  component: { id: 'c-ladders', name: 'Ladders', module: { id: 'm-safety', name: 'Safety' } },
  abilities: ABILITIES,
  ...STAMPS,
};

function aQuestion(n: number, text: string, order: number): KnowledgeCheckQuestion {
  const choice = (c: number, label: string, isAnswer: boolean) => ({
    id: uuid(n * 10 + c),
    value: uuid(n * 10 + c),
    label,
    order: c,
    media_id: null,
    media: null,
    is_answer: isAnswer,
  });
  return {
    id: uuid(n),
    version_id: uuid(n + 500),
    version: 1,
    text,
    text_html: `<p>${text}</p>`,
    type: 'radio',
    order,
    media_id: null,
    media: null,
    choices: [choice(1, '75 degrees', true), choice(2, '45 degrees', false)],
    archived: false,
  };
}

function aCheck(overrides: Partial<KnowledgeCheck> = {}): KnowledgeCheck {
  return {
    id: KC,
    name: 'Angle',
    instructions: '',
    instructions_html: '',
    number_questions: 10,
    use_question_bank: true,
    topic_id: 't-angle',
    component_id: 'c-ladders',
    module_id: 'm-safety',
    question_count: 0,
    questions: [],
    ...overrides,
  };
}

function asAdmin(extra: (FakeRoute & { once?: boolean })[]) {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'admin', tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    { method: 'GET', path: `${S}/topics/t-angle`, status: 200, body: { data: TOPIC } },
    { method: 'GET', path: `${S}/components/c-ladders`, status: 200, body: { data: COMPONENT } },
    ...extra,
  ]);
}

const TOPIC_PAGE = '/acme-training/admin/modules/m-safety/components/c-ladders/topics/t-angle/knowledgecheck';
const COMPONENT_PAGE = '/acme-training/admin/modules/m-safety/components/c-ladders/knowledgecheck';

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('topic knowledge check admin page', () => {
  it('creates the check, then adds a question with the SDK rules checked before sending', async () => {
    const created = aCheck();
    const saved = aQuestion(1, 'How steep should a ladder stand?', 1);
    const api = asAdmin([
      // The server's answers in turn: none, then the created check (the page's loaders run again after each save).
      { method: 'GET', path: `${S}/topics/t-angle/kc`, status: 200, body: { data: null }, once: true },
      { method: 'GET', path: `${S}/topics/t-angle/kc`, status: 200, body: { data: created }, once: true },
      { method: 'GET', path: `${S}/topics/t-angle/kc`, status: 200, body: { data: aCheck({ question_count: 1, questions: [saved] }) } },
      { method: 'POST', path: `${T}/topics/t-angle/kc`, status: 201, body: { data: created } },
      { method: 'POST', path: `${T}/knowledgechecks/${KC}/questions`, status: 201, body: { data: saved } },
      { method: 'GET', path: `${T}/knowledgechecks/${KC}`, status: 200, body: { data: aCheck({ question_count: 1, questions: [saved] }) } },
    ]);
    renderApp(TOPIC_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Knowledge Check: Angle' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Knowledge Check' }));
    await waitFor(() => expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ instructions: '' }));
    expect((await screen.findByRole('link', { name: 'Preview' })).getAttribute('href')).toBe(`${TOPIC_PAGE}/${KC}/preview`);
    // The loader reads the check again, so coming back to the page shows it (not the state before it was created).
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'GET' && request.path === `${S}/topics/t-angle/kc`).length).toBe(2));
    expect(screen.queryByRole('button', { name: 'Create Knowledge Check' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '+ Add Question' }));
    const editor = await screen.findByRole('region', { name: 'New question' });
    // A new question: single choice, two choices, the first the answer.
    const answers = within(editor).getAllByRole('radio') as HTMLInputElement[];
    expect(answers.map((input) => input.checked)).toEqual([true, false]);
    expect((within(editor).getByRole('textbox', { name: 'Choice 1' }) as HTMLInputElement).value).toBe('new choice 1');
    // One question at a time: no second new question, no edit of another.
    expect(
      screen.getByRole('button', { name: '+ Add Question' }).hasAttribute('disabled') ||
        screen.getByRole('button', { name: '+ Add Question' }).hasAttribute('data-disabled'),
    ).toBe(true);

    // Without text, the SDK's rule answers and nothing is sent.
    fireEvent.click(within(editor).getByRole('button', { name: 'Save Question' }));
    await within(editor).findByText('The text field is required.');
    expect(api.requests.filter((request) => request.path.endsWith('/questions'))).toHaveLength(0);

    fireEvent.change(await within(editor).findByRole('textbox', { name: 'Question' }), { target: { value: 'How steep should a ladder stand?' } });
    fireEvent.click(within(editor).getByRole('button', { name: '+ add choice' }));
    expect((within(editor).getByRole('textbox', { name: 'Choice 3' }) as HTMLInputElement).value).toBe('new choice 3');
    fireEvent.click(within(editor).getByRole('button', { name: 'Move choice 3 up' }));
    fireEvent.click(within(editor).getByRole('button', { name: 'Save Question' }));
    await waitFor(() => expect(api.requests.find((request) => request.path.endsWith('/questions'))).toBeTruthy());
    expect(api.requests.find((request) => request.path.endsWith('/questions'))?.body).toEqual({
      text: 'How steep should a ladder stand?',
      type: 'radio',
      media_id: null,
      choices: [
        { label: 'new choice 1', is_answer: true, media_id: null },
        { label: 'new choice 3', is_answer: false, media_id: null },
        { label: 'new choice 2', is_answer: false, media_id: null },
      ],
    });
    expect(await screen.findByText('How steep should a ladder stand?')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'New question' })).toBeNull();
  });

  it('removes a cancelled new question; moves questions with the whole order; asks the spec question before deleting', async () => {
    const questions = [aQuestion(1, 'First question', 1), aQuestion(2, 'Second question', 2)];
    const api = asAdmin([
      { method: 'GET', path: `${S}/topics/t-angle/kc`, status: 200, body: { data: aCheck({ question_count: 2, questions }) }, once: true },
      { method: 'GET', path: `${S}/topics/t-angle/kc`, status: 200, body: { data: aCheck({ question_count: 2, questions: [questions[1], questions[0]] }) } },
      { method: 'PUT', path: `${T}/knowledgechecks/${KC}/questions/order`, status: 200, body: { data: [questions[1], questions[0]] } },
    ]);
    renderApp(TOPIC_PAGE);
    await screen.findByText('First question');
    fireEvent.click(screen.getByRole('button', { name: '+ Add Question' }));
    const editor = await screen.findByRole('region', { name: 'New question' });
    fireEvent.click(within(editor).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'New question' })).toBeNull());
    expect(within(screen.getByRole('list', { name: 'Questions' })).getAllByRole('listitem', { name: /^Question \d$/ })).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Move question 1 down' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
        questions: [
          { id: questions[1].id, order: 1 },
          { id: questions[0].id, order: 2 },
        ],
      }),
    );
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Question 1' })).getByText('Second question')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Delete question 2' }));
    // A short heading naming the question, the spec's question under it.
    const dialog = await screen.findByRole('alertdialog', { name: /^Delete “.+”\?$/ });
    expect(dialog.textContent).toContain(kcMessages.deleteQuestion);
  });
});

describe('component knowledge check pages', () => {
  it('sends a component without a check to the create page, which requires a numeric number of questions', async () => {
    const api = asAdmin([
      { method: 'GET', path: `${S}/components/c-ladders/knowledgechecks`, status: 200, body: { data: null } },
      {
        method: 'POST',
        path: `${T}/components/c-ladders/knowledgechecks`,
        status: 201,
        body: { data: aCheck({ topic_id: null, name: 'Ladders' }) },
      },
    ]);
    renderApp(COMPONENT_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Knowledge Check' })).toBeTruthy();
    // The spec's fields "Instructions and Number of Questions", each with a visible label tied to its control.
    const instructionsLabel = screen.getByText('Instructions', { selector: 'label' }) as HTMLLabelElement;
    expect(await screen.findByRole('textbox', { name: 'Instructions' })).toBe(document.getElementById(instructionsLabel.htmlFor));
    const number = screen.getByRole('textbox', { name: /Number of Questions/ }) as HTMLInputElement;
    expect(number.value).toBe('10');
    fireEvent.change(number, { target: { value: 'ten' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Knowledge Check' }));
    expect(await screen.findByText(kcMessages.numberQuestionsNumeric)).toBeTruthy();
    fireEvent.change(number, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Knowledge Check' }));
    await waitFor(() => expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ instructions: '', number_questions: '5' }));
  });

  it('shows the Edit Question tab only while editing and returns to the tab the edit came from', async () => {
    const questions = [aQuestion(2, 'Beta question', 1), aQuestion(1, 'Alpha question', 2)];
    asAdmin([
      {
        method: 'GET',
        path: `${S}/components/c-ladders/knowledgechecks`,
        status: 200,
        body: { data: aCheck({ topic_id: null, name: 'Ladders', question_count: 2, questions }) },
      },
    ]);
    renderApp(COMPONENT_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Knowledge Check: Ladders' })).toBeTruthy();
    const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs()).toEqual(['All', 'Archived', 'Add', 'Properties']);
    expect(screen.getByRole('link', { name: 'Switch to User View' }).getAttribute('href')).toBe(
      `/acme-training/modules/m-safety/components/c-ladders/knowledgecheck/${KC}`,
    );
    // Sorted by text.
    const table = screen.getByRole('grid', { name: 'Questions' });
    // The table builds its rows after its first render.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('rowheader')[0].textContent)).toEqual(['Alpha question', 'Beta question']);

    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Edit Alpha question' }));
    expect(await screen.findByRole('tab', { name: 'Edit Question', selected: true })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Edit question' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(tabs()).toEqual(['All', 'Archived', 'Add', 'Properties']));
    expect(screen.getByRole('tab', { name: 'All', selected: true })).toBeTruthy();
  });

  it('imports a question file: a dry run first shows each question and why one is skipped, then "Import 1 question" adds it', async () => {
    const imported = aQuestion(1, 'Which tool sets torque?', 1);
    const report = (outcome: 'would_import' | 'imported') => ({
      questions: [
        { index: 1, title: 'Torque', type: 'single_choice', outcome, reason: null },
        { index: 2, title: 'Essay', type: 'essay', outcome: 'skipped', reason: 'Essay questions are not supported.' },
      ],
      imported: outcome === 'imported' ? 1 : 0,
      skipped: 1,
    });
    const api = asAdmin([
      { method: 'GET', path: `${S}/components/c-ladders/knowledgechecks`, status: 200, body: { data: aCheck({ topic_id: null, name: 'Ladders' }) } },
      { method: 'POST', path: `${T}/knowledgechecks/${KC}/questions/import`, status: 200, body: { data: report('would_import') }, once: true },
      { method: 'POST', path: `${T}/knowledgechecks/${KC}/questions/import`, status: 200, body: { data: report('imported') }, once: true },
      { method: 'GET', path: `${T}/knowledgechecks/${KC}`, status: 200, body: { data: aCheck({ question_count: 1, questions: [imported] }) } },
    ]);
    renderApp(COMPONENT_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import questions' });
    // Without a file nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByText('The file field is required.')).toBeTruthy();
    const file = new File(['::Torque::Which tool sets torque? {=Torque wrench ~Hammer}'], 'bank.gift', { type: 'text/plain' });
    fireEvent.change(within(dialog).getByLabelText('Question file'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));

    expect(await within(dialog).findByText('1 question can be imported; 1 will be skipped.')).toBeTruthy();
    const skipped = within(within(dialog).getByRole('grid', { name: 'Questions found in the file' })).getByRole('row', { name: /Essay/ });
    expect(skipped.textContent).toContain('Essay questions are not supported.');
    const imports = () => api.requests.filter((request) => request.path.endsWith('/questions/import'));
    expect(String(imports()[0].body)).toMatch(/name="dry_run"\r\n\r\n1/);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 question' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import questions' })).toBeNull());
    expect(String(imports()[1].body)).not.toContain('dry_run');
    expect(await screen.findByText('Which tool sets torque?')).toBeTruthy();
  });
});
