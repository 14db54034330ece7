/**
 * The login widget's popup (code + PKCE in a window of Tessera's origin) with a fake window and postMessage: the
 * element on a page of another origin, the callback's message checked for origin, source and state.
 */
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, demoUser, type FakeApi } from '../testing/index.js';
import type { TesseraSessionEventDetail } from '../events.js';
import '../elements.js';

const API_BASE = 'https://tessera.test/api';
let api: FakeApi;
let popup: { closed: boolean; location: { href: string }; close: () => void } | null;
let opened: Parameters<typeof window.open>[];

function mount(attributes: Record<string, string> = {}) {
  const element = document.createElement('tessera-login');
  for (const [name, value] of Object.entries({ 'api-base': API_BASE, ...attributes })) element.setAttribute(name, value);
  document.body.append(element);
  return within(element.shadowRoot as unknown as HTMLElement);
}

/** What Tessera's callback page posts to the opener. */
function post(data: unknown, origin = 'https://tessera.test', source: unknown = popup) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

/** The authorize URL the popup was sent to, once it was. */
async function authorizeUrl(): Promise<URL> {
  await waitFor(() => expect(popup?.location.href).toMatch(/^https:\/\/tessera\.test\/api\/authorize\?/));
  return new URL(popup!.location.href);
}

beforeEach(() => {
  api = createFakeApi();
  vi.stubGlobal('fetch', api.fetch);
  opened = [];
  popup = { closed: false, location: { href: 'about:blank' }, close: () => void (popup!.closed = true) };
  vi.spyOn(window, 'open').mockImplementation((...args) => {
    opened.push(args);
    return popup as unknown as Window;
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('tessera.widgets.sessions.v1')];
});

describe('<tessera-login> on a page of another origin', () => {
  it('offers "Log in with Tessera" (no password field), the popup being the default', async () => {
    const view = mount();
    expect(await view.findByRole('button', { name: 'Log in with Tessera' })).toBeTruthy();
    expect(view.queryByLabelText('Password')).toBeNull();
  });

  it('opens the authorization endpoint with code + PKCE S256, and exchanges the code its popup posts', async () => {
    const sessions: TesseraSessionEventDetail[] = [];
    document.addEventListener('tessera-session', (event) => sessions.push(event.detail));
    const view = mount();
    await userEvent.click(await view.findByRole('button', { name: 'Log in with Tessera' }));
    expect(opened).toHaveLength(1);
    const url = await authorizeUrl();
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: 'tessera-web',
      redirect_uri: 'https://tessera.test/oauth/popup-callback',
      scope: 'openid',
      code_challenge_method: 'S256',
    });
    expect(query.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [, origin] = query.state.split('.');
    expect(JSON.parse(atob(origin.replace(/-/g, '+').replace(/_/g, '/')))).toEqual({ origin: location.origin });

    post({ type: 'tessera-authorization', code: 'code-1', state: query.state });
    expect(await view.findByText(demoUser.name)).toBeTruthy();
    const exchange = api.requests.find((request) => request.url.endsWith('/token')) as Request;
    const form = Object.fromEntries(new URLSearchParams(await exchange.text()));
    expect(form).toMatchObject({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: 'https://tessera.test/oauth/popup-callback',
      client_id: 'tessera-web',
    });
    // The verifier is the one whose S256 is the challenge sent to the authorization endpoint.
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(form.code_verifier)));
    expect(
      btoa(String.fromCharCode(...digest))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, ''),
    ).toBe(query.code_challenge);
    await waitFor(() => expect(sessions.at(-1)).toMatchObject({ state: 'logged-in', via: 'popup' }));
  });

  it('ignores a message from another origin, another window or with another state', async () => {
    const view = mount();
    await userEvent.click(await view.findByRole('button', { name: 'Log in with Tessera' }));
    const { state } = Object.fromEntries((await authorizeUrl()).searchParams);
    post({ type: 'tessera-authorization', code: 'code-evil', state }, 'https://evil.test');
    post({ type: 'tessera-authorization', code: 'code-evil', state }, 'https://tessera.test', {});
    post({ type: 'tessera-authorization', code: 'code-evil', state: 'forged.e30' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.filter((request) => request.url.endsWith('/token'))).toHaveLength(0);
    post({ type: 'tessera-authorization', code: 'code-2', state });
    expect(await view.findByText(demoUser.name)).toBeTruthy();
  });

  it('says so when the popup was blocked, and tries again from the button', async () => {
    vi.mocked(window.open).mockReturnValueOnce(null);
    const view = mount();
    await userEvent.click(await view.findByRole('button', { name: 'Log in with Tessera' }));
    expect(await view.findByText('The sign-in window was blocked. Allow pop-ups for this site, or try again.')).toBeTruthy();
    await userEvent.click(view.getByRole('button', { name: 'Try again' }));
    const { state } = Object.fromEntries((await authorizeUrl()).searchParams);
    post({ type: 'tessera-authorization', code: 'code-3', state });
    expect(await view.findByText(demoUser.name)).toBeTruthy();
  });

  it('shows an error the authorization endpoint answered, and nothing is exchanged', async () => {
    const view = mount();
    await userEvent.click(await view.findByRole('button', { name: 'Log in with Tessera' }));
    const { state } = Object.fromEntries((await authorizeUrl()).searchParams);
    post({ type: 'tessera-authorization', error: 'access_denied', error_description: 'The person said no.', state });
    expect(await view.findByText('Signing in did not finish. Please try again.')).toBeTruthy();
    expect(api.requests.filter((request) => request.url.endsWith('/token'))).toHaveLength(0);
  });

  it('keeps the inline password form with login-mode="inline"', async () => {
    const view = mount({ 'login-mode': 'inline' });
    expect(await view.findByLabelText('Password')).toBeTruthy();
    expect(view.queryByRole('button', { name: 'Log in with Tessera' })).toBeNull();
  });
});
