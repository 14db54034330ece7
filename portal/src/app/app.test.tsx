import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../api/client';
import { useHistoryStore } from '../state/history';
import { useSession } from '../state/session';
import { fakeApi } from '../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG, TOKENS } from '../test/fixtures';
import { renderApp } from '../test/renderApp';

vi.mock('altcha', () => ({}));

const signedIn = (user = aUser()) => [
  { method: 'GET', path: '/api/users/me', status: 200, body: { data: user } },
  { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
];

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  tokenStore.set(null);
  useSession.getState().reset();
  useHistoryStore.getState().forget();
});

describe('guards and login', () => {
  it('sends a guest to /login, then back to the page after logging in', async () => {
    const api = fakeApi([
      { method: 'POST', path: '/api/token', status: 200, body: { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 3600 } },
      ...signedIn(),
    ]);
    const app = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Log In' });
    expect(app.location()).toBe('/login?redirect=%2Fprofile');
    expect(document.title).toBe('Log In | Tessera');

    type('Email', 'learner@example.com');
    type(/^Password/, 'Demo-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    await screen.findByRole('heading', { name: 'Your Profile' });
    expect(app.location()).toBe('/profile');
    expect(screen.getByLabelText('Email address')).toHaveProperty('value', 'learner@example.com');
    expect(tokenStore.get()).toEqual({ accessToken: 'a', refreshToken: 'r' });
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/token', 'GET /api/users/me', 'GET /api/config']);
  });

  it('prefills the login email from the query', async () => {
    renderApp('/login?email=ada%40example.com');
    expect(await screen.findByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
  });

  it('sends an authenticated visitor of a guest-only page home', async () => {
    tokenStore.set(TOKENS);
    fakeApi(signedIn());
    const app = renderApp('/sign-up');
    await screen.findByRole('heading', { name: 'Home' });
    expect(app.location()).toBe('/');
  });
});

describe('global error routing', () => {
  it('shows the whoops page when the current user cannot be loaded', async () => {
    tokenStore.set(TOKENS);
    fakeApi([{ method: 'GET', path: '/api/users/me', status: 500, body: { message: 'Server error', code: 'server_error' } }]);
    const app = renderApp('/');
    await screen.findByRole('heading', { name: '500 - Something went wrong' });
    expect(app.location()).toBe('/whoops');
  });

  it('answers unknown paths with the not-found page, whose button goes home', async () => {
    const app = renderApp('/this/does/not/exist');
    await screen.findByRole('heading', { name: '404 - Not Found' });
    fireEvent.click(screen.getByRole('button', { name: 'GO TO HOME PAGE' }));
    await screen.findByRole('heading', { name: 'Log In' });
    expect(app.location()).toBe('/login');
  });

  it('sends a person whose session cannot be refreshed to /login when a screen call answers 401', async () => {
    tokenStore.set(TOKENS);
    fakeApi([
      ...signedIn(aUser({ is_confirmed: false })),
      { method: 'POST', path: '/api/users/me/notifications/confirm-email', status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } },
      { method: 'POST', path: '/api/token', status: 400, body: { message: 'invalid_grant', code: 'invalid_grant' } },
    ]);
    const app = renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend Email' }));
    await screen.findByRole('heading', { name: 'Log In' });
    expect(app.location()).toBe('/login?redirect=%2Fprofile');
    expect(tokenStore.get()).toBeNull();
  });
});

describe('home and the shell', () => {
  it("lists the person's organizations with role and suspended badges", async () => {
    tokenStore.set(TOKENS);
    const memberships = [
      aMembership({ id: 'm1', role: 'master', tenant: aTenant('Zeta Corp'), groups_count: 2, modules_count: 3, created_at: '2026-03-01T15:04:00Z' }),
      aMembership({ id: 'm2', role: 'user', is_active: false, tenant: aTenant('Acme Training'), created_at: '2026-02-01T09:00:00Z' }),
    ];
    fakeApi(signedIn(aUser({ memberships })));
    renderApp('/');
    const list = await screen.findByRole('list', { name: 'Your organizations' });
    const rows = [...list.querySelectorAll('li')].map((row) => row.textContent);
    expect(rows[0]).toMatch(/^Acme Training.*User.*Suspended.*Joined Feb 01 26/);
    expect(rows[1]).toMatch(/^Zeta Corp.*Master.*3 modules.*2 groups/);
    expect(rows[1]).not.toMatch(/Suspended/);
    expect(screen.queryByText('Your email needs confirmation')).toBeNull();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('shows the confirmation notice on every page but the profile', async () => {
    tokenStore.set(TOKENS);
    fakeApi(signedIn(aUser({ is_confirmed: false, memberships: [] })));
    const app = renderApp('/');
    const notice = await screen.findByRole('link', { name: 'Your email needs confirmation' });
    expect(screen.getByText(/not a member of any organization/)).toBeTruthy();
    fireEvent.click(notice);
    await screen.findByRole('heading', { name: 'Your Profile' });
    expect(app.location()).toBe('/profile');
    expect(screen.queryByRole('link', { name: 'Your email needs confirmation' })).toBeNull();
  });
});

describe('about', () => {
  it('shows the web version and the API version', async () => {
    fakeApi([{ method: 'GET', path: '/api/version', status: 200, body: { data: { version: '2.0.1' } } }]);
    renderApp('/about');
    await screen.findByText('2.0.1');
    expect(screen.getByText('1.3.5')).toBeTruthy();
  });
});

describe('skip link', () => {
  it.each([
    ['an authenticated page', '/profile', true],
    ['a public page', '/forgot-password', false],
  ])('is the first stop of the keyboard on %s and moves focus to the main landmark', async (_name, path, signedInVisitor) => {
    if (signedInVisitor) {
      tokenStore.set(TOKENS);
      fakeApi(signedIn());
    }
    renderApp(path);
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    const focusable = document.querySelectorAll('a[href], button, input, select, textarea, [tabindex="0"]');
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
