import { SsoCompletePage } from '@portal/features/sso/SsoCompletePage';
import { SsoPage } from '@portal/features/sso/SsoPage';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ssoMessages } from '@tessera/sdk/rules';
import { expect, userEvent, within } from 'storybook/test';
import type { FakeRoutes } from './fakeServer';
import { GuestPages } from './PortalRouter';

/** The provider's address the fake server answers: this story's own page, so the frame stays where it is. */
const providerUrl = () => `${window.location.pathname}${window.location.search}#identity-provider`;

const SERVER: FakeRoutes = {
  'POST /api/sso/start': ({ body }) => {
    const { email, organization } = body as { email?: string; organization?: string };
    if (organization === 'acme-training' || email?.endsWith('@acme.example')) return { status: 200, body: { data: { url: providerUrl() } } };
    const message = organization ? ssoMessages.notFoundForOrganization : ssoMessages.notFoundForEmail;
    return { status: 404, body: { message, code: 'sso_not_found' } };
  },
  'POST /api/token': { status: 400, body: { message: ssoMessages.stateUnknown, code: 'invalid_grant', error: 'invalid_grant' } },
};

/** The guest's pages at `path`, their calls answered by the fake server. */
function SignInPages({ path, server = SERVER }: { path: string; server?: FakeRoutes }) {
  return (
    <GuestPages
      routes={[
        { path: '/sso', element: <SsoPage /> },
        { path: '/sso/complete', element: <SsoCompletePage /> },
      ]}
      path={path}
      server={server}
    />
  );
}

/**
 * /sso and /sso/complete (issue 33): signing in through the organization's identity provider, by email or by a partner
 * intranet's link, and what the portal says when it fails.
 */
const meta = {
  title: 'Portal/Pages/Single sign-on sign-in',
  parameters: { layout: 'centered' },
  render: () => <SignInPages path="/sso?email=ada%40acme.example" />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The email form, prefilled from the login page. */
export const EmailForm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Log in with single sign-on', level: 1 })).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: /^Email/ })).toHaveValue('ada@acme.example');
  },
};

/** An address no connection serves: the server's words under the field. */
export const NoSingleSignOnForEmail: Story = {
  render: () => <SignInPages path="/sso" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Email/ }), 'bob@elsewhere.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByText(ssoMessages.notFoundForEmail)).toBeInTheDocument();
  },
};

/** Back from a provider that refused: "Single sign-on failed: …" in its words, and the form to try again. */
export const ProviderFailed: Story = {
  render: () => <SignInPages path={`/sso?error=${encodeURIComponent('access_denied: The user cancelled the sign-in.')}`} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Single sign-on failed: access_denied: The user cancelled the sign-in.');
  },
};

/** A partner intranet's link (`?organization=`): the sign-in starts at once. */
export const StartingForOrganization: Story = {
  render: () => <SignInPages path="/sso?organization=acme-training" server={{ ...SERVER, 'POST /api/sso/start': 'never' }} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: /Taking you to your organization/ })).toBeInTheDocument();
  },
};

/** An organization without single sign-on: said, with the email form instead. */
export const NoSingleSignOnForOrganization: Story = {
  render: () => <SignInPages path="/sso?organization=globex" />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(ssoMessages.notFoundForOrganization);
  },
};

/** Back from the provider while the code is exchanged. */
export const Completing: Story = {
  render: () => <SignInPages path="/sso/complete#login=code-1&organization=acme-training" server={{ ...SERVER, 'POST /api/token': 'never' }} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Signing you in' })).toBeInTheDocument();
  },
};

/** A login code already spent (or expired): a clear failure, with the ways back. */
export const CompletionFailed: Story = {
  render: () => <SignInPages path="/sso/complete#login=spent" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(`Single sign-on failed: ${ssoMessages.stateUnknown}`);
    await expect(canvas.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/sso');
  },
};
