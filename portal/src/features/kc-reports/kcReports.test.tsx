import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import type { KcItemAnalysis, KcReportRow, KcReportResponse } from './kcReportCalls';

// uPlot draws on a canvas, which jsdom has not: the chart's text alternative (its bins) is what is checked here.
vi.mock('./ScoreHistogram', () => ({
  ScoreHistogram: ({ bins }: { bins: { from: number; to: number; count: number }[] }) => (
    <p>{`histogram: ${bins.map((bin) => `${bin.from}-${bin.to}:${bin.count}`).join(' ')}`}</p>
  ),
}));

const ACME = aTenant('Acme Training');
const API = `/api/tenants/${ACME.id}`;
const COMPLETED = `${API}/reports/knowledgechecks/responses/completed`;

function aRow(id: string, overrides: Partial<KcReportRow> = {}): KcReportRow {
  return {
    id,
    knowledge_check_id: 'kc-1',
    user_name: 'Lena Learner',
    user_email: 'learner@example.com',
    module_id: 'm-1',
    module_name: 'Safety',
    component_id: 'c-1',
    component_name: 'Ladders',
    topic_id: null,
    topic_name: null,
    completed_date_time: '2026-03-02T14:05:00Z',
    score: 87.5,
    ...overrides,
  };
}

const page = (data: KcReportRow[], current = 1, last = 1) => ({
  data,
  meta: { current_page: current, last_page: last, per_page: 25, total: data.length, order: 'date', desc: true, search: null },
});

function asAdmin(routes: (FakeRoute & { once?: boolean })[]) {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'admin', tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    { method: 'GET', path: `${API}/modules`, status: 200, body: { data: [{ id: 'm-1', name: 'Safety' }], meta: page([]).meta } },
    ...routes,
  ]);
}

/** The query strings sent to a path, in order. */
function queriesTo(api: ReturnType<typeof fakeApi>, path: string): URLSearchParams[] {
  return api.fetch.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The files the page saved (an object URL clicked as a download link): their names and their text. */
function savedFiles() {
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:saved-${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const saved: { name: string; text: Promise<string> }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: (blobs.get(this.getAttribute('href') ?? '') as Blob).text() });
  });
  return saved;
}

describe('Knowledge check report', () => {
  it('says no completed knowledge checks were found', async () => {
    asAdmin([{ method: 'GET', path: COMPLETED, status: 200, body: page([]) }]);
    renderApp('/acme-training/admin/reports/knowledgecheck');
    expect(await screen.findByText('No completed knowledge checks found...')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Completed', selected: true })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Knowledge Checks' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: 'Download Report' })).toBeNull();
  });

  it('downloads the report as run as CSV: the committed filters and the sort, every row, saved under the server’s name', async () => {
    const saved = savedFiles();
    const api = asAdmin([
      {
        method: 'GET',
        path: COMPLETED,
        query: { format: 'csv' },
        status: 200,
        text: {
          body: '\uFEFFResponse ID,User Name\r\nr-1,Lena Learner\r\n',
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="knowledge-check-report-2026-03-02.csv"' },
        },
      },
      { method: 'GET', path: COMPLETED, status: 200, body: page([aRow('r-1')], 2, 3) },
      { method: 'GET', path: `${API}/modules/m-1/components`, status: 200, body: { data: [], meta: page([]).meta } },
    ]);
    renderApp(`/acme-training/admin/reports/knowledgecheck?user=lena&module=m-1&order=score&desc=true&page=2`);
    await screen.findByRole('row', { name: /Lena Learner/ });
    // The draft of a filter not run yet is not what the table shows: the download follows the table.
    fireEvent.change(screen.getByRole('textbox', { name: 'User' }), { target: { value: 'someone else' } });
    const button = screen.getByRole('button', { name: 'Download CSV' });
    fireEvent.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('knowledge-check-report-2026-03-02.csv');
    expect(await saved[0].text).toContain('Lena Learner');
    const sent = queriesTo(api, COMPLETED).find((query) => query.get('format') === 'csv');
    expect(Object.fromEntries(sent?.entries() ?? [])).toEqual({ format: 'csv', user: 'lena', module: 'm-1', order: 'score', desc: 'true' });
    expect(api.requests.find((request) => request.path === COMPLETED)?.authorization).toBe(`Bearer ${TOKENS.accessToken}`);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
  });

  it('shows the rows with the score in two decimals and a view link opening the detail in a new tab', async () => {
    asAdmin([{ method: 'GET', path: COMPLETED, status: 200, body: page([aRow('r-1', { topic_id: 't-1', topic_name: 'Setting up' })]) }]);
    renderApp('/acme-training/admin/reports/knowledgecheck');
    const table = await screen.findByRole('grid', { name: 'Completed knowledge checks' });
    const row = await within(table).findByRole('row', { name: /Lena Learner/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['User', 'Knowledge Check', 'Date', 'Score', 'Actions']);
    expect(row.textContent).toContain('87.50');
    expect(row.textContent).toContain('Safety / Ladders / Setting up');
    const view = within(row).getByRole('link', { name: /View the response of Lena Learner/ });
    expect(view.getAttribute('href')).toBe('/acme-training/admin/reports/knowledgecheck/r-1');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(within(row).getByRole('link', { name: 'Item analysis of Safety / Ladders / Setting up' }).getAttribute('href')).toBe(
      '/acme-training/admin/reports/knowledgecheck/analysis/kc-1',
    );
  });

  it('running the report sends the filters and goes back to page 1; sorting goes back to page 1 too', async () => {
    const api = asAdmin([{ method: 'GET', path: COMPLETED, status: 200, body: page([aRow('r-1')], 3, 3) }]);
    const app = renderApp('/acme-training/admin/reports/knowledgecheck?page=3');
    await screen.findByRole('row', { name: /Lena Learner/ });
    expect(queriesTo(api, COMPLETED)[0].get('page')).toBe('3');

    fireEvent.change(screen.getByRole('textbox', { name: 'User' }), { target: { value: 'lena' } });
    expect((screen.getByRole('textbox', { name: 'User' }) as HTMLInputElement).placeholder).toBe('user name / email');
    fireEvent.click(screen.getByRole('button', { name: 'Run Report' }));
    await waitFor(() => expect(app.location()).toBe('/acme-training/admin/reports/knowledgecheck?user=lena'));
    await waitFor(() => expect(queriesTo(api, COMPLETED).at(-1)?.get('user')).toBe('lena'));
    expect(queriesTo(api, COMPLETED).at(-1)?.get('page')).toBe('1');
    expect(queriesTo(api, COMPLETED).at(-1)?.get('paginate')).toBe('true');

    await app.router.navigate('/acme-training/admin/reports/knowledgecheck?user=lena&page=2');
    await waitFor(() => expect(queriesTo(api, COMPLETED).at(-1)?.get('page')).toBe('2'));
    fireEvent.click(await screen.findByRole('columnheader', { name: /Score/ }));
    await waitFor(() => expect(new URLSearchParams(app.location().split('?')[1]).get('page')).toBeNull());
    expect(new URLSearchParams(app.location().split('?')[1]).get('order')).toBe('score');
    await waitFor(() => expect(queriesTo(api, COMPLETED).at(-1)?.get('order')).toBe('score'));
    expect(queriesTo(api, COMPLETED).at(-1)?.get('user')).toBe('lena');
  });
});

