import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { memoryTokenStore } from '@tessera/sdk';
import { messages } from '@tessera/sdk/rules';
import { createFakeClient, demoUser, type FakeApiOptions } from '../testing/fakeApi.js';
import { TesseraProvider } from '../provider/TesseraProvider.js';
import { LoginWidget, type LoginWidgetProps } from './LoginWidget.js';

function setup(api: FakeApiOptions = {}, props: Partial<LoginWidgetProps> = {}) {
  const { client, api: fake } = createFakeClient(api);
  const onLogin = vi.fn();
  const onLogout = vi.fn();
  render(<LoginWidget client={client} onLogin={onLogin} onLogout={onLogout} {...props} />);
  return { client, fake, onLogin, onLogout };
}

async function logIn(email = 'learner@example.com', password = 'Demo-pass-1') {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

const errorsOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
};

describe('LoginWidget', () => {
  it('shows the card: Email, Password, Log In and the two links', () => {
    setup({}, { initialEmail: 'ada@example.com' });
    expect(screen.getByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveProperty('type', 'password');
    expect(screen.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up for an account' }).getAttribute('href')).toBe('/sign-up');
  });

  it('checks the fields with the shared rules before calling the API', async () => {
    const { fake } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(errorsOf('Email')).toBe(messages.required('email'));
    expect(errorsOf('Password')).toBe(messages.required('password'));
    expect(fake.requests).toHaveLength(0);
  });

  it('rejects a malformed email on blur, and clears the message once it is fixed', async () => {
    setup();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.tab();
    expect(errorsOf('Email')).toBe(messages.email);
    await userEvent.type(screen.getByLabelText('Email'), '@example.com');
    expect(errorsOf('Email')).toBe('');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('logs in, stores the tokens and reports them', async () => {
    const { client, onLogin, fake } = setup();
    await logIn();
    await waitFor(() => expect(onLogin).toHaveBeenCalledOnce());
    expect(onLogin.mock.calls[0][0].tokens).toEqual(client.tokenStore.get());
    const form = new URLSearchParams(await fake.requests[0].text());
    expect(form.get('grant_type')).toBe('password');
    expect(form.get('email')).toBe('learner@example.com');
  });

  it('shows per-field server errors under the fields (422)', async () => {
    setup({ login: 'field-errors' });
    await logIn();
    await waitFor(() => expect(errorsOf('Email')).toBe('The selected email is invalid.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['wrong-credentials', 'The email and/or password are incorrect.'],
    ['suspended', 'Your account has been suspended.'],
    ['rate-limited', 'Too many attempts. Please wait and try again.'],
    ['server-error', 'Something went wrong.'],
  ] as const)('shows the general error for %s', async (scenario, text) => {
    const { onLogin } = setup({ login: scenario });
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(onLogin).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Log In' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('keeps the button pending (and labelled) while the answer is on its way', async () => {
    let answer = () => {};
    setup({ gate: new Promise<void>((resolve) => (answer = resolve)) });
    await logIn();
    const button = screen.getByRole('button', { name: 'Log In' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    answer();
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
  });

  it('shows who is logged in and logs out with showLoggedInState', async () => {
    const { client, fake, onLogin, onLogout } = setup({}, { showLoggedInState: true });
    await logIn();
    expect(await screen.findByText(demoUser.name)).toBeTruthy();
    expect(onLogin.mock.calls[0][0].user).toEqual(demoUser);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(onLogout).toHaveBeenCalledOnce());
    expect(client.tokenStore.get()).toBeNull();
    expect(fake.liveTokens.size).toBe(0);
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('shows a suspended membership of the named organization', async () => {
    const suspended = { ...demoUser, memberships: [{ ...demoUser.memberships[0], is_active: false }] };
    setup({ user: suspended }, { showLoggedInState: true, organization: 'acme-training' });
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Your membership with this organization has been suspended.');
  });

  it('adopts tokens a host hands in and reports the login with the user', async () => {
    const { client, onLogin } = setup({}, { showLoggedInState: true, hostTokens: { accessToken: 'host-a', refreshToken: 'host-r' } });
    expect(await screen.findByText(demoUser.name)).toBeTruthy();
    expect(client.tokenStore.get()).toEqual({ accessToken: 'host-a', refreshToken: 'host-r' });
    expect(onLogin).toHaveBeenCalledWith({ tokens: { accessToken: 'host-a', refreshToken: 'host-r' }, user: demoUser });
  });

  it('follows a login made elsewhere on the page (shared token store)', async () => {
    const tokenStore = memoryTokenStore();
    const { client } = createFakeClient({ tokenStore });
    render(
      <TesseraProvider client={client}>
        <LoginWidget showLoggedInState />
      </TesseraProvider>,
    );
    await client.login('learner@example.com', 'Demo-pass-1');
    expect(await screen.findByText(demoUser.name)).toBeTruthy();
  });

  it('lets the host render its own links', () => {
    setup({}, { renderLink: (href, children) => <a href={`#${href}`}>{children}</a>, signUpHref: '/join' });
    expect(screen.getByRole('link', { name: 'Sign up for an account' }).getAttribute('href')).toBe('#/join');
  });
});
