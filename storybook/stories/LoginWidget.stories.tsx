import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { LoginWidget } from '@tessera/widgets';
import { demoUser } from '@tessera/widgets/testing';
import { FakeTesseraProvider, type FakeApiParameters } from './fakeClient';

/**
 * The login widget of the portal's /login and /mlogin and of `<tessera-login>`, in each state.
 * Every story talks to an in-memory fake of the API; the play functions type and press Log In.
 */
const meta = {
  title: 'Widgets/LoginWidget',
  component: LoginWidget,
  args: { initialEmail: '', showLoggedInState: true },
  argTypes: { client: { control: false }, renderLink: { control: false } },
  decorators: [
    (Story, context) => (
      <FakeTesseraProvider api={(context.parameters.api ?? {}) as FakeApiParameters}>
        <div style={{ width: 400 }}>
          <Story />
        </div>
      </FakeTesseraProvider>
    ),
  ],
} satisfies Meta<typeof LoginWidget>;

export default meta;
type Story = StoryObj<typeof meta>;

async function submit(canvasElement: HTMLElement, email: string, password: string) {
  const canvas = within(canvasElement);
  if (email) await userEvent.type(canvas.getByLabelText('Email'), email);
  if (password) await userEvent.type(canvas.getByLabelText('Password'), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Log In' }));
  return canvas;
}

export const Idle: Story = {};

export const PrefilledEmail: Story = { args: { initialEmail: 'learner@example.com' } };

/** Checked in the browser with the SDK's shared rules, before any call. */
export const FieldErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement, 'not-an-email', '');
    await expect(await canvas.findByText('The email must be a valid email address.')).toBeInTheDocument();
    await expect(canvas.getByText('The password field is required.')).toBeInTheDocument();
  },
};

/** A 422 from the server: its messages show under the fields they name. */
export const ServerFieldErrors: Story = {
  parameters: { api: { login: 'field-errors' } },
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement, 'ghost@example.com', 'Demo-pass-1');
    await expect(await canvas.findByText('The selected email is invalid.')).toBeInTheDocument();
  },
};

export const WrongCredentials: Story = {
  parameters: { api: { login: 'wrong-credentials' } },
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement, 'learner@example.com', 'Wrong-pass-1');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The email and/or password are incorrect.');
  },
};

export const Suspended: Story = {
  parameters: { api: { login: 'suspended' } },
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement, 'suspended@example.com', 'Demo-pass-1');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Your account has been suspended.');
  },
};

export const RateLimited: Story = {
  parameters: { api: { login: 'rate-limited' } },
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement, 'learner@example.com', 'Demo-pass-1');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait and try again.');
  },
};

export const ServerFailure: Story = {
  parameters: { api: { login: 'server-error' } },
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement, 'learner@example.com', 'Demo-pass-1');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong.');
  },
};

/** The answer takes a while: the button spins and ignores further presses. */
export const Pending: Story = {
  parameters: { api: { delayMs: 60_000 } },
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement, 'learner@example.com', 'Demo-pass-1');
    await expect(canvas.getByRole('button', { name: 'Log In' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const LoggedIn: Story = {
  args: { organization: 'acme-training' },
  parameters: { api: { tokens: { accessToken: 'host-story', refreshToken: 'host-story-refresh' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(demoUser.name)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  },
};

export const LoggedInWithSuspendedMembership: Story = {
  args: { organization: 'acme-training' },
  parameters: {
    api: {
      tokens: { accessToken: 'host-story', refreshToken: 'host-story-refresh' },
      user: { ...demoUser, memberships: demoUser.memberships.map((m) => ({ ...m, is_active: false })) },
    },
  },
};

/** From idle to logged in through the form. */
export const LogsIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement, 'learner@example.com', 'Demo-pass-1');
    await expect(await canvas.findByText(demoUser.name)).toBeInTheDocument();
  },
};
