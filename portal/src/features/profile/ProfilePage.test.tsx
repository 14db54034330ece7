import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { aUser, CONFIG, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { profileChanges, profileValues } from './profileCalls';

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const signedIn = (user = aUser()) => [
  { method: 'GET', path: '/api/users/me', status: 200, body: { data: user } },
  { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
];

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('profileChanges', () => {
  const user = aUser();

  it('sends the name, and nothing else that did not change', () => {
    expect(profileChanges(user, { ...profileValues(user), name: 'Lena L' })).toEqual({ name: 'Lena L' });
  });

  it('sends the email only when changed and the password only when typed', () => {
    const values = {
      name: user.name,
      email: 'new@example.com',
      password: 'Newer-pass-2',
      password_confirmation: 'Newer-pass-2',
      current_password: 'Demo-pass-1',
    };
    expect(profileChanges(user, values)).toEqual({
      name: user.name,
      email: 'new@example.com',
      password: 'Newer-pass-2',
      password_confirmation: 'Newer-pass-2',
      current_password: 'Demo-pass-1',
    });
  });
});

describe('Your Profile', () => {
  it('updates the name, shows Profile Updated! and keeps the new values', async () => {
    const updated = aUser({ name: 'Lena King' });
    const api = fakeApi([...signedIn(), { method: 'PATCH', path: '/api/users/me', status: 200, body: { data: updated } }]);
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Your Profile' });
    expect(screen.getByLabelText('User ID')).toHaveProperty('value', aUser().id);
    type('Full Name', 'Lena King');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await screen.findByText('Profile Updated!');
    expect(api.requests.at(-1)).toMatchObject({ method: 'PATCH', body: { name: 'Lena King' } });
    expect(screen.getByLabelText('Full Name')).toHaveProperty('value', 'Lena King');
    expect(useSession.getState().user?.name).toBe('Lena King');
    type('Full Name', 'Lena Kin');
    expect(screen.queryByText('Profile Updated!')).toBeNull();
  });

  it("sends the current password with an email change and shows the server's answer under it", async () => {
    const api = fakeApi([
      ...signedIn(),
      {
        method: 'PATCH',
        path: '/api/users/me',
        status: 422,
        body: { message: 'The given data was invalid.', code: 'validation_failed', errors: { current_password: ['The current password is incorrect.'] } },
      },
    ]);
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Your Profile' });
    type('Email address', 'moved@example.com');
    type('Current Password', 'Not-my-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('The current password is incorrect.');
    expect(api.requests.at(-1)).toMatchObject({ method: 'PATCH', body: { email: 'moved@example.com', current_password: 'Not-my-pass-1' } });
    expect(screen.getByLabelText('Current Password').getAttribute('aria-describedby')).toBeTruthy();
  });

  it('asks for the confirmation once a password is typed', async () => {
    const api = fakeApi(signedIn());
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Your Profile' });
    type(/^Password/, 'Newer-pass-2');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('The password confirmation field is required.');
    expect(api.requests.filter((request) => request.method === 'PATCH')).toEqual([]);
  });

  it('shows the unconfirmed-email banner, resends the link and checks it off', async () => {
    const api = fakeApi([
      ...signedIn(aUser({ is_confirmed: false })),
      { method: 'POST', path: '/api/users/me/notifications/confirm-email', status: 202, body: { data: { message: 'Sent' } } },
    ]);
    renderApp('/profile');
    await screen.findByText('Your email needs confirmation');
    expect(screen.getByText(/check your email, including your spam folder/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend Email' }));
    await screen.findByText('Email sent');
    expect(api.requests.at(-1)?.path).toBe('/api/users/me/notifications/confirm-email');
  });

  it('Cancel goes home', async () => {
    fakeApi(signedIn());
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Your Profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('heading', { name: 'Home' });
  });
});
