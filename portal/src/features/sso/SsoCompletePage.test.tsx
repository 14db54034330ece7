import { SSO_LOGIN_TOKEN_TYPE } from '@tessera/sdk';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { aMembership, aTenant, aUser, CONFIG } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const ACME = aTenant('Acme Training');
const MEMBER = aUser({ name: 'New Person', email: 'new.person@acme.example', memberships: [aMembership({ tenant: ACME })] });
const TOKEN_ANSWER = { access_token: 'sso-access', refresh_token: 'sso-refresh', token_type: 'Bearer', expires_in: 3600 };
const emptyPage = { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0, order: 'position', desc: false, search: null } };

/** The token endpoint's form body, as the fake API recorded it (form-encoded text). */
const formOf = (body: unknown) => Object.fromEntries(new URLSearchParams(String(body)));

beforeEach(() => {
  tokenStore.set(null);
  useSession.getState().reset();
});

describe('/sso/complete', () => {
  it('exchanges the login code as a password login would store its tokens, and opens the organization’s page', async () => {
    const api = fakeApi([
      { method: 'POST', path: '/api/token', status: 200, body: TOKEN_ANSWER },
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: MEMBER } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
      { method: 'GET', path: `/api/tenants/${ACME.slug}/modules`, status: 200, body: emptyPage },
    ]);
    const app = renderApp('/sso/complete#login=code-1&organization=acme-training');
    await waitFor(() => expect(app.location()).toBe('/acme-training/modules'));
    expect(formOf(api.requests[0].body)).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: 'code-1',
      subject_token_type: SSO_LOGIN_TOKEN_TYPE,
      client_id: 'tessera-web',
    });
    expect(tokenStore.get()).toEqual({ accessToken: 'sso-access', refreshToken: 'sso-refresh' });
    expect(api.requests.find((request) => request.path === '/api/users/me')?.authorization).toBe('Bearer sso-access');
    expect(app.router.state.location.hash).toBe('');
    expect(api.requests.filter((request) => request.path === '/api/token')).toHaveLength(1);
  });

  it('follows the redirect the sign-in started with', async () => {
    fakeApi([
      { method: 'POST', path: '/api/token', status: 200, body: TOKEN_ANSWER },
      { method: 'GET', path: '/api/users/me', status: 200, body: { data: MEMBER } },
      { method: 'GET', path: '/api/config', status: 200, body: { data: CONFIG } },
    ]);
    const app = renderApp('/sso/complete#login=code-1&organization=acme-training&redirect=%2Fprofile');
    expect(await screen.findByRole('heading', { name: 'Your Profile' })).toBeTruthy();
    expect(app.location()).toBe('/profile');
  });

  it('shows a spent or expired code as a clear failure, with the ways back', async () => {
    fakeApi([
      {
        method: 'POST',
        path: '/api/token',
        status: 400,
        body: { message: 'This sign-in expired or was already used. Please start again.', code: 'invalid_grant', error: 'invalid_grant' },
      },
    ]);
    renderApp('/sso/complete#login=spent');
    expect((await screen.findByRole('alert')).textContent).toBe('Single sign-on failed: This sign-in expired or was already used. Please start again.');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/sso');
    expect(tokenStore.get()).toBeNull();
  });

  it('says the link is incomplete without a code, and asks nothing', async () => {
    const api = fakeApi([]);
    renderApp('/sso/complete');
    expect((await screen.findByRole('alert')).textContent).toBe('Single sign-on failed: The sign-in link is incomplete.');
    expect(api.requests).toEqual([]);
  });
});