const DETAIL: KcReportResponse = {
  id: 'r-1',
  knowledge_check_id: 'kc-1',
  status: 'completed',
  attempt: 1,
  due_date_time: null,
  started_at: '2026-03-02T14:00:00Z',
  instructions: 'Answer every question.',
  completed_date_time: '2026-03-02T14:05:00Z',
  correct_answers: 1,
  incorrect_answers: 1,
  score: 50,
  knowledge_check: { id: 'kc-1', name: 'Ladders', topic_id: null, component_id: 'c-1', module_id: 'm-1' },
  user_name: 'Lena Learner',
  user_email: 'learner@example.com',
  module_name: 'Safety',
  component_name: 'Ladders',
  topic_name: null,
  questions: [
    {
      id: 'q-1',
      version_id: 'v-1',
      version: 1,
      text: 'How many points of contact?',
      type: 'radio',
      order: 1,
      media_id: null,
      media: null,
      is_correct: true,
      answer: ['c-b'],
      choice_ids: ['c-b'],
      choices: [
        { id: 'c-a', label: 'Two', value: 'c-a', order: 1, media_id: null, media: null, is_answer: false, chosen: false },
        { id: 'c-b', label: 'Three', value: 'c-b', order: 2, media_id: null, media: null, is_answer: true, chosen: true },
      ],
    },
    {
      id: 'q-2',
      version_id: 'v-2',
      version: 1,
      text: 'Which ladders need a check?',
      type: 'checkbox',
      order: 2,
      media_id: null,
      media: null,
      is_correct: false,
      answer: ['c-c', 'c-d'],
      choice_ids: ['c-c'],
      choices: [
        { id: 'c-c', label: 'Wooden', value: 'c-c', order: 1, media_id: null, media: null, is_answer: true, chosen: true },
        { id: 'c-d', label: 'Metal', value: 'c-d', order: 2, media_id: null, media: null, is_answer: true, chosen: false },
      ],
    },
  ],
};

