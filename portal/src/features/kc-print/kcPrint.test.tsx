import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import type { KnowledgeCheckQuestion } from './kcPrintCalls';
import { cssSafeForm, printStyles } from './PrintSheet';

const ACME = aTenant('Acme Training');
const API = `/api/tenants/${ACME.id}`;
const PRINT = `${API}/knowledgechecks/kc-1/print`;

function aQuestion(n: number, type: 'radio' | 'checkbox', answers: number[]): KnowledgeCheckQuestion {
  const choices = ['Alpha', 'Beta', 'Gamma'].map((label, index) => ({
    id: `q${n}-c${index}`,
    label: `${label} ${n}`,
    value: `q${n}-c${index}`,
    order: index + 1,
    media_id: null,
    media: null,
    is_answer: answers.includes(index),
  }));
  return {
    id: `q${n}`,
    version_id: `v${n}`,
    version: 1,
    text: `Question text ${n}`,
    text_html: `<p>Question text ${n}</p>`,
    type,
    order: n,
    media_id: null,
    media: null,
    choices,
    answer: choices.filter((choice) => choice.is_answer).map((choice) => choice.id),
    archived: false,
  };
}

const SHEET = { form: 'K7Q2', number: 2, questions: [aQuestion(4, 'radio', [1]), aQuestion(2, 'checkbox', [0, 2])] };

function asAdmin() {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'admin', tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    {
      method: 'GET',
      path: `${API}/knowledgechecks/kc-1`,
      status: 200,
      body: { data: { id: 'kc-1', name: 'Ladders', instructions: 'Answer every question.' } },
    },
    { method: 'GET', path: PRINT, status: 200, body: { data: SHEET } },
  ]);
}

function printQueries(api: ReturnType<typeof fakeApi>): URLSearchParams[] {
  return api.fetch.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
    .filter((url) => url.pathname === PRINT)
    .map((url) => url.searchParams);
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('Knowledge check print page', () => {
  it('draws a sheet of the route number, puts its form code in the URL and shows the key only with Show Answers', async () => {
    const api = asAdmin();
    const app = renderApp('/acme-training/admin/modules/m-1/knowledgecheck/kc-1/print/2');
    const sheet = await screen.findByRole('article', { name: 'Knowledge Check: Ladders, form K7Q2' });
    await waitFor(() => expect(app.location()).toBe('/acme-training/admin/modules/m-1/knowledgecheck/kc-1/print/2?form=K7Q2'));
    // One draw only: the form written into the URL is the sheet already shown.
    expect(printQueries(api)).toHaveLength(1);
    expect(printQueries(api)[0].get('number')).toBe('2');
    expect(printQueries(api)[0].has('form')).toBe(false);

    const first = within(within(sheet).getByRole('list', { name: 'Choices of question 1' }));
    expect(first.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['○A. Alpha 4', '○B. Beta 4', '○C. Gamma 4']);
    expect(within(sheet).queryByText(/Answer key/)).toBeNull();
    expect(within(sheet).getByText('Choose all that apply.')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Show Answers' }));
    expect(first.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['○A. Alpha 4', '☒B. Beta 4 ✓ (answer)', '○C. Gamma 4']);
    const key = within(sheet).getByRole('region', { name: 'Answer key of form K7Q2' });
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['B', 'A, C']);
  });

  it('a link with a form code asks for that form (the same sheet), with the default number of 10', async () => {
    const api = asAdmin();
    renderApp('/acme-training/admin/modules/m-1/knowledgecheck/kc-1/print?form=K7Q2');
    await screen.findByRole('article', { name: /form K7Q2/ });
    expect(printQueries(api)).toHaveLength(1);
    expect(printQueries(api)[0].get('form')).toBe('K7Q2');
    expect(printQueries(api)[0].get('number')).toBe('10');
  });

  it('an unknown form code says so and offers a new sheet, whose form then goes into the URL', async () => {
    const message = 'This form does not exist for this knowledge check.';
    const api = fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'admin', tenant: ACME })] }) } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      { method: 'GET', path: `${API}/knowledgechecks/kc-1`, status: 200, body: { data: { id: 'kc-1', name: 'Ladders', instructions: '' } } },
      { method: 'GET', path: PRINT, status: 422, body: { message, code: 'validation_failed', errors: { form: [message] } }, once: true },
      { method: 'GET', path: PRINT, status: 200, body: { data: SHEET } },
    ]);
    const app = renderApp('/acme-training/admin/modules/m-1/knowledgecheck/kc-1/print?form=zzzz');
    expect(await screen.findByText(`This form cannot be printed: ${message}`)).toBeTruthy();
    expect(app.location()).toContain('form=zzzz');
    fireEvent.click(screen.getByRole('button', { name: 'Draw a new sheet' }));
    await screen.findByRole('article', { name: /form K7Q2/ });
    await waitFor(() => expect(app.location()).toBe('/acme-training/admin/modules/m-1/knowledgecheck/kc-1/print?form=K7Q2'));
    expect(printQueries(api).map((query) => query.get('form'))).toEqual(['zzzz', null]);
  });

  it('prints through the browser: the Print button calls window.print', async () => {
    asAdmin();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp('/acme-training/admin/modules/m-1/knowledgecheck/kc-1/print/2?form=K7Q2');
    await screen.findByRole('article', { name: /form K7Q2/ });
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('the print styles carry the form code and page X of Y in the footer and keep questions whole', () => {
    const css = printStyles('K7Q2');
    expect(css).toContain('content: "Form K7Q2"');
    expect(css).toContain('content: "page " counter(page) " of " counter(pages)');
    expect(css).toMatch(/\.kc-print-question \{ break-inside: avoid/);
    expect(cssSafeForm('K7"Q2}{')).toBe('K7Q2');
  });
});
