import { webhookMessages } from '@tessera/sdk/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import type { Webhook } from './webhookCalls';

const ACME = aTenant('Acme Training');
const BASE = `/api/tenants/${ACME.id}/webhooks`;
const URL = 'https://hooks.partner.example/tessera';

function aWebhook(id: string, overrides: Partial<Webhook> = {}): Webhook {
  return {
    id,
    url: URL,
    description: 'HR system',
    events: ['member.joined', 'member.removed'],
    enabled: true,
    disabled_reason: null,
    failing_since: null,
    previous_secret_expires_at: null,
    created_at: '2026-03-02T14:05:00Z',
    updated_at: '2026-03-02T14:05:00Z',
    created_by: { id: 'u-mona', name: 'Mona Master' },
    ...overrides,
  };
}

const HR = aWebhook('wh-hr');
const FAILING = aWebhook('wh-lms', {
  url: 'https://lms.partner.example/events',
  description: '',
  events: ['knowledge_check.response.completed'],
  enabled: false,
  disabled_reason: 'failing',
  failing_since: '2026-02-20T08:00:00Z',
});

const page = (data: Webhook[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order: 'url', desc: false, search: null },
});

function as(role: 'admin' | 'master', routes: (FakeRoute & { once?: boolean })[]) {
  return fakeApi([
    { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [aMembership({ role, tenant: ACME })] }) } },
    { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    ...routes,
  ]);
}

const posted = (api: ReturnType<typeof fakeApi>) => api.requests.filter((request) => request.method === 'POST' && request.path === BASE);

