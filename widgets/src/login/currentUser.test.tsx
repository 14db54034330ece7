import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeClient, demoUser } from '../testing/fakeApi.js';
import { LoginWidget } from './LoginWidget.js';

describe('the current user after a login', () => {
  it('is asked for once (GET /users/me), though the login and the logged-in state both need it', async () => {
    const { client, api } = createFakeClient({});
    render(<LoginWidget client={client} showLoggedInState />);
    await userEvent.type(screen.getByLabelText('Email'), 'learner@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Demo-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(demoUser.name)).toBeTruthy();
    const asked = api.requests.filter((request) => new URL(request.url).pathname.endsWith('/users/me'));
    expect(asked).toHaveLength(1);
  });
});
