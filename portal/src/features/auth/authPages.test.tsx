import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@tessera/sdk/rules';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client';
import { TOO_MANY_REQUESTS } from '../../api/outcome';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

vi.mock('altcha', () => ({}));

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** What the ALTCHA widget reports once its proof of work is done. */
function solveCaptcha(payload = 'solved-payload') {
  const widget = document.querySelector('altcha-widget') as HTMLElement;
  fireEvent(widget, new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
}

beforeEach(() => {
  tokenStore.set(null);
  useSession.getState().reset();
});

describe('sign up', () => {
  async function fillSignUp() {
    renderApp('/sign-up');
    await screen.findByRole('heading', { name: 'Sign Up' });
    type('Email', 'ada@example.com');
    type('Full Name', 'Ada Lovelace');
    type(/^Password/, 'Demo-pass-1');
    type('Confirm Password', 'Demo-pass-1');
  }

  it('keeps Sign Up disabled until the captcha is verified, then sends its payload as recaptcha_token', async () => {
    const api = fakeApi([{ method: 'POST', path: '/api/sign-up', status: 201, body: { data: aUser({ email: 'ada@example.com' }) } }]);
    await fillSignUp();
    const button = screen.getByRole('button', { name: 'Sign Up' });
    expect(button).toHaveProperty('disabled', true);
    solveCaptcha();
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);

    await screen.findByText('Welcome to Tessera, Ada Lovelace!');
    expect(screen.getByText(/confirmation email/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to your account' }).getAttribute('href')).toBe('/login?email=ada%40example.com');
    expect(api.requests[0].body).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      password: 'Demo-pass-1',
      recaptcha_token: 'solved-payload',
    });
  });

  it('checks the fields with the shared rules before sending', async () => {
    const api = fakeApi([]);
    await fillSignUp();
    type('Confirm Password', 'Other-pass-1');
    solveCaptcha();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByText(messages.passwordConfirmation);
    expect(api.requests).toEqual([]);
  });

  it('shows 422 messages under their fields and asks for a fresh captcha', async () => {
    fakeApi([
      {
        method: 'POST',
        path: '/api/sign-up',
        status: 422,
        body: { message: 'Invalid', code: 'validation_failed', errors: { email: ['The email has already been taken.'] } },
      },
    ]);
    await fillSignUp();
    solveCaptcha();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByText('The email has already been taken.');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toHaveProperty('disabled', true);
  });

  it('explains a 429', async () => {
    fakeApi([{ method: 'POST', path: '/api/sign-up', status: 429, body: { message: 'Too Many Requests', code: 'rate_limited' } }]);
    await fillSignUp();
    solveCaptcha();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByText(TOO_MANY_REQUESTS);
  });
});

