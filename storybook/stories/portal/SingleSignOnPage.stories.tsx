import { SingleSignOnPage } from '@portal/features/sso/SingleSignOnPage';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ScimTokenCreated, SsoConnection } from '@tessera/sdk';
import { ssoMessages } from '@tessera/sdk/rules';
import type { RouteObject } from 'react-router';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fieldErrors } from './fakeApi';
import type { FakeRoutes } from './fakeServer';
import { OrganizationPages } from './PortalRouter';
import { listOf, OIDC_CONNECTION, SAML_CONNECTION, SCIM_TOKENS, SCIM_TOKENS_API, SSO_API } from './sso';

const PAGES: RouteObject[] = [{ path: 'admin/single-sign-on', element: <SingleSignOnPage /> }];
const PATH = '/acme-training/admin/single-sign-on';
const NEW_TOKEN = 'tsc_q3V8yZkP1cWm7TnR5bXa2LdE9hJ4sGfU0oYiKw6vNxB';

/** The page's calls answered as the server would: the connection (or none), the SCIM tokens and the page's writes. */
function server(connection: SsoConnection | null, overrides: FakeRoutes = {}): FakeRoutes {
  return {
    [`GET ${SSO_API}`]: { status: 200, body: { data: connection } },
    [`PUT ${SSO_API}`]: ({ body }) => {
      const sent = body as Pick<SsoConnection, 'protocol' | 'name'> & { domains: string[] };
      const saved: SsoConnection = {
        ...(sent.protocol === 'saml' ? SAML_CONNECTION : OIDC_CONNECTION),
        ...sent,
        domains: sent.domains.map((domain) => connection?.domains.find((claim) => claim.domain === domain) ?? { domain, status: 'pending' }),
      };
      return { status: 200, body: { data: saved } };
    },
    [`DELETE ${SSO_API}`]: { status: 204 },
    [`POST ${SSO_API}/test`]: { status: 200, body: { data: { url: 'https://idp.example/sso?SAMLRequest=fZJNT8MwDIbvSPyHKPeu7cQBRW' } } },
    [`GET ${SCIM_TOKENS_API}`]: { status: 200, body: listOf(connection ? SCIM_TOKENS : []) },
    [`POST ${SCIM_TOKENS_API}`]: ({ body }) => {
      const created: ScimTokenCreated = { ...SCIM_TOKENS[0], id: 'scim-new', name: (body as { name: string }).name, last_used_at: null, token: NEW_TOKEN };
      return { status: 201, body: { data: created } };
    },
    ...overrides,
  };
}

function page(connection: SsoConnection | null, overrides: FakeRoutes = {}, path = PATH) {
  return <OrganizationPages path={path} pages={PAGES} server={server(connection, overrides)} />;
}

/**
 * /:organization/admin/single-sign-on (issue 33): a master's connection to the organization's identity provider, its
 * domains' approval by the platform owner, and SCIM provisioning, against a fake server answering the portal's calls.
 */
const meta = {
  title: 'Portal/Pages/Single sign-on',
  parameters: { layout: 'padded' },
  render: () => page(OIDC_CONNECTION),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

// Dialogs render at the end of the page, outside the story's root.
const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** None configured: the form to set one up (OpenID Connect first), the redirect URI to register, no SCIM token yet. */
export const NoneConfigured: Story = {
  render: () => page(null),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('form', { name: 'Set up single sign-on' })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'OpenID Connect (OIDC)' })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(`${window.location.origin}/api/sso/oidc/callback`);
    await expect(await canvas.findByText('No SCIM tokens yet.')).toBeInTheDocument();
  },
};

/** OpenID Connect configured: one domain approved, one pending the owner's approval; a secret stored. */
export const OidcConfigured: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const domains = await canvas.findByRole('list', { name: 'Domain approval' });
    await expect(domains).toHaveTextContent('acme.example Approved');
    await expect(domains).toHaveTextContent('acme-labs.example Pending approval');
    await expect(canvas.getByText('A secret is stored: leave this empty to keep it.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Test sign-in' })).toBeEnabled();
    await expect(await canvas.findByRole('row', { name: /Entra ID provisioning/ })).toBeInTheDocument();
  },
};

