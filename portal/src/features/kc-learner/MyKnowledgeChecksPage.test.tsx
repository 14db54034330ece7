import type { MyKnowledgeCheck } from '@tessera/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { ACME, asRole } from '../client/clientTestSession';

const MINE = `/api/tenants/${ACME.id}/knowledgechecks/mine`;

function aCheck(id: string, name: string, overrides: Partial<MyKnowledgeCheck> = {}): MyKnowledgeCheck {
  return {
    id,
    name,
    module: { id: 'm-1', name: 'Safety First' },
    component: { id: 'c-1', name: 'Ladders' },
    topic: null,
    status: 'not-started',
    assigned: false,
    due_date_time: null,
    response_id: null,
    last_score: null,
    last_completed_date_time: null,
    ...overrides,
  };
}

const page = (data: MyKnowledgeCheck[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'due', desc: false, search: null },
});

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('My Knowledge Checks', () => {
  it("lists the learner's checks, assigned first with their due dates and status, each opening its check page", async () => {
    const api = fakeApi([
      ...asRole('user'),
      {
        method: 'GET',
        path: MINE,
        status: 200,
        body: page([
          aCheck('kc-1', 'Working at height', {
            status: 'assigned',
            assigned: true,
            due_date_time: '2026-03-02T17:00:00Z',
            topic: { id: 't-1', name: 'Scaffolds' },
          }),
          aCheck('kc-2', 'Ladders', { status: 'completed', last_score: 66.67, last_completed_date_time: '2026-02-20T10:00:00Z' }),
        ]),
      },
    ]);
    renderApp('/acme-training/knowledgechecks');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Knowledge Checks' })).toBeTruthy();
    const table = await screen.findByRole('grid', { name: 'My Knowledge Checks' });
    // The table builds its rows after its first render.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByRole('link', { name: 'Working at height' }).getAttribute('href')).toBe(
      '/acme-training/modules/m-1/components/c-1/topics/t-1/knowledgecheck/kc-1',
    );
    expect(first.textContent).toContain('Safety First › Ladders › Scaffolds');
    expect(first.textContent).toContain('Assigned');
    expect(first.textContent).toMatch(/(Mar|Feb) 0\d 26/);
    expect(within(second).getByRole('link', { name: 'Ladders' }).getAttribute('href')).toBe('/acme-training/modules/m-1/components/c-1/knowledgecheck/kc-2');
    expect(second.textContent).toContain('66.67%');
    await waitFor(() => expect(api.requests.find((request) => request.path === MINE)).toBeDefined());
  });

  it('is linked from the top of every client view', async () => {
    fakeApi([
      ...asRole('user'),
      { method: 'GET', path: `/api/tenants/${ACME.slug}/modules`, status: 200, body: { ...page([]), meta: { ...page([]).meta, order: 'order' } } },
    ]);
    renderApp('/acme-training/modules');
    expect((await screen.findByRole('link', { name: 'My Knowledge Checks' })).getAttribute('href')).toBe('/acme-training/knowledgechecks');
  });
});
