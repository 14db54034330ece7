import { webhookLoader, WebhookPage } from '@portal/features/webhooks/WebhookPage';
import { WebhooksPage } from '@portal/features/webhooks/WebhooksPage';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { WebhookCreated } from '@tessera/sdk';
import { webhookMessages } from '@tessera/sdk/rules';
import type { RouteObject } from 'react-router';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fieldErrors } from './fakeApi';
import type { FakeRequest, FakeRoutes } from './fakeServer';
import { OrganizationPages } from './PortalRouter';
import { deliveriesApi, listPage, RATE_LIMITED, WEBHOOKS, WEBHOOKS_API, webhookRecordApi } from './webhooks';

const PAGES: RouteObject[] = [
  { path: 'admin/webhooks', element: <WebhooksPage /> },
  { path: 'admin/webhooks/:webhook', loader: webhookLoader, element: <WebhookPage /> },
];

const PATH = '/acme-training/admin/webhooks';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NEW_URL = 'https://erp.partner.example/hooks/tessera';

/** The list as the server answers it: searched in the URL and the description. */
function listed({ url }: FakeRequest) {
  const term = (url.searchParams.get('search') ?? '').toLowerCase();
  return { status: 200, body: listPage(WEBHOOKS.filter((webhook) => `${webhook.url} ${webhook.description}`.toLowerCase().includes(term))) };
}

/** The endpoints, each one's page (an empty log), and the writes of the page answered as the server would. */
function server(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    [`GET ${WEBHOOKS_API}`]: listed,
    [`DELETE ${WEBHOOKS_API}/hr`]: { status: 204 },
    [`GET ${webhookRecordApi('hr')}`]: { status: 200, body: { data: WEBHOOKS[0] } },
    [`GET ${deliveriesApi('hr')}`]: { status: 200, body: listPage([], null) },
    [`POST ${WEBHOOKS_API}`]: ({ body }) => {
      const sent = body as Pick<WebhookCreated, 'url' | 'events' | 'description' | 'enabled'>;
      const created: WebhookCreated = { ...WEBHOOKS[0], id: 'erp', ...sent, description: sent.description ?? '', secret: SECRET };
      return { status: 201, body: { data: created } };
    },
    ...overrides,
  };
}

/**
 * /:organization/admin/webhooks: the organization's webhook endpoints (a master's page, beyond the spec), against a
 * fake server answering the portal's own SDK calls.
 */
const meta = {
  title: 'Portal/Pages/Webhooks',
  parameters: { layout: 'padded' },
  render: () => <OrganizationPages path={PATH} pages={PAGES} server={server()} />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

// Dialogs render at the end of the page, outside the story's root.
const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

async function fillForm(canvasElement: HTMLElement, url: string, events: RegExp[]) {
  const form = within(await within(canvasElement).findByRole('form', { name: 'Add endpoint' }));
  await userEvent.type(form.getByRole('textbox', { name: /^URL/ }), url);
  for (const event of events) await userEvent.click(form.getByRole('checkbox', { name: event }));
  await userEvent.click(form.getByRole('button', { name: 'Add endpoint' }));
  return form;
}

/** Every status an endpoint can have: Enabled, Disabled, and "Disabled: failing" with since when. */
export const Endpoints: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failing = await canvas.findByRole('row', { name: /lms\.partner\.example/ });
    await expect(failing).toHaveTextContent('Disabled: failing');
    await expect(failing).toHaveTextContent('Failing since Feb 20 26');
    await expect(canvas.getByRole('row', { name: /audit\.partner\.example/ })).toHaveTextContent('All events');
    await expect(canvas.getByRole('row', { name: /hooks\.partner\.example/ })).toHaveTextContent('Member joined, Member suspended, Member removed');
  },
};

/** No endpoint yet: the list says so, and the form to add one is below it. */
export const Empty: Story = {
  render: () => <OrganizationPages path={PATH} pages={PAGES} server={server({ [`GET ${WEBHOOKS_API}`]: { status: 200, body: listPage([]) } })} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    await expect(canvas.getByRole('form', { name: 'Add endpoint' })).toBeInTheDocument();
  },
};

/** The first page on its way. */
export const Loading: Story = {
  render: () => <OrganizationPages path={PATH} pages={PAGES} server={server({ [`GET ${WEBHOOKS_API}`]: 'never' })} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading...')).toBeInTheDocument();
  },
};

/** A list that failed (429 here: no global page takes it) shows its message and Retry, which reads it again. */
export const LoadFailed: Story = {
  render: () => {
    let calls = 0;
    return (
      <OrganizationPages
        path={PATH}
        pages={PAGES}
        server={server({ [`GET ${WEBHOOKS_API}`]: (request) => (++calls === 1 ? RATE_LIMITED : listed(request)) })}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(RATE_LIMITED.body.message)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('row', { name: /lms\.partner\.example/ })).toBeInTheDocument();
  },
};

/** Nothing chosen: the SDK's rules answer before anything is sent. */
export const InvalidInput: Story = {
  play: async ({ canvasElement }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Add endpoint' }));
    await userEvent.click(form.getByRole('button', { name: 'Add endpoint' }));
    await expect(await form.findByText('The url field is required.')).toBeInTheDocument();
    await expect(form.getByText(webhookMessages.events)).toBeInTheDocument();
  },
};

/** Added: its signing secret, this once, with a copy button and the words that it will not be shown again. */
export const AddedShowsTheSecretOnce: Story = {
  play: async ({ canvasElement }) => {
    await fillForm(canvasElement, NEW_URL, [/^Member joined/, /^Member removed/]);
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: 'Endpoint added' }));
    await expect(dialog.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    await expect(dialog.getByText(/you will not see it again/)).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
  },
};

/** The server refused the URL (a private address): its message under the field. */
export const ServerFieldError: Story = {
  render: () => (
    <OrganizationPages path={PATH} pages={PAGES} server={server({ [`POST ${WEBHOOKS_API}`]: fieldErrors({ url: [webhookMessages.privateAddress] }) })} />
  ),
  play: async ({ canvasElement }) => {
    const form = await fillForm(canvasElement, 'https://10.0.0.8/hook', [/^Procedure completed/]);
    await expect(await form.findByText(webhookMessages.privateAddress)).toBeInTheDocument();
    await expect(form.getByRole('textbox', { name: /^URL/ })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Delete asks first, naming the endpoint and what goes with it. */
export const DeleteQuestion: Story = {
  play: async ({ canvasElement }) => {
    const row = await within(canvasElement).findByRole('row', { name: /hooks\.partner\.example/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Delete https://hooks.partner.example/tessera' }));
    const question = await body(canvasElement).findByRole('alertdialog', { name: 'Delete https://hooks.partner.example/tessera?' });
    await waitFor(() => expect(within(question).getByRole('button', { name: 'No, Cancel' })).toHaveFocus());
  },
};
