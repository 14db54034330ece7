import { webhookMessages } from '@tessera/sdk/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import type { Webhook, WebhookDelivery, WebhookDeliveryDetail } from './webhookCalls';

const ACME = aTenant('Acme Training');
// The route's loader reads the endpoint by the address's organization (its pretty-URL name); the screen by its id.
const RECORD = `/api/tenants/${ACME.slug}/webhooks/wh-hr`;
const BASE = `/api/tenants/${ACME.id}/webhooks/wh-hr`;
const DELIVERIES = `${BASE}/deliveries`;

const HR: Webhook = {
  id: 'wh-hr',
  url: 'https://hooks.partner.example/tessera',
  description: 'HR system',
  events: ['member.joined', 'member.removed'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2026-03-02T14:05:00Z',
  updated_at: '2026-03-02T14:05:00Z',
  created_by: { id: 'u-mona', name: 'Mona Master' },
};

function aDelivery(id: string, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id,
    event_type: 'member.joined',
    state: 'succeeded',
    attempts: 1,
    last_status_code: 200,
    last_error: null,
    created_at: '2026-03-03T09:00:00Z',
    last_attempt_at: '2026-03-03T09:00:01Z',
    next_attempt_at: null,
    delivered_at: '2026-03-03T09:00:01Z',
    ...overrides,
  };
}

const FAILED = aDelivery('msg_failed', {
  event_type: 'member.removed',
  state: 'failed',
  attempts: 8,
  last_status_code: 500,
  last_error: 'The endpoint answered 500.',
  created_at: '2026-03-01T10:00:00Z',
  delivered_at: null,
});
const PENDING = aDelivery('msg_pending', {
  state: 'pending',
  attempts: 2,
  last_status_code: null,
  last_error: 'No answer in 10 s.',
  created_at: '2026-03-04T10:00:00Z',
  next_attempt_at: '2026-03-04T10:05:00Z',
  delivered_at: null,
});

const FAILED_DETAIL: WebhookDeliveryDetail = {
  ...FAILED,
  payload: {
    type: 'member.removed',
    timestamp: '2026-03-01T10:00:00Z',
    tenant_id: '01930000-0000-7000-8000-0000000000aa',
    data: {
      member: { id: '01930000-0000-7000-8000-0000000000bb', user_id: '01930000-0000-7000-8000-0000000000cc', name: 'Cy Cole', email: 'cy@example.com' },
      role: 'user',
    },
  },
  attempt_log: [
    { attempt: 2, status_code: 500, error: 'The endpoint answered 500.', duration_ms: 120, attempted_at: '2026-03-01T10:05:00Z' },
    { attempt: 1, status_code: null, error: 'No answer in 10 s.', duration_ms: 10000, attempted_at: '2026-03-01T10:00:00Z' },
  ],
};

const page = (data: WebhookDelivery[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'created', desc: true, search: null },
});

function asMaster(routes: (FakeRoute & { once?: boolean })[], webhook: Webhook = HR) {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'master', tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    { method: 'GET', path: RECORD, status: 200, body: { data: webhook } },
    ...routes,
  ]);
}