describe('password reset', () => {
  it('sends the forgotten-password email to the address from the query', async () => {
    const api = fakeApi([{ method: 'POST', path: '/api/forgot-password', status: 202, body: { data: { message: 'Sent' } } }]);
    renderApp('/forgot-password?email=ada%40example.com');
    expect(await screen.findByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByText("We've sent you an email with instructions to reset your password.");
    expect(api.requests[0].body).toEqual({ email: 'ada@example.com' });
  });

  it('resets the password with the token of the route and the email of the query', async () => {
    const api = fakeApi([{ method: 'POST', path: '/api/reset-password', status: 200, body: { data: { message: 'Reset' } } }]);
    renderApp('/reset-password/tok-123?email=ada%40example.com');
    await screen.findByRole('heading', { name: 'Reset Password' });
    type(/^Password/, 'Newer-pass-2');
    type('Confirm Password', 'Newer-pass-2');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByText('Your password has been reset.');
    expect(api.requests[0].body).toEqual({ email: 'ada@example.com', password: 'Newer-pass-2', token: 'tok-123' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?email=ada%40example.com');
  });

  it('lets the person type the email when the link lacks it, and shows its 422 under the field', async () => {
    const unknown = "We can't find a user with that email address.";
    const api = fakeApi([
      {
        method: 'POST',
        path: '/api/reset-password',
        status: 422,
        body: { message: 'Invalid', code: 'validation_failed', errors: { email: [unknown] } },
        once: true,
      },
      { method: 'POST', path: '/api/reset-password', status: 200, body: { data: { message: 'Reset' } } },
    ]);
    renderApp('/reset-password/tok-123');
    await screen.findByRole('heading', { name: 'Reset Password' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email.hasAttribute('readonly')).toBe(false);
    type(/^Password/, 'Newer-pass-2');
    type('Confirm Password', 'Newer-pass-2');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    // Required first, under the field, without a call.
    expect(await screen.findByText(messages.required('email'))).toBeTruthy();
    expect(api.requests).toHaveLength(0);

    type('Email', 'ada@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    const error = await screen.findByText(unknown);
    expect(email.getAttribute('aria-describedby')?.split(' ')).toContain(error.closest('[id]')?.id);
    expect(screen.queryByRole('alert')).toBeNull();
    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByText('Your password has been reset.');
    expect(api.requests.at(-1)?.body).toEqual({ email: 'ada@example.com', password: 'Newer-pass-2', token: 'tok-123' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?email=ada%40example.com');
  });

  it('shows a spent token in the form-failure alert', async () => {
    fakeApi([
      {
        method: 'POST',
        path: '/api/reset-password',
        status: 422,
        body: { message: 'Invalid', code: 'validation_failed', errors: { token: ['This password reset link is invalid or has expired.'] } },
      },
    ]);
    renderApp('/reset-password/tok-123?email=ada%40example.com');
    await screen.findByRole('heading', { name: 'Reset Password' });
    type(/^Password/, 'Newer-pass-2');
    type('Confirm Password', 'Newer-pass-2');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This password reset link is invalid or has expired.');
  });
});

describe('finish registration and email confirmation', () => {
  it('lets an invited person type the email when the link lacks it; its 422 shows under the field', async () => {
    const wrong = 'This invitation was sent to another address.';
    const api = fakeApi([
      { method: 'POST', path: '/api/finish-registration', status: 422, body: { message: 'Invalid', code: 'validation_failed', errors: { email: [wrong] } } },
    ]);
    renderApp('/finish-registration/inv-1');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(email.hasAttribute('readonly')).toBe(false);
    type('Email', 'new@example.com');
    type('Full Name', 'New Person');
    type(/^Password/, 'Demo-pass-1');
    type('Confirm Password', 'Demo-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const error = await screen.findByText(wrong);
    expect(email.getAttribute('aria-describedby')?.split(' ')).toContain(error.closest('[id]')?.id);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.requests[0].body).toMatchObject({ email: 'new@example.com', token: 'inv-1', name: 'New Person' });
  });

  it('completes an invited account', async () => {
    const api = fakeApi([{ method: 'POST', path: '/api/finish-registration', status: 200, body: { data: { message: 'Done' } } }]);
    renderApp('/finish-registration/inv-1?email=new%40example.com');
    expect(await screen.findByLabelText('Email')).toHaveProperty('value', 'new@example.com');
    type('Full Name', 'New Person');
    type(/^Password/, 'Demo-pass-1');
    type('Confirm Password', 'Demo-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText("You've completed the registration process!");
    expect(api.requests[0].body).toEqual({
      email: 'new@example.com',
      token: 'inv-1',
      name: 'New Person',
      password: 'Demo-pass-1',
      password_confirmation: 'Demo-pass-1',
    });
  });

  it('confirms an email once and thanks the person', async () => {
    const api = fakeApi([{ method: 'POST', path: '/api/confirm-email', status: 200, body: { data: { message: 'Confirmed' } } }]);
    renderApp('/confirm-email/conf-1?email=ada%40example.com');
    await screen.findByText('Thank you for confirming your email.');
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0].body).toEqual({ token: 'conf-1', email: 'ada@example.com' });
  });

  it('shows the server errors for email or other when the confirmation fails', async () => {
    fakeApi([
      {
        method: 'POST',
        path: '/api/confirm-email',
        status: 422,
        body: { message: 'Invalid', code: 'validation_failed', errors: { email: ['The email does not match.'], token: ['Expired.'] } },
      },
    ]);
    renderApp('/confirm-email/conf-1?email=ada%40example.com');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The email does not match.');
    expect(alert.textContent).toContain('Expired.');
  });
});

describe('/mlogin', () => {
  it('adopts tokens from the fragment, keeps them out of the address, and follows the redirect', async () => {
    window.history.replaceState(null, '', '/mlogin#access_token=host-a&refresh_token=host-r&redirect=%2Fprofile');
    const api = fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser() } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    ]);
    const app = renderApp('/mlogin');
    await screen.findByRole('heading', { name: 'Your Profile' });
    expect(app.location()).toBe('/profile');
    expect(window.location.hash).toBe('');
    expect(api.requests[0].authorization).toBe('Bearer host-a');
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });

  it('shows the API error when handed tokens do not work, with the login form and no top bar', async () => {
    window.history.replaceState(null, '', '/mlogin#access_token=bad&refresh_token=bad');
    fakeApi([
      { method: 'GET', path: '/api/users/me', status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } },
      { method: 'POST', path: '/api/token', status: 400, body: { message: 'invalid_grant', code: 'invalid_grant' } },
    ]);
    renderApp('/mlogin');
    expect((await screen.findByRole('alert')).textContent).toBe('Unauthenticated.');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(tokenStore.get()).toBeNull();
  });
});

describe('/accept-invitation/:token', () => {
  const loggedIn = () => tokenStore.set(TOKENS);

  it('accepts only when the person presses the button, then links to the organization', async () => {
    loggedIn();
    const membership = aMembership({ tenant: aTenant('Invite Only', { slug: 'invite-only' }) });
    const api = fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser() }, once: true },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      { method: 'POST', path: '/api/accept-invitation', status: 200, body: { data: membership } },
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser({ memberships: [membership] }) } },
    ]);
    renderApp('/accept-invitation/inv-1');
    await screen.findByRole('heading', { name: 'Accept Invitation' });
    expect(api.requests.some((request) => request.path === '/api/accept-invitation')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));

    await screen.findByText('You are now a member of Invite Only.');
    expect(screen.getByRole('link', { name: 'Go to Invite Only' }).getAttribute('href')).toBe('/invite-only');
    expect(api.requests.find((request) => request.path === '/api/accept-invitation')?.body).toEqual({ token: 'inv-1' });
  });

  it("shows the server's message when the link is refused", async () => {
    loggedIn();
    fakeApi([
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: aUser() } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      {
        method: 'POST',
        path: '/api/accept-invitation',
        status: 422,
        body: { message: 'invalid', code: 'validation_failed', errors: { token: ['This invitation link is invalid or has expired.'] } },
      },
    ]);
    renderApp('/accept-invitation/spent');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This invitation link is invalid or has expired.');
  });
});