/** A SAML connection: its three values (or the metadata), and what to give the provider; no test sign-in yet. */
export const SamlForm: Story = {
  render: () => page(SAML_CONNECTION),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('radio', { name: 'SAML 2.0' })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'ACS URL' })).toHaveValue(SAML_CONNECTION.acs_url);
    await expect(canvas.getByRole('textbox', { name: /^Identity provider entity ID/ })).toHaveValue(SAML_CONNECTION.idp_entity_id);
    await expect(canvas.queryByRole('button', { name: 'Test sign-in' })).toBeNull();
  },
};

/** Switching an OIDC setup to SAML shows SAML's fields instead. */
export const SwitchToSaml: Story = {
  render: () => page(null),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: 'SAML 2.0' }));
    await expect(canvas.getByRole('textbox', { name: /^Identity provider metadata/ })).toBeInTheDocument();
    await expect(canvas.queryByRole('textbox', { name: /^Issuer/ })).toBeNull();
  },
};

/** A new SCIM token: shown this once, above the list. */
export const TokenJustCreated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Create a SCIM token' }));
    await userEvent.type(form.getByRole('textbox', { name: /^Name/ }), 'Okta provisioning');
    await userEvent.click(form.getByRole('button', { name: 'Create token' }));
    await expect(await canvas.findByRole('textbox', { name: 'SCIM token' })).toHaveValue(NEW_TOKEN);
    await expect(canvas.getByText(/it is shown this once/)).toBeInTheDocument();
  },
};

/** Nothing filled: the SDK's rules answer before anything is sent. */
export const InvalidInput: Story = {
  render: () => page(null),
  play: async ({ canvasElement }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Set up single sign-on' }));
    await userEvent.type(form.getByRole('textbox', { name: /^Email domains/ }), 'not a domain');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await form.findByText('The name field is required.')).toBeInTheDocument();
    await expect(form.getByText(ssoMessages.domain)).toBeInTheDocument();
  },
};

/** The server refused a domain another organization holds: its message under the field. */
export const DomainClaimedElsewhere: Story = {
  render: () => page(OIDC_CONNECTION, { [`PUT ${SSO_API}`]: fieldErrors({ domains: [ssoMessages.domainClaimed('globex.example')] }) }),
  play: async ({ canvasElement }) => {
    const form = within(await within(canvasElement).findByRole('form', { name: 'Connection' }));
    await userEvent.type(form.getByRole('textbox', { name: /^Email domains/ }), '\nglobex.example');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await form.findByText(ssoMessages.domainClaimed('globex.example'))).toBeInTheDocument();
  },
};

/** A test sign-in that could not start (here: the provider is out of reach) says why, beside the button. */
export const TestCouldNotStart: Story = {
  render: () =>
    page(OIDC_CONNECTION, {
      [`POST ${SSO_API}/test`]: {
        status: 503,
        body: { message: ssoMessages.providerUnavailable('connect ECONNREFUSED'), code: 'service_unavailable' },
      },
    }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Test sign-in' }));
    await expect(await canvas.findByText(ssoMessages.providerUnavailable('connect ECONNREFUSED'))).toBeInTheDocument();
  },
};

/** Back from a test sign-in that worked: who the provider signed in. */
export const TestSucceeded: Story = {
  render: () => page(OIDC_CONNECTION, {}, `${PATH}?test=succeeded&email=mona%40acme.example`),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Test sign-in succeeded: the identity provider signed in mona@acme.example.')).toBeInTheDocument();
  },
};

/** Back from a test sign-in that failed, in the provider's words. */
export const TestFailed: Story = {
  render: () => page(OIDC_CONNECTION, {}, `${PATH}?test=failed&message=${encodeURIComponent('invalid_client: client authentication failed')}`),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Test sign-in failed: invalid_client: client authentication failed')).toBeInTheDocument();
  },
};

/** Remove asks first, naming the connection and what stays. */
export const RemoveQuestion: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Remove single sign-on' }));
    const question = await body(canvasElement).findByRole('alertdialog', { name: 'Remove single sign-on?' });
    await expect(question).toHaveTextContent('Accounts and memberships stay');
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus());
  },
};

/** The connection on its way. */
export const Loading: Story = {
  render: () => page(OIDC_CONNECTION, { [`GET ${SSO_API}`]: 'never' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading single sign-on...')).toBeInTheDocument();
  },
};
