import { webhookLoader, WebhookPage } from '@portal/features/webhooks/WebhookPage';
import { WebhooksPage } from '@portal/features/webhooks/WebhooksPage';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { WebhookDeliveryState } from '@tessera/sdk';
import { webhookMessages } from '@tessera/sdk/rules';
import type { RouteObject } from 'react-router';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { FakeRequest, FakeRoutes } from './fakeServer';
import { OrganizationPages } from './PortalRouter';
import { DELIVERIES, deliveriesApi, FAILED_DETAIL, listPage, RATE_LIMITED, WEBHOOKS, WEBHOOKS_API, webhookRecordApi } from './webhooks';

const PAGES: RouteObject[] = [
  { path: 'admin/webhooks', element: <WebhooksPage /> },
  { path: 'admin/webhooks/:webhook', loader: webhookLoader, element: <WebhookPage /> },
];

const [HR, FAILING] = WEBHOOKS;
const FAILED = DELIVERIES[1];
const ROTATED_SECRET = 'whsec_5nJ3cD1mWw0sQ8oVbX2kTg7yLrPaE4uH';

/** The log as the server answers it: newest first, only the state asked for. */
function logged({ url }: FakeRequest) {
  const state = url.searchParams.get('state') as WebhookDeliveryState | null;
  return { status: 200, body: listPage(state ? DELIVERIES.filter((delivery) => delivery.state === state) : DELIVERIES, null) };
}

/** One endpoint's page: the endpoint, its log, a delivery's view and the page's writes, answered as the server would. */
function server(id: string, overrides: FakeRoutes = {}): FakeRoutes {
  const webhook = WEBHOOKS.find((candidate) => candidate.id === id) ?? HR;
  return {
    [`GET ${webhookRecordApi(id)}`]: { status: 200, body: { data: webhook } },
    [`GET ${deliveriesApi(id)}`]: logged,
    [`GET ${deliveriesApi(id)}/${FAILED.id}`]: { status: 200, body: { data: FAILED_DETAIL } },
    [`POST ${deliveriesApi(id)}/${FAILED.id}/replay`]: { status: 202, body: { data: { ...FAILED, state: 'pending' } } },
    [`PATCH ${WEBHOOKS_API}/${id}`]: ({ body }) => ({ status: 200, body: { data: { ...webhook, ...(body as object) } } }),
    [`POST ${WEBHOOKS_API}/${id}/secret`]: { status: 200, body: { data: { secret: ROTATED_SECRET, previous_secret_expires_at: '2026-03-05T09:00:00Z' } } },
    [`DELETE ${WEBHOOKS_API}/${id}`]: { status: 204 },
    [`GET ${WEBHOOKS_API}`]: { status: 200, body: listPage(WEBHOOKS.filter((candidate) => candidate.id !== id)) },
    ...overrides,
  };
}

function endpoint(id: string, overrides: FakeRoutes = {}) {
  return <OrganizationPages path={`/acme-training/admin/webhooks/${id}`} pages={PAGES} server={server(id, overrides)} />;
}

/**
 * /:organization/admin/webhooks/:webhook: one endpoint, its edit form, its secret rotation and its delivery log, against
 * a fake server answering the portal's own SDK calls.
 */
const meta = {
  title: 'Portal/Pages/Webhook',
  parameters: { layout: 'padded' },
  render: () => endpoint(HR.id),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

// Dialogs and tooltips render at the end of the page, outside the story's root.
const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** A delivery in each state: a pending one cannot be replayed (an "i" says why), the others can. */
export const DeliveryLog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pending = await canvas.findByRole('row', { name: /Member suspended/ });
    await expect(within(pending).getByRole('button', { name: /^Replay / })).toBeDisabled();
    await expect(within(pending).getByRole('button', { name: /cannot be replayed$/ })).toBeInTheDocument();
    const failed = canvas.getByRole('row', { name: /Member removed/ });
    await expect(failed).toHaveTextContent('No answer in 10 s.');
    await expect(within(failed).getByRole('button', { name: /^Replay / })).toBeEnabled();
  },
};

