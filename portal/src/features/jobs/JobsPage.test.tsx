import type { Job } from '@tessera/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aUser, sessionRoutes, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const refused: Job = {
  id: 'job-1',
  kind: 'mail',
  state: 'failed',
  attempts: 12,
  max_attempts: 12,
  last_error: '550 No such mailbox: ada@example.com',
  about: 'ada@example.com: Confirm your email',
  created_at: '2026-11-28T10:15:00Z',
  run_at: '2026-11-28T12:15:00Z',
};

const asOwner = (routes: (FakeRoute & { once?: boolean })[]) => fakeApi([...sessionRoutes(aUser({ is_owner: true })), ...routes]);

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('Jobs (issue 34)', () => {
  it('shows the failed jobs with their last error, and Retry queues one again', async () => {
    const api = asOwner([
      { method: 'GET', path: '/api/jobs', status: 200, body: { data: [refused] }, once: true },
      { method: 'POST', path: '/api/jobs/job-1/retry', status: 204 },
      { method: 'GET', path: '/api/jobs', status: 200, body: { data: [] } },
    ]);
    renderApp('/jobs');
    const table = await screen.findByRole('grid', { name: 'failed jobs' });
    const row = within(table).getByText('ada@example.com: Confirm your email').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('550 No such mailbox: ada@example.com')).toBeTruthy();
    expect(within(row).getByText('12 of 12')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Retry Mail to ada@example.com: Confirm your email' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'POST' && request.path === '/api/jobs/job-1/retry')).toBe(true));
    expect(await screen.findByText('Job queued again')).toBeTruthy();
    expect(await within(await screen.findByRole('grid', { name: 'failed jobs' })).findByText('No failed jobs.')).toBeTruthy();
    const reads = api.requests.filter((request) => request.path === '/api/jobs');
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });

  it('lists the queued jobs in their own tab, without a Retry', async () => {
    asOwner([{ method: 'GET', path: '/api/jobs', status: 200, body: { data: [{ ...refused, id: 'job-2', state: 'queued', attempts: 1, last_error: null }] } }]);
    renderApp('/jobs?tab=queued');
    const table = await screen.findByRole('grid', { name: 'queued jobs' });
    expect(within(table).getByText('ada@example.com: Confirm your email')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Retry/ })).toBeNull();
  });
});
