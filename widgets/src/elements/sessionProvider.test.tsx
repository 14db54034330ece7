/**
 * The host's session provider (embed sessions, issue 32) and the page's one `tessera-session` event per change:
 * the custom elements over the fake API, as a partner page uses them.
 */
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, DEMO_TENANT, demoFavorites, demoUser, type FakeApi } from '../testing/index.js';
import type { TesseraSessionEventDetail } from '../events.js';
import type { SessionProvider } from '../provider/pageSession.js';
import '../elements.js';
import { defineOnce, shadowElement } from './shadowElement.js';
import { TesseraStarredTopicsElement, tesseraStarredTopicsProps } from './TesseraStarredTopicsElement.js';

const API_BASE = 'https://tessera.test/api';
const TOKEN_KEY = 'tessera.tokens@https://tessera.test';
let api: FakeApi;
let heard: TesseraSessionEventDetail[];
const hear = (event: CustomEvent<TesseraSessionEventDetail>) => heard.push(event.detail);

type Tag = 'tessera-login' | 'tessera-starred-topics' | 'tessera-topic-viewer' | 'tessera-knowledge-check';

function mount(tag: Tag, provider?: SessionProvider) {
  const element = document.createElement(tag);
  // The password form where a test types one (the API is another origin's here, whose default is the popup).
  if (tag === 'tessera-login') element.setAttribute('login-mode', 'inline');
  element.setAttribute('api-base', API_BASE);
  element.setAttribute('organization', DEMO_TENANT);
  if (provider) element.sessionProvider = provider;
  document.body.append(element);
  return { element, view: within(element.shadowRoot as unknown as HTMLElement) };
}

const exchanges = () => api.requests.filter((request) => request.url.endsWith('/token')).length;

beforeEach(() => {
  api = createFakeApi({ favorites: demoFavorites() });
  vi.stubGlobal('fetch', api.fetch);
  heard = [];
  document.addEventListener('tessera-session', hear);
});

afterEach(() => {
  document.body.innerHTML = '';
  document.removeEventListener('tessera-session', hear);
  window.Tessera?.setSessionProvider?.(null);
  localStorage.clear();
  vi.unstubAllGlobals();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('tessera.widgets.sessions.v1')];
});

