import { ssoMessages } from '@tessera/sdk/rules';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { goToProvider } from './signInCalls';

vi.mock('./signInCalls', async (importOriginal) => ({ ...(await importOriginal<typeof import('./signInCalls')>()), goToProvider: vi.fn() }));

const PROVIDER = 'https://login.acme.example/authorize?client_id=tessera&state=s1';
const NOT_FOUND = { message: ssoMessages.notFoundForEmail, code: 'sso_not_found' };

beforeEach(() => {
  tokenStore.set(null);
  useSession.getState().reset();
  vi.mocked(goToProvider).mockClear();
});

describe('/login', () => {
  it('links to single sign-on, carrying the email as it is typed and the redirect', async () => {
    fakeApi([]);
    renderApp('/login?redirect=%2Fprofile');
    const link = await screen.findByRole('link', { name: 'Log in with single sign-on' });
    expect(link.getAttribute('href')).toBe('/sso?redirect=%2Fprofile');
    fireEvent.input(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'ada@acme.example' } });
    expect(link.getAttribute('href')).toBe('/sso?email=ada%40acme.example&redirect=%2Fprofile');
  });
});

describe('/sso', () => {
  it('goes from the login page to /sso, and an email a connection serves goes to its provider', async () => {
    const api = fakeApi([{ method: 'POST', path: '/api/sso/start', status: 200, body: { data: { url: PROVIDER } } }]);
    const app = renderApp('/login?email=ada%40acme.example');
    fireEvent.click(await screen.findByRole('link', { name: 'Log in with single sign-on' }));
    expect(await screen.findByRole('heading', { name: 'Log in with single sign-on', level: 1 })).toBeTruthy();
    expect(app.location()).toBe('/sso?email=ada%40acme.example');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveProperty('value', 'ada@acme.example');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(PROVIDER));
    expect(api.requests.find((request) => request.path === '/api/sso/start')?.body).toEqual({ email: 'ada@acme.example' });
  });

  it('says under the field when no single sign-on serves the email', async () => {
    fakeApi([{ method: 'POST', path: '/api/sso/start', status: 404, body: NOT_FOUND }]);
    renderApp('/sso');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Email/ }), { target: { value: 'bob@elsewhere.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(ssoMessages.notFoundForEmail)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Email/ }).getAttribute('aria-invalid')).toBe('true');
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('checks the email with the SDK’s rules before asking', async () => {
    const api = fakeApi([]);
    renderApp('/sso');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(ssoMessages.emailOrOrganization)).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('shows what went wrong at the provider, with the form to try again', async () => {
    fakeApi([]);
    renderApp(`/sso?error=${encodeURIComponent('access_denied: The user cancelled the sign-in.')}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Single sign-on failed: access_denied: The user cancelled the sign-in.');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('starts at once for ?organization= (a partner intranet’s link), with the redirect', async () => {
    const api = fakeApi([{ method: 'POST', path: '/api/sso/start', status: 200, body: { data: { url: PROVIDER } } }]);
    renderApp('/sso?organization=acme-training&redirect=%2Facme-training%2Fknowledgechecks');
    expect(await screen.findByRole('progressbar', { name: /Taking you to your organization/ })).toBeTruthy();
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(PROVIDER));
    expect(api.requests.map((request) => request.body)).toEqual([{ organization: 'acme-training', redirect: '/acme-training/knowledgechecks' }]);
    expect(screen.queryByRole('textbox', { name: /^Email/ })).toBeNull();
  });

  it('says so when the organization has no single sign-on, and offers the email form', async () => {
    fakeApi([{ method: 'POST', path: '/api/sso/start', status: 404, body: { message: ssoMessages.notFoundForOrganization, code: 'sso_not_found' } }]);
    renderApp('/sso?organization=globex');
    expect((await screen.findByRole('alert')).textContent).toBe(ssoMessages.notFoundForOrganization);
    expect(screen.getByRole('textbox', { name: /^Email/ })).toBeTruthy();
  });
});
