import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { CONFIG, TOKENS, aUser, sessionRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const UID = 'uid-123';
const BASE = `/api/interactions/${UID}`;
const RESUME = `http://localhost:3000/api/authorize/${UID}`;

function interaction(prompt: 'login' | 'consent') {
  return { data: { uid: UID, prompt, client: { id: 'app-1', name: 'Partner app', first_party: false }, scopes: ['openid', 'profile', 'email'] } };
}

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  tokenStore.set(null);
  useSession.getState().reset();
  assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as unknown as Location);
});

describe('an application’s authorization request (/authorize/:uid)', () => {
  it('logs in with the portal’s login card: the same messages, then goes on to the provider', async () => {
    const api = fakeApi([
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      { method: 'GET', path: BASE, status: 200, body: interaction('login') },
      {
        method: 'POST',
        path: `${BASE}/login`,
        status: 401,
        body: { code: 'invalid_credentials', message: 'The email and/or password are incorrect.' },
        once: true,
      },
      { method: 'POST', path: `${BASE}/login`, status: 200, body: { redirect_to: RESUME } },
    ]);
    renderApp(`/authorize/${UID}`);
    expect(await screen.findByText(/asks you to log in with your Tessera account/)).toBeTruthy();
    // Single sign-on comes back to this request (signed in to the portal, the person then continues as themselves).
    expect(screen.getByRole('link', { name: 'Log in with single sign-on' }).getAttribute('href')).toBe(
      `/sso?redirect=${encodeURIComponent(`/authorize/${UID}`)}`,
    );
    // Nobody is signed in to the portal here: no "Continue as".
    expect(screen.queryByRole('button', { name: /^Continue as/ })).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'Robin@Example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Wrong-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('The email and/or password are incorrect.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Right-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(RESUME));
    const logins = api.requests.filter((request) => request.path === `${BASE}/login`);
    expect(logins.at(-1)?.body).toEqual({ email: 'Robin@Example.com', password: 'Right-pass-1' });
    // No token is sent or stored: the interaction holds the login.
    expect(logins.every((request) => request.authorization === null)).toBe(true);
    expect(tokenStore.get()).toBeNull();
  });

  it('lets the person signed in to the portal continue as themselves, with the portal’s login, and says why when it cannot', async () => {
    tokenStore.set(TOKENS);
    const api = fakeApi([
      ...sessionRoutes(aUser({ name: 'Sam Signedin', email: 'sam@example.com' })),
      { method: 'GET', path: BASE, status: 200, body: interaction('login') },
      {
        method: 'POST',
        path: `${BASE}/continue`,
        status: 409,
        body: { code: 'conflict', message: 'This sign-in request is not waiting for this step.' },
        once: true,
      },
      { method: 'POST', path: `${BASE}/continue`, status: 200, body: { redirect_to: RESUME } },
    ]);
    renderApp(`/authorize/${UID}`);
    expect(await screen.findByText('sam@example.com', { exact: false })).toBeTruthy();
    // Another account can still log in below.
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue as Sam Signedin' }));
    expect(await screen.findByText('This sign-in request is not waiting for this step.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Continue as Sam Signedin' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(RESUME));
    const continued = api.requests.filter((request) => request.path === `${BASE}/continue`);
    expect(continued.map((request) => request.authorization)).toEqual([`Bearer ${TOKENS.accessToken}`, `Bearer ${TOKENS.accessToken}`]);
  });

  it('asks a third party’s consent, listing the scopes; Allow and Deny go on', async () => {
    const api = fakeApi([
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      { method: 'GET', path: BASE, status: 200, body: interaction('consent') },
      { method: 'POST', path: `${BASE}/consent`, status: 200, body: { redirect_to: RESUME } },
      { method: 'POST', path: `${BASE}/abort`, status: 200, body: { redirect_to: `${RESUME}?denied` } },
    ]);
    renderApp(`/authorize/${UID}`);
    expect(await screen.findByRole('heading', { name: 'Allow Partner app to use your Tessera account?', level: 1 })).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Know who you are: your Tessera account', 'Your name', 'Your email address, and whether it is confirmed']);
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${RESUME}?denied`));
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(RESUME));
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`${BASE}/abort`, `${BASE}/consent`]);
  });

  it('says so when the request is unknown or expired', async () => {
    fakeApi([
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      { method: 'GET', path: BASE, status: 404, body: { code: 'not_found', message: 'This sign-in request could not be found or has expired.' } },
    ]);
    renderApp(`/authorize/${UID}`);
    expect(await screen.findByText('This sign-in request could not be found or has expired.')).toBeTruthy();
  });
});