describe('a session provider', () => {
  it('signs every widget of the page in with one provider call and one exchange, and no password form', async () => {
    const provider = vi.fn(async () => 'es_first');
    window.Tessera?.setSessionProvider?.(provider);
    const login = mount('tessera-login');
    const starred = mount('tessera-starred-topics');
    mount('tessera-starred-topics');
    expect(await starred.view.findByRole('button', { name: 'Using the lathe' })).toBeTruthy();
    expect(await login.view.findByText(demoUser.name)).toBeTruthy();
    expect(provider).toHaveBeenCalledTimes(1);
    expect(exchanges()).toBe(1);
    const exchange = api.requests.find((request) => request.url.endsWith('/token')) as Request;
    expect(Object.fromEntries(new URLSearchParams(await exchange.text()))).toMatchObject({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: 'es_first',
      client_id: 'tessera-web',
    });
    expect(login.view.queryByLabelText('Password')).toBeNull();
  });

  it("takes an element's own provider, set even before the element was defined, over the page's", async () => {
    const page = vi.fn(async () => 'es_page');
    window.Tessera?.setSessionProvider?.(page);
    const own = vi.fn(async () => 'es_own');
    // Not defined yet: the property lands on the plain element and is adopted when it upgrades.
    const element = document.createElement('tessera-late-starred') as HTMLElement & { sessionProvider?: SessionProvider };
    element.setAttribute('api-base', API_BASE);
    element.setAttribute('organization', DEMO_TENANT);
    element.sessionProvider = own;
    document.body.append(element);
    defineOnce('tessera-late-starred', shadowElement(TesseraStarredTopicsElement, { props: tesseraStarredTopicsProps }));
    const view = within(element.shadowRoot as unknown as HTMLElement);
    await view.findByRole('button', { name: 'Using the lathe' });
    expect(own).toHaveBeenCalledTimes(1);
    expect(page).not.toHaveBeenCalled();
    expect(element.sessionProvider).toBe(own);
  });

  it('is not called while the page holds a session, and is called again once when the login ends', async () => {
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ accessToken: 'host-access', refreshToken: 'host-refresh' }));
    const provider = vi.fn(async () => 'es_again');
    const { view } = mount('tessera-login', provider);
    await view.findByText(demoUser.name);
    expect(provider).not.toHaveBeenCalled();
    await userEvent.click(view.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(provider).toHaveBeenCalledTimes(1));
    expect(await view.findByText(demoUser.name)).toBeTruthy();
    expect(view.queryByLabelText('Password')).toBeNull();
  });

  it('shows a failing provider as the failure state with Retry, calls it once per failure, and Retry signs in', async () => {
    let attempt = 0;
    const provider = vi.fn(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('the intranet backend is down');
      return 'es_second';
    });
    const { view } = mount('tessera-starred-topics', provider);
    mount('tessera-topic-viewer', provider);
    expect(await view.findByText('You could not be signed in to Tessera.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(provider).toHaveBeenCalledTimes(1);
    await userEvent.click(view.getByRole('button', { name: 'Try again' }));
    expect(await view.findByRole('button', { name: 'Using the lathe' })).toBeTruthy();
    expect(provider).toHaveBeenCalledTimes(2);
  });

  it('shows a refused exchange (a spent token) as the failure state, without calling the provider again', async () => {
    const provider = vi.fn(async () => 'spent-token');
    const { view } = mount('tessera-login', provider);
    expect(await view.findByText('You could not be signed in to Tessera.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(provider).toHaveBeenCalledTimes(1);
    expect(exchanges()).toBe(1);
    expect(view.queryByLabelText('Password')).toBeNull();
  });

  it('does not loop when the session it gave ends at once: one more call, then the failure state', async () => {
    const provider = vi.fn(async () => 'es_short');
    const { view } = mount('tessera-login', provider);
    await view.findByText(demoUser.name);
    // The login ends right away (revoked on the server, say): the provider is not called in a loop.
    localStorage.removeItem(TOKEN_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, newValue: null }));
    expect(await view.findByText('You could not be signed in to Tessera.')).toBeTruthy();
    expect(provider).toHaveBeenCalledTimes(1);
  });
});

describe('tessera-session, once per change per page', () => {
  it('is dispatched once on the document for five widgets, with how the session was obtained', async () => {
    window.Tessera?.setSessionProvider?.(async () => 'es_five');
    const widgets = [mount('tessera-login'), ...Array.from({ length: 4 }, () => mount('tessera-starred-topics'))];
    await widgets[1].view.findByRole('button', { name: 'Using the lathe' });
    await waitFor(() => expect(heard).toHaveLength(2));
    expect(heard).toEqual([
      { state: 'logged-out', reason: 'load', apiBase: API_BASE, storage: 'local' },
      { state: 'logged-in', reason: 'change', apiBase: API_BASE, storage: 'local', via: 'embed-session' },
    ]);
  });

  it("says via: 'password' after the form, and 'refresh' for a session the page found", async () => {
    const { view } = mount('tessera-login');
    await userEvent.type(await view.findByLabelText('Email'), 'learner@example.com');
    await userEvent.type(view.getByLabelText('Password'), 'Demo-pass-1');
    await userEvent.click(view.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(heard.at(-1)).toMatchObject({ state: 'logged-in', reason: 'change', via: 'password' }));
    document.body.innerHTML = '';
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('tessera.widgets.sessions.v1')];
    heard = [];
    mount('tessera-starred-topics');
    await waitFor(() => expect(heard).toEqual([{ state: 'logged-in', reason: 'load', apiBase: API_BASE, storage: 'local', via: 'refresh' }]));
  });
});
