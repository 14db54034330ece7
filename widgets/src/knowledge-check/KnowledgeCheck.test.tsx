import { createTesseraClient, formatDisplayDate, memoryTokenStore } from '@tessera/sdk';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_KC_ID, DEMO_TENANT, FAKE_API_BASE, FAKE_HOST_TOKENS, demoKcResponse, demoKcSummary } from '../testing/index.js';
import { CheckPage } from './CheckPage.js';
import { KnowledgeCheck } from './KnowledgeCheck.js';
import { knowledgeCheckMessages as text } from './messages.js';
import { Player } from './Player.js';
import { Review } from './Review.js';

const saveAndNext = () => screen.getByRole('button', { name: text.saveAndNext });
const finishButton = () => screen.queryByRole('button', { name: text.finish });

describe('Player', () => {
  it('shows the instructions first, then one question at a time; Save & Next only with a choice, and it saves that choice', async () => {
    const response = demoKcResponse({ questions: 2 });
    const onSave = vi.fn(async () => true);
    render(<Player response={response} onSave={onSave} onFinish={async () => true} />);
    expect(screen.getByRole('heading', { name: text.instructions })).toBeTruthy();
    expect(screen.getByText('every').tagName).toBe('STRONG');
    await userEvent.click(screen.getByRole('button', { name: text.begin }));

    const group = screen.getByRole('group', { name: /Question 1 of 2/ });
    expect(within(group).getAllByRole('radio')).toHaveLength(4);
    expect(saveAndNext().getAttribute('aria-disabled') ?? (saveAndNext() as HTMLButtonElement).disabled.toString()).toBe('true');
    await userEvent.click(saveAndNext());
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.click(within(group).getByRole('radio', { name: 'A torque wrench' }));
    expect((saveAndNext() as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(saveAndNext());
    expect(onSave).toHaveBeenCalledWith(response.questions[0].id, [response.questions[0].choices[1].id]);

    const second = await screen.findByRole('group', { name: /Question 2 of 2/ });
    expect(within(second).getAllByRole('checkbox')).toHaveLength(3);
    await userEvent.click(within(second).getByRole('checkbox', { name: 'Safety glasses' }));
    await userEvent.click(within(second).getByRole('checkbox', { name: 'Hearing protection' }));
    await userEvent.click(saveAndNext());
    expect(onSave).toHaveBeenLastCalledWith(response.questions[1].id, [response.questions[1].choices[0].id, response.questions[1].choices[2].id]);
    expect(await screen.findByText(text.allAnswered)).toBeTruthy();
    expect(finishButton()).toBeTruthy();
  });

  it('keeps the learner on the question when the save fails', async () => {
    render(<Player response={demoKcResponse({ questions: 2, answered: [1] })} onSave={async () => false} onFinish={async () => true} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sandals' }));
    await userEvent.click(saveAndNext());
    expect(await screen.findByText(text.saveFailed)).toBeTruthy();
    expect(screen.getByRole('group', { name: /Question 2 of 2/ })).toBeTruthy();
  });

  it('continues at the first unanswered question with the saved choices', () => {
    const response = demoKcResponse({ questions: 4, answered: [1, 3] });
    render(<Player response={response} onSave={async () => true} />);
    expect(screen.getByRole('group', { name: /Question 2 of 4/ })).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: text.pages });
    expect(within(pages).getByRole('button', { name: 'Question 1, answered' })).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Question 2, not answered' }).getAttribute('aria-current')).toBe('step');
  });

  it('lists the unanswered questions on the summary, links to them, and offers Finish only when all are answered', async () => {
    const onFinish = vi.fn(async () => true);
    render(<Player response={demoKcResponse({ questions: 3, answered: [2] })} onSave={async () => true} onFinish={onFinish} />);
    await userEvent.click(screen.getByRole('button', { name: text.finishPage }));
    const list = screen.getByRole('heading', { name: text.unanswered }).nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Question 1', 'Question 3']);
    expect(finishButton()).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'Question 3' }));
    expect(screen.getByRole('group', { name: /Question 3 of 3/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'A file' }));
    await userEvent.click(saveAndNext());
    await userEvent.click(screen.getByRole('button', { name: text.finishPage }));
    expect(within(screen.getByRole('heading', { name: text.unanswered }).nextElementSibling as HTMLElement).getAllByRole('button')).toHaveLength(1);
  });

  it('calls onFinish from the summary when every question is answered', async () => {
    const onFinish = vi.fn(async () => true);
    render(<Player response={demoKcResponse({ questions: 2, answered: [1, 2] })} onSave={async () => true} onFinish={onFinish} />);
    await userEvent.click(screen.getByRole('button', { name: text.finish }));
    expect(onFinish).toHaveBeenCalledOnce();
  });

  it('in preview saves nothing and never offers Finish', async () => {
    const onSave = vi.fn(async () => true);
    const onFinish = vi.fn(async () => true);
    render(<Player response={demoKcResponse({ questions: 1 })} preview onSave={onSave} onFinish={onFinish} />);
    expect(screen.getByText(text.previewNote)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: text.begin }));
    expect(finishButton()).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'A hammer' }));
    await userEvent.click(saveAndNext());
    expect(screen.getByRole('heading', { name: text.previewSummary })).toBeTruthy();
    expect(finishButton()).toBeNull();
    expect(screen.queryByText(text.allAnswered)).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
    expect(onFinish).not.toHaveBeenCalled();
  });
});

