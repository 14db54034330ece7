import { tokenStore } from '@portal/api/client';
import { AuthorizePage } from '@portal/features/auth/AuthorizePage';
import { useSession } from '@portal/state/session';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Config, CurrentUser } from '@tessera/sdk';
import { expect, userEvent, within } from 'storybook/test';
import type { FakeRoutes } from './fakeServer';
import { GuestPages } from './PortalRouter';

const UID = 'story-request';
const BASE = `/api/interactions/${UID}`;

function request(prompt: 'login' | 'consent') {
  return {
    status: 200,
    body: { data: { uid: UID, prompt, client: { id: 'partner-app', name: 'Northwind Rota', first_party: false }, scopes: ['openid', 'profile', 'email'] } },
  };
}

/** Where the browser would go on: this story's own page, so the frame stays where it is. */
const goOn = { status: 200, body: { redirect_to: `${window.location.pathname}${window.location.search}#provider` } };

const SETTINGS: Config = {
  image: { min_width: 800, min_height: 450, max_width: 6000, max_height: 6000 },
  bioreq_types: ['passport'],
  file_sizes: {
    image: { min_size: 1, max_size: 10000 },
    thumbnail: { min_size: 1, max_size: 5000 },
    pdf: { min_size: 1, max_size: 50000 },
    video: { min_size: 10, max_size: 2000000 },
    audio: { min_size: 1, max_size: 200000 },
    caption: { min_size: 0, max_size: 1000 },
    question_bank: { min_size: 0, max_size: 20000 },
  },
};
const CONFIG = { status: 200, body: { data: SETTINGS } };

const ADA: CurrentUser = {
  id: '01930000-0000-7000-8000-0000000000ad',
  name: 'Ada Lovelace',
  email: 'ada@acme.example',
  is_confirmed: true,
  is_active: true,
  is_owner: false,
  is_deleted: false,
  status: 'active',
  created_at: '2026-01-05T09:30:00Z',
  joined: '2026-01-05T09:30:00Z',
  memberships: [],
};

const SIGNED_IN: FakeRoutes = { 'GET /api/users/me': { status: 200, body: { data: ADA } } };

/**
 * /authorize/:uid (issue 32): a partner's application asked "Log in with Tessera"; its calls answered by the fake
 * server. `signedIn`: the portal holds a login in this browser (a stored token), so the page offers "Continue as …".
 */
function AuthorizePages({ server, signedIn = false }: { server: FakeRoutes; signedIn?: boolean }) {
  const signIn = () => {
    useSession.getState().reset();
    tokenStore.set(signedIn ? { accessToken: 'story-access', refreshToken: 'story-refresh' } : null);
    // The story's login must not follow the reader to other stories.
    return () => {
      tokenStore.set(null);
      useSession.getState().reset();
    };
  };
  return (
    <GuestPages
      routes={[{ path: '/authorize/:uid', element: <AuthorizePage /> }]}
      path={`/authorize/${UID}`}
      server={{ 'GET /api/config': CONFIG, ...(signedIn ? SIGNED_IN : {}), ...server }}
      prepare={signIn}
    />
  );
}

const meta = {
  title: 'Portal/Pages/Log in with Tessera',
  parameters: { layout: 'centered' },
  render: () => <AuthorizePages server={{ [`GET ${BASE}`]: request('login') }} />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nobody signed in: the portal's login card, and single sign-on, which comes back to this request. */
export const LogIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/asks you to log in with your Tessera account/)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Log in with single sign-on' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Continue as/ })).not.toBeInTheDocument();
  },
};

/** Signed in to the portal already (with a password, or through single sign-on): continue as that person. */
export const ContinueAsSignedInPerson: Story = {
  render: () => <AuthorizePages signedIn server={{ [`GET ${BASE}`]: request('login'), [`POST ${BASE}/continue`]: goOn }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Continue as Ada Lovelace' })).toBeInTheDocument();
    await expect(canvas.getByText('ada@acme.example', { exact: false })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
  },
};

/** Continuing failed (the request moved on meanwhile): the server's words, and the person can try again. */
export const ContinueRefused: Story = {
  render: () => (
    <AuthorizePages
      signedIn
      server={{
        [`GET ${BASE}`]: request('login'),
        [`POST ${BASE}/continue`]: { status: 409, body: { message: 'This sign-in request is not waiting for this step.', code: 'conflict' } },
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Continue as Ada Lovelace' }));
    await expect(await canvas.findByText('This sign-in request is not waiting for this step.')).toBeInTheDocument();
  },
};

/** A partner's application asks for scopes the person has not allowed it yet. */
export const Consent: Story = {
  render: () => <AuthorizePages server={{ [`GET ${BASE}`]: request('consent') }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Allow Northwind Rota to use your Tessera account?', level: 1 })).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};

/** An unknown or expired request. */
export const UnknownRequest: Story = {
  render: () => (
    <AuthorizePages
      server={{
        [`GET ${BASE}`]: {
          status: 404,
          body: { message: 'This sign-in request could not be found or has expired. Please start again from the application.', code: 'not_found' },
        },
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/could not be found or has expired/)).toBeInTheDocument();
  },
};