/** Nothing sent to it yet. */
export const EmptyLog: Story = {
  render: () => endpoint(HR.id, { [`GET ${deliveriesApi(HR.id)}`]: { status: 200, body: listPage([], null) } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No deliveries yet.')).toBeInTheDocument();
  },
};

/** The log on its way (the endpoint's own record came with the route). */
export const LogLoading: Story = {
  render: () => endpoint(HR.id, { [`GET ${deliveriesApi(HR.id)}`]: 'never' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Webhook endpoint' })).toBeInTheDocument();
    await expect(canvas.getByText('Loading...')).toBeInTheDocument();
  },
};

/** A log that failed shows its message and Retry, which reads it again. */
export const LogFailed: Story = {
  render: () => {
    let calls = 0;
    return endpoint(HR.id, { [`GET ${deliveriesApi(HR.id)}`]: (request) => (++calls === 1 ? RATE_LIMITED : logged(request)) });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(RATE_LIMITED.body.message)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('row', { name: /Member removed/ })).toBeInTheDocument();
  },
};

/** The Failed tab asks the server for the failed deliveries only. */
export const FailedTab: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('row', { name: /Member suspended/ });
    await userEvent.click(canvas.getByRole('tab', { name: 'Failed' }));
    // The tab is in the address: the panel changes once the router has moved there.
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Failed' })).toHaveAttribute('aria-selected', 'true'));
    const failed = await canvas.findByRole('grid', { name: 'Failed deliveries' });
    await waitFor(() => expect(within(failed).getByRole('row', { name: /Member removed/ })).toBeInTheDocument());
    await expect(within(failed).queryByRole('row', { name: /Member suspended/ })).toBeNull();
  },
};

/** A delivery opened: its body as sent (pretty JSON) and each attempt. */
export const DeliveryView: Story = {
  play: async ({ canvasElement }) => {
    const row = await within(canvasElement).findByRole('row', { name: /Member removed/ });
    await userEvent.click(within(row).getByRole('button', { name: /^View / }));
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: /^Delivery: Member removed/ }));
    await expect(await dialog.findByRole('region', { name: 'Payload' })).toHaveTextContent('"type": "member.removed"');
    await expect(dialog.getByRole('row', { name: /Attempt 1/ })).toHaveTextContent('The endpoint answered 500.');
  },
};

/** Replaying a delivery the server will not send again (already on its way): its 409 message. */
export const ReplayRefused: Story = {
  render: () =>
    endpoint(HR.id, {
      [`POST ${deliveriesApi(HR.id)}/${FAILED.id}/replay`]: { status: 409, body: { message: webhookMessages.replayPending, code: 'conflict' } },
    }),
  play: async ({ canvasElement }) => {
    const row = await within(canvasElement).findByRole('row', { name: /Member removed/ });
    await userEvent.click(within(row).getByRole('button', { name: /^Replay / }));
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(webhookMessages.replayPending);
  },
};

/** Turned off by Tessera after three days of failures: why, since when, and no replay until it is enabled again. */
export const DisabledFailing: Story = {
  render: () => endpoint(FAILING.id),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Disabled: failing')).toBeInTheDocument();
    await expect(canvas.getByText(webhookMessages.replayDisabled)).toBeInTheDocument();
    const row = await canvas.findByRole('row', { name: /Member removed/ });
    await expect(within(row).getByRole('button', { name: /^Replay / })).toBeDisabled();
  },
};

/** Rotated after the question: the new secret this once, and how long the previous one keeps working. */
export const SecretRotated: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Rotate secret' }));
    const question = within(await body(canvasElement).findByRole('alertdialog', { name: 'Rotate the signing secret?' }));
    await userEvent.click(question.getByRole('button', { name: 'Rotate secret' }));
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: 'Secret rotated' }));
    await expect(dialog.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(ROTATED_SECRET);
    await expect(dialog.getByText(/keeps working for 24 hours/)).toBeInTheDocument();
  },
};

/** An edit saved: only the changed fields are sent, and the page shows the endpoint as answered. */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Edit endpoint' }));
    await userEvent.click(form.getByRole('checkbox', { name: /^Procedure completed/ }));
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await expect(await form.findByText('Endpoint saved!')).toBeInTheDocument();
  },
};