describe('Review', () => {
  it('shows the figures and says in words which choice is correct, which was wrongly chosen and what was not answered', () => {
    const response = demoKcResponse({ questions: 3, answered: [1, 2], wrong: [2], status: 'completed' });
    render(<Review response={response} />);
    expect(screen.getByText(text.completedOn).nextElementSibling?.textContent).not.toBe('');
    expect(screen.getByText(text.score).nextElementSibling?.textContent).toBe('33.33%');
    expect(screen.getByText(text.correctAnswers).nextElementSibling?.textContent).toBe('1');
    expect(screen.getByText(text.incorrectAnswers).nextElementSibling?.textContent).toBe('2');

    const [first, second, third] = screen.getAllByRole('article');
    expect(within(first).getByRole('heading').textContent).toBe('Question 1');
    expect(within(first).getByText(text.answeredCorrectly)).toBeTruthy();
    expect(within(first).getByText('A torque wrench').parentElement?.textContent).toContain(text.yourCorrectChoice);

    expect(within(second).getByText(text.answeredIncorrectly)).toBeTruthy();
    const wrong = within(second).getByText('Sandals');
    expect(wrong.tagName).toBe('S');
    expect(wrong.parentElement?.textContent).toContain(text.yourWrongChoice);
    expect(within(second).getByText('Safety glasses').parentElement?.textContent).toContain(text.correctChoice);

    expect(within(third).getByText(text.notAnswered)).toBeTruthy();
    expect(within(third).getByText('A torque wrench').parentElement?.textContent).toContain(text.correctChoice);
    expect(within(third).queryByText(text.yourWrongChoice)).toBeNull();
  });
});

describe('CheckPage', () => {
  const handlers = () => ({ onStart: vi.fn(), onContinue: vi.fn(), onOpenReview: vi.fn() });

  it('offers Start with the due date of an assigned response, and says when nothing is completed', async () => {
    const on = handlers();
    const assigned = demoKcSummary({ id: 'a1', status: 'assigned', completed_date_time: null, due_date_time: '2025-03-01T17:00:00.000Z' });
    render(<CheckPage name="Lathe safety" responses={[assigned]} {...on} />);
    expect(screen.getByRole('heading', { name: 'Lathe safety' })).toBeTruthy();
    // The spec's date format (section 9), as the portal shows dates.
    expect(screen.getByText(text.dueBy, { exact: false }).textContent).toContain(formatDisplayDate('2025-03-01T17:00:00.000Z'));
    expect(formatDisplayDate('2025-03-01T17:00:00.000Z')).toMatch(/^(Feb|Mar) \d\d 25 \d{1,2}:00 (am|pm)$/);
    expect(screen.getByText(text.neverCompleted)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: text.start }));
    expect(on.onStart).toHaveBeenCalledWith(assigned);
  });

  it('offers Continue for the response in progress and opens a completed one from its row', async () => {
    const on = handlers();
    const done = demoKcSummary({ id: 'c1' });
    render(<CheckPage name="Lathe safety" responses={[demoKcSummary({ id: 'p1', status: 'in-progress', completed_date_time: null }), done]} {...on} />);
    expect(screen.queryByRole('button', { name: text.start })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: text.continue }));
    expect(on.onContinue).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }));
    const row = screen.getAllByRole('row')[1];
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.any(String), '4', '1', '80.00%']);
    await userEvent.click(within(row).getAllByRole('cell')[3]);
    expect(on.onOpenReview).toHaveBeenCalledWith('c1');
  });
});