describe('Knowledge check response detail', () => {
  it('shows who, what and the score with two decimals, and marks each question correct or incorrect in words', async () => {
    asAdmin([{ method: 'GET', path: `${API}/reports/knowledgechecks/responses/r-1`, status: 200, body: { data: DETAIL } }]);
    renderApp('/acme-training/admin/reports/knowledgecheck/r-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Knowledge Check Response: Ladders' })).toBeTruthy();
    const facts = Object.fromEntries([...document.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toEqual({
      'Completed By': 'Lena Learner (learner@example.com)',
      Module: 'Safety',
      'Completed On': 'Mar 02 26 2:05 pm',
      Score: '50.00',
      Component: 'Ladders',
    });
    expect(screen.getByRole('heading', { level: 3, name: 'Question 1: ✓ Correct' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Question 2: ✗ Incorrect' })).toBeTruthy();
    const second = within(screen.getByRole('list', { name: 'Choices of question 2' }));
    expect(second.getAllByRole('listitem').map((item) => item.textContent)).toEqual(["Wooden (correct answer, learner's choice)", 'Metal (correct answer)']);
    expect(screen.getByRole('link', { name: 'Item analysis of this knowledge check' }).getAttribute('href')).toBe(
      '/acme-training/admin/reports/knowledgecheck/analysis/kc-1',
    );
  });
});

const ANALYSIS: KcItemAnalysis = {
  knowledge_check_id: 'kc-1',
  attempts: 'first',
  responses: 12,
  mean_score: 61.666,
  kr20: null,
  score_histogram: Array.from({ length: 10 }, (_, index) => ({ from: index * 10, to: index * 10 + 10, count: index === 6 ? 12 : 0 })),
  items: [
    {
      question_id: 'q-1',
      version_id: 'v-1',
      version: 2,
      // Markdown: the figures table names the question in plain text.
      text: 'How many **points of contact**?',
      order: 1,
      archived: false,
      drawn: 12,
      facility: 0.25,
      discrimination: -0.2,
      point_biserial: -0.31,
      flags: ['hard', 'negative_discrimination'],
      choices: [
        { id: 'c-a', label: 'Two', is_answer: false, share: 0.75 },
        { id: 'c-b', label: 'Three', is_answer: true, share: 0.25 },
      ],
    },
    {
      question_id: 'q-2',
      version_id: 'v-2',
      version: 1,
      text: 'Which ladders need a check?',
      order: 2,
      archived: true,
      drawn: 12,
      facility: 0.5,
      discrimination: 0.45,
      point_biserial: 0.42,
      flags: [],
      choices: [{ id: 'c-c', label: 'Wooden', is_answer: true, share: 0.5 }],
    },
  ],
};

describe('Item analysis', () => {
  it('shows the figures, the flags in words, the histogram bins and the share choosing each choice; all attempts on demand', async () => {
    const path = `${API}/reports/knowledgechecks/kc-1/item-analysis`;
    const api = asAdmin([
      { method: 'GET', path: `${API}/knowledgechecks/kc-1`, status: 200, body: { data: { id: 'kc-1', name: 'Ladders' } } },
      { method: 'GET', path, status: 200, body: { data: ANALYSIS }, once: true },
      { method: 'GET', path, status: 200, body: { data: { ...ANALYSIS, attempts: 'all', responses: 20, kr20: 0.71 } } },
    ]);
    const app = renderApp('/acme-training/admin/reports/knowledgecheck/analysis/kc-1');
    const table = await screen.findByRole('table', { name: 'Figures per question' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Item Analysis: Ladders' })).toBeTruthy();
    const first = within(table).getByRole('row', { name: /How many points of contact/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toContain('Version');
    expect([...first.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '1',
      '2',
      '12',
      '0.25',
      '-0.20',
      '-0.31',
      'HardNegative discrimination: check the key',
    ]);
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Hard', 'Negative discrimination: check the key']);
    expect(within(table).getByRole('row', { name: /Which ladders/ }).textContent).toContain('None');
    const second = within(table).getByRole('row', { name: /Which ladders/ });
    // The version in its own cell, never cut off with the text; the whole text on hover and on focus (by keyboard).
    expect(second.querySelectorAll('td')[1].textContent).toBe('1 (archived)');
    const question = within(first).getByTitle('How many points of contact?');
    expect(question.textContent).toBe('How many points of contact?');
    expect(question.tabIndex).toBe(0);
    expect(screen.getByText('Not computed: the responses did not all draw the whole bank.')).toBeTruthy();
    expect(screen.getByText('61.67')).toBeTruthy();
    expect(await screen.findByText(/histogram: 0-10:0 .* 60-70:12/)).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Choices of question 1' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Two: 75 % chose it', 'Three (correct answer): 25 % chose it']);
    expect(queriesTo(api, path)[0].get('attempts')).toBe('first');

    fireEvent.click(screen.getByRole('radio', { name: 'All attempts' }));
    await waitFor(() => expect(app.location()).toBe('/acme-training/admin/reports/knowledgecheck/analysis/kc-1?attempts=all'));
    expect(await screen.findByText('0.71')).toBeTruthy();
    expect(queriesTo(api, path).at(-1)?.get('attempts')).toBe('all');
  });
});