/** The query strings the delivery log was asked with, in order. */
function deliveryQueries(api: ReturnType<typeof fakeApi>) {
  return api.fetch.mock.calls
    .map(([input]) => new URL((input as Request).url))
    .filter((url) => url.pathname === DELIVERIES)
    .map((url) => url.searchParams);
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('Webhook endpoint', () => {
  it('shows the endpoint and an empty delivery log', async () => {
    asMaster([{ method: 'GET', path: DELIVERIES, status: 200, body: page([]) }]);
    renderApp('/acme-training/admin/webhooks/wh-hr');
    expect(await screen.findByRole('heading', { name: 'Webhook endpoint', level: 1 })).toBeTruthy();
    expect(screen.getByText(HR.url)).toBeTruthy();
    expect(screen.getByText('Mar 02 26', { exact: false })).toBeTruthy();
    expect(await screen.findByText('No deliveries yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Webhooks' }).getAttribute('href')).toBe('/acme-training/admin/webhooks');
  });

  it('sends only the changed fields of an edit', async () => {
    const api = asMaster([
      { method: 'GET', path: DELIVERIES, status: 200, body: page([]) },
      { method: 'PATCH', path: BASE, status: 200, body: { data: { ...HR, events: ['member.joined', 'member.suspended'] } } },
    ]);
    renderApp('/acme-training/admin/webhooks/wh-hr');
    const form = await screen.findByRole('form', { name: 'Edit endpoint' });
    fireEvent.click(within(form).getByRole('checkbox', { name: /^Member removed/ }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /^Member suspended/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Endpoint saved!')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([
      { events: ['member.joined', 'member.suspended'] },
    ]);
    expect(screen.getByText('Member joined, Member suspended')).toBeTruthy();
  });

  it('shows a 422 of an edit under its field', async () => {
    asMaster([
      { method: 'GET', path: DELIVERIES, status: 200, body: page([]) },
      {
        method: 'PATCH',
        path: BASE,
        status: 422,
        body: { message: 'The given data was invalid.', code: 'validation_failed', errors: { url: [webhookMessages.https] } },
      },
    ]);
    renderApp('/acme-training/admin/webhooks/wh-hr');
    const form = await screen.findByRole('form', { name: 'Edit endpoint' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^URL/ }), { target: { value: 'http://hooks.partner.example/tessera' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText(webhookMessages.https)).toBeTruthy();
  });

  it('rotates the secret after the question and shows the new one once, with how long the previous one works', async () => {
    const api = asMaster([
      { method: 'GET', path: DELIVERIES, status: 200, body: page([]) },
      {
        method: 'POST',
        path: `${BASE}/secret`,
        status: 200,
        body: { data: { secret: 'whsec_bmV3LXNlY3JldA==', previous_secret_expires_at: '2026-03-05T09:00:00Z' } },
      },
    ]);
    renderApp('/acme-training/admin/webhooks/wh-hr');
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const question = await screen.findByRole('alertdialog', { name: 'Rotate the signing secret?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Secret rotated' });
    expect((within(dialog).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value).toBe('whsec_bmV3LXNlY3JldA==');
    expect(dialog.textContent).toContain('you will not see it again');
    expect(dialog.textContent).toContain('The previous secret keeps working for 24 hours, until Mar 05 26');
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`${BASE}/secret`]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Secret rotated' })).toBeNull());
    expect(screen.queryByDisplayValue('whsec_bmV3LXNlY3JldA==')).toBeNull();
    expect(screen.getByText(/^Also signs deliveries until Mar 05 26/)).toBeTruthy();
  });

  it('lists the deliveries, filters them by state, and shows a delivery with its payload and attempts', async () => {
    const api = asMaster([
      { method: 'GET', path: DELIVERIES, status: 200, body: page([PENDING, FAILED]), once: true },
      { method: 'GET', path: DELIVERIES, status: 200, body: page([FAILED]) },
      { method: 'GET', path: `${DELIVERIES}/msg_failed`, status: 200, body: { data: FAILED_DETAIL } },
    ]);
    const app = renderApp('/acme-training/admin/webhooks/wh-hr');
    const failed = await screen.findByRole('row', { name: /Member removed/ });
    expect(failed.textContent).toContain('Failed');
    expect(failed.textContent).toContain('500');
    expect(failed.textContent).toContain('The endpoint answered 500.');
    const pending = screen.getByRole('row', { name: /Member joined/ });
    expect(pending.textContent).toContain('Pending');
    expect(pending.textContent).toContain('Mar 04 26');
    expect(deliveryQueries(api)[0].has('state')).toBe(false);

    fireEvent.click(screen.getByRole('tab', { name: 'Failed' }));
    await waitFor(() => expect(deliveryQueries(api)).toHaveLength(2));
    expect(deliveryQueries(api)[1].get('state')).toBe('failed');
    expect(app.location()).toBe('/acme-training/admin/webhooks/wh-hr?tab=failed');
    const row = await screen.findByRole('row', { name: /Member removed/ });
    await waitFor(() => expect(screen.queryByRole('row', { name: /Member joined/ })).toBeNull());

    fireEvent.click(within(row).getByRole('button', { name: /^View Member removed/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Delivery: Member removed/ });
    const payload = await within(dialog).findByRole('region', { name: 'Payload' });
    expect(JSON.parse(payload.textContent ?? '')).toEqual(FAILED_DETAIL.payload);
    expect(payload.querySelector('pre')?.textContent).toContain('\n  "type": "member.removed"');
    const attempts = within(dialog).getByRole('grid', { name: 'Attempts' });
    expect(within(attempts).getByRole('row', { name: /Attempt 1/ }).textContent).toContain('No answer in 10 s.');
    expect(within(attempts).getByRole('row', { name: /Attempt 2/ }).textContent).toContain('120 ms');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('replays a failed delivery; a pending one cannot be replayed; a 409 shows its message', async () => {
    const conflict = { message: webhookMessages.replayPending, code: 'conflict' };
    const api = asMaster([
      { method: 'GET', path: DELIVERIES, status: 200, body: page([PENDING, FAILED]), once: true },
      { method: 'POST', path: `${DELIVERIES}/msg_failed/replay`, status: 202, body: { data: { ...FAILED, state: 'pending' } }, once: true },
      { method: 'GET', path: DELIVERIES, status: 200, body: page([PENDING, FAILED]) },
      { method: 'POST', path: `${DELIVERIES}/msg_failed/replay`, status: 409, body: conflict },
    ]);
    renderApp('/acme-training/admin/webhooks/wh-hr');
    const failed = await screen.findByRole('row', { name: /Member removed/ });
    const pending = screen.getByRole('row', { name: /Member joined/ });
    expect(
      within(pending)
        .getByRole('button', { name: /^Replay Member joined/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(within(pending).getByRole('button', { name: /^Why Member joined.* cannot be replayed/ })).toBeTruthy();

    fireEvent.click(within(failed).getByRole('button', { name: /^Replay Member removed/ }));
    await waitFor(() => expect(deliveryQueries(api)).toHaveLength(2));
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`${DELIVERIES}/msg_failed/replay`]);

    const again = await screen.findByRole('row', { name: /Member removed/ });
    await waitFor(() =>
      expect(
        within(again)
          .getByRole('button', { name: /^Replay Member removed/ })
          .hasAttribute('disabled'),
      ).toBe(false),
    );
    fireEvent.click(within(again).getByRole('button', { name: /^Replay Member removed/ }));
    expect(await screen.findByText(webhookMessages.replayPending)).toBeTruthy();
  });

  it('says why a disabled endpoint’s deliveries cannot be replayed', async () => {
    asMaster([{ method: 'GET', path: DELIVERIES, status: 200, body: page([FAILED]) }], {
      ...HR,
      enabled: false,
      disabled_reason: 'failing',
      failing_since: '2026-02-28T10:00:00Z',
    });
    renderApp('/acme-training/admin/webhooks/wh-hr');
    const row = await screen.findByRole('row', { name: /Member removed/ });
    expect(
      within(row)
        .getByRole('button', { name: /^Replay Member removed/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByText(webhookMessages.replayDisabled)).toBeTruthy();
    expect(screen.getByText('Disabled: failing')).toBeTruthy();
    expect(screen.getByText('Failing since Feb 28 26', { exact: false })).toBeTruthy();
  });

  it('shows a delivery log that failed with Retry, which reads it again', async () => {
    const api = asMaster([
      { method: 'GET', path: DELIVERIES, status: 429, body: { message: 'Too many requests.', code: 'rate_limited' }, once: true },
      { method: 'GET', path: DELIVERIES, status: 200, body: page([FAILED]) },
    ]);
    renderApp('/acme-training/admin/webhooks/wh-hr');
    expect(await screen.findByText('Too many requests.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /Member removed/ })).toBeTruthy();
    expect(deliveryQueries(api)).toHaveLength(2);
  });

  it('deletes the endpoint after the question and goes back to the list', async () => {
    const api = asMaster([
      { method: 'GET', path: DELIVERIES, status: 200, body: page([]) },
      { method: 'DELETE', path: BASE, status: 204 },
      { method: 'GET', path: `/api/tenants/${ACME.id}/webhooks`, status: 200, body: { ...page([]), meta: { ...page([]).meta, order: 'url', desc: false } } },
    ]);
    const app = renderApp('/acme-training/admin/webhooks/wh-hr');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete endpoint' }));
    const question = await screen.findByRole('alertdialog', { name: `Delete ${HR.url}?` });
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
    expect(app.location()).toBe('/acme-training/admin/webhooks');
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([BASE]);
    // The log of the deleted endpoint is not asked for again (it would answer 404).
    expect(deliveryQueries(api)).toHaveLength(1);
  });

  it('sends an unknown endpoint to the not-found page', async () => {
    fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role: 'master', tenant: ACME })] }) } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      { method: 'GET', path: RECORD, status: 404, body: { message: webhookMessages.notFound, code: 'not_found' } },
    ]);
    const app = renderApp('/acme-training/admin/webhooks/wh-hr');
    await waitFor(() => expect(app.location()).toMatch(/^\/not-found/));
  });
});