describe('Player, leaving a question unsaved', () => {
  it('puts the ticks back to the saved answer', async () => {
    const response = demoKcResponse({ questions: 2, answered: [1] });
    render(<Player response={response} onSave={async () => true} />);
    await userEvent.click(screen.getByRole('button', { name: 'Question 1, answered' }));
    expect((screen.getByRole('radio', { name: 'A torque wrench' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'A file' }));
    await userEvent.click(screen.getByRole('button', { name: 'Question 2, not answered' }));
    await userEvent.click(screen.getByRole('button', { name: text.previous }));
    expect((screen.getByRole('radio', { name: 'A torque wrench' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'A file' }) as HTMLInputElement).checked).toBe(false);
  });
});

describe('KnowledgeCheck events', () => {
  /** A learner with one attempt in progress; a new one can be started too. */
  function learnerWithAnAttempt() {
    const inProgress = demoKcResponse();
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (request.method === 'POST') return answer({ data: { ...inProgress, id: 'new-attempt', attempt: 2 } }, 201);
      if (path.endsWith('/responses')) return answer({ data: [demoKcSummary({ id: inProgress.id, status: 'in-progress', completed_date_time: null })] });
      return answer({ data: inProgress });
    };
    const client = createTesseraClient({ baseUrl: FAKE_API_BASE, tokenStore: memoryTokenStore({ ...FAKE_HOST_TOKENS }), fetch });
    const check = { id: DEMO_KC_ID, name: 'Lathe safety', instructions: '', topic_id: null, component_id: 'c1', module_id: 'm1' };
    return { client, check, inProgress };
  }

  it('tells the host when the attempt in progress is continued (resumed), not only when one begins', async () => {
    const { client, check, inProgress } = learnerWithAnAttempt();
    const onStart = vi.fn();
    render(<KnowledgeCheck client={client} organization={DEMO_TENANT} check={check} onStart={onStart} />);
    await userEvent.click(await screen.findByRole('button', { name: text.continue }));
    await screen.findByRole('heading', { name: text.instructions });
    expect(onStart).toHaveBeenCalledExactlyOnceWith({ knowledgeCheckId: DEMO_KC_ID, responseId: inProgress.id, attempt: 1, resumed: true });
  });
});

describe('KnowledgeCheck without a topic or component', () => {
  it("lists the member's knowledge checks, assigned first with their due date, and opens the one chosen", async () => {
    const check = { id: DEMO_KC_ID, name: 'Lathe safety', instructions: '', topic_id: null, component_id: 'c1', module_id: 'm1' };
    const row = (id: string, name: string, extra: Record<string, unknown>) => ({
      id,
      name,
      module: { id: 'm1', name: 'Workshop' },
      component: { id: 'c1', name: 'Lathes' },
      topic: null,
      status: 'not-started',
      assigned: false,
      due_date_time: null,
      response_id: null,
      last_score: null,
      last_completed_date_time: null,
      ...extra,
    });
    const asked: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      asked.push(path);
      const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (path.endsWith('/knowledgechecks/mine')) {
        const data = [
          row(DEMO_KC_ID, 'Lathe safety', { status: 'assigned', assigned: true, due_date_time: '2025-03-01T17:00:00.000Z' }),
          row('k2', 'Drills', { status: 'completed', last_score: 80 }),
        ];
        return answer({ data, meta: { current_page: 1, last_page: 1, per_page: 100, total: 2, order: 'due', desc: false, search: null } });
      }
      if (path.endsWith(`/knowledgechecks/${DEMO_KC_ID}`)) return answer({ data: check });
      return answer({ data: [] });
    };
    const client = createTesseraClient({ baseUrl: FAKE_API_BASE, tokenStore: memoryTokenStore({ ...FAKE_HOST_TOKENS }), fetch });
    render(<KnowledgeCheck client={client} organization={DEMO_TENANT} />);
    const list = await screen.findByRole('list', { name: text.myChecks });
    const [first, second] = within(list).getAllByRole('button');
    expect(first.getAttribute('aria-label')).toBe(text.openCheck('Lathe safety'));
    expect(first.textContent).toContain(`Assigned, due ${formatDisplayDate('2025-03-01T17:00:00.000Z')}`);
    expect(second.textContent).toContain('Completed, last score 80.00%');
    await userEvent.click(first);
    expect(await screen.findByRole('heading', { name: 'Lathe safety' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: text.backToMyChecks }));
    expect(await screen.findByRole('list', { name: text.myChecks })).toBeTruthy();
  });
});