/** Types the URL and ticks the events of the Add endpoint form. */
function fillForm(url: string, events: RegExp[]) {
  const form = screen.getByRole('form', { name: 'Add endpoint' });
  fireEvent.change(within(form).getByRole('textbox', { name: /^URL/ }), { target: { value: url } });
  for (const event of events) fireEvent.click(within(form).getByRole('checkbox', { name: event }));
  return form;
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('Webhooks', () => {
  it('is linked from the Members page and lists the endpoints with their events and status', async () => {
    as('master', [
      { method: 'GET', path: `/api/tenants/${ACME.id}/tenant-users`, status: 200, body: page([]) },
      { method: 'GET', path: BASE, status: 200, body: page([HR, FAILING]) },
    ]);
    renderApp('/acme-training/admin/members');
    fireEvent.click(await screen.findByRole('link', { name: 'Webhooks' }));
    expect(await screen.findByRole('heading', { name: 'Webhooks', level: 1 })).toBeTruthy();
    const hr = await screen.findByRole('row', { name: new RegExp(HR.url) });
    expect(hr.textContent).toContain('Member joined, Member removed');
    expect(hr.textContent).toContain('Enabled');
    expect(hr.textContent).toContain('HR system');
    expect(
      within(hr)
        .getByRole('link', { name: `Open ${HR.url}` })
        .getAttribute('href'),
    ).toBe('/acme-training/admin/webhooks/wh-hr');
    const failing = screen.getByRole('row', { name: new RegExp(FAILING.url) });
    expect(failing.textContent).toContain('Disabled: failing');
    expect(failing.textContent).toContain('Failing since Feb 20 26');
    expect(screen.getByRole('searchbox', { name: 'Search URL or description' })).toBeTruthy();
  });

  it('is linked from the Integration clients page', async () => {
    as('master', [
      { method: 'GET', path: `/api/tenants/${ACME.id}/integration-clients`, status: 200, body: page([]) },
      { method: 'GET', path: BASE, status: 200, body: page([]) },
    ]);
    renderApp('/acme-training/admin/integration-clients');
    fireEvent.click(await screen.findByRole('link', { name: 'Webhooks' }));
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
  });

  it('adds an endpoint, sends the URL and the events in the contract order, and shows its secret once', async () => {
    const api = as('master', [
      { method: 'GET', path: BASE, status: 200, body: page([]), once: true },
      { method: 'POST', path: BASE, status: 201, body: { data: { ...HR, secret: 'whsec_c2hvd24tb25jZQ==' } } },
      { method: 'GET', path: BASE, status: 200, body: page([HR]) },
    ]);
    renderApp('/acme-training/admin/webhooks');
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
    const form = fillForm(` ${URL} `, [/^Member removed/, /^Member joined/]);
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const dialog = await screen.findByRole('dialog', { name: 'Endpoint added' });
    expect((within(dialog).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value).toBe('whsec_c2hvd24tb25jZQ==');
    expect(dialog.textContent).toContain('you will not see it again');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(await within(dialog).findByText('Copied to the clipboard.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('whsec_c2hvd24tb25jZQ==');
    expect(posted(api).map((request) => request.body)).toEqual([{ url: URL, events: ['member.joined', 'member.removed'], enabled: true }]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Endpoint added' })).toBeNull());
    expect(screen.queryByDisplayValue('whsec_c2hvd24tb25jZQ==')).toBeNull();
    expect(await screen.findByRole('row', { name: new RegExp(HR.url) })).toBeTruthy();
    // The form is ready for the next endpoint.
    expect((within(form).getByRole('textbox', { name: /^URL/ }) as HTMLInputElement).value).toBe('');
  });

  it('checks the form with the SDK rules before sending, and shows the server’s 422 under its field', async () => {
    const api = as('master', [
      { method: 'GET', path: BASE, status: 200, body: page([]) },
      {
        method: 'POST',
        path: BASE,
        status: 422,
        body: { message: 'The given data was invalid.', code: 'validation_failed', errors: { url: [webhookMessages.privateAddress] } },
      },
    ]);
    renderApp('/acme-training/admin/webhooks');
    await screen.findByText('No webhook endpoints yet.');
    const form = screen.getByRole('form', { name: 'Add endpoint' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('The url field is required.')).toBeTruthy();
    expect(within(form).getByText(webhookMessages.events)).toBeTruthy();
    expect(posted(api)).toHaveLength(0);

    fillForm('https://10.0.0.8/hook', [/^Procedure completed/]);
    fireEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(webhookMessages.privateAddress)).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: /^URL/ }).getAttribute('aria-invalid')).toBe('true');
    expect(posted(api).map((request) => request.body)).toEqual([{ url: 'https://10.0.0.8/hook', events: ['procedure.completed'], enabled: true }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes an endpoint after the question', async () => {
    const api = as('master', [
      { method: 'GET', path: BASE, status: 200, body: page([HR]), once: true },
      { method: 'DELETE', path: `${BASE}/wh-hr`, status: 204 },
      { method: 'GET', path: BASE, status: 200, body: page([]) },
    ]);
    renderApp('/acme-training/admin/webhooks');
    const row = await screen.findByRole('row', { name: new RegExp(HR.url) });
    fireEvent.click(within(row).getByRole('button', { name: `Delete ${HR.url}` }));
    const question = await screen.findByRole('alertdialog', { name: `Delete ${HR.url}?` });
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`${BASE}/wh-hr`]);
  });

  it('shows a list that failed with Retry, which reads it again', async () => {
    const api = as('master', [
      { method: 'GET', path: BASE, status: 429, body: { message: 'Too many requests.', code: 'rate_limited' }, once: true },
      { method: 'GET', path: BASE, status: 200, body: page([HR]) },
    ]);
    renderApp('/acme-training/admin/webhooks');
    expect(await screen.findByText('Too many requests.')).toBeTruthy();
    expect(screen.queryByRole('grid', { name: 'Webhook endpoints' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: new RegExp(HR.url) })).toBeTruthy();
    expect(api.requests.filter((request) => request.path === BASE)).toHaveLength(2);
  });

  it('sends an admin to the forbidden page', async () => {
    as('admin', []);
    renderApp('/acme-training/admin/webhooks');
    expect(await screen.findByRole('heading', { name: /403/ })).toBeTruthy();
  });
});
