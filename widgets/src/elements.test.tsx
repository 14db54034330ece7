import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, demoUser, type FakeApi } from './testing/fakeApi.js';
import './elements.js';

let api: FakeApi;

/** The password form in the page (the API is another origin's here, whose default is the popup: see popupLogin.test.tsx). */
function mount(attributes: Record<string, string>) {
  const element = document.createElement('tessera-login');
  for (const [name, value] of Object.entries({ 'login-mode': 'inline', ...attributes })) element.setAttribute(name, value);
  document.body.append(element);
  const root = element.shadowRoot as ShadowRoot;
  return { element, root, view: within(root as unknown as HTMLElement) };
}

/** The CSS the shadow root adopted (constructable stylesheets: no <style> element anywhere). */
function adoptedCss(root: ShadowRoot): string {
  return root.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n');
}

/** Every Stitches class used in the shadow root must have its rules in the sheet the shadow root adopted. */
function unstyledClasses(root: ShadowRoot): string[] {
  const css = adoptedCss(root);
  const classes = new Set<string>();
  for (const node of root.querySelectorAll('[class]')) {
    for (const name of node.classList) if (name.startsWith('tessera-c-')) classes.add(name);
  }
  return [...classes].filter((name) => !css.includes(`.${name}`));
}

beforeEach(() => {
  api = createFakeApi();
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  // A new page each test: its session runtime (providers, the one tessera-session per change) starts afresh.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('tessera.widgets.sessions.v1')];
});

describe('<tessera-login>', () => {
  it('renders the login card in an open shadow root with its styles inside', async () => {
    const { root, view } = mount({ 'api-base': 'https://tessera.test/api', email: 'ada@example.com' });
    const email = await view.findByLabelText('Email');
    expect(email).toHaveProperty('value', 'ada@example.com');
    // Under a strict CSP (style-src 'self', no 'unsafe-inline') only adopted sheets work: no <style> anywhere.
    expect(root.querySelectorAll('style')).toHaveLength(0);
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
    expect(adoptedCss(root)).toMatch(/:host\s*\{\s*display: block/);
    expect(unstyledClasses(root)).toEqual([]);
  });

  it('points its links at the Tessera portal behind api-base', async () => {
    const { view } = mount({ 'api-base': 'https://tessera.test/api' });
    const link = await view.findByRole('link', { name: 'Reset your password' });
    expect(link.getAttribute('href')).toBe('https://tessera.test/forgot-password');
  });

  it('logs in and sends a composed tessera-login event with the user, then tessera-logout', async () => {
    const { view, root } = mount({ 'api-base': 'https://tessera.test/api' });
    const onLogin = vi.fn();
    const onLogout = vi.fn();
    document.addEventListener('tessera-login', (event) => onLogin(event.detail, event.composed, event.bubbles));
    document.addEventListener('tessera-logout', onLogout);
    await userEvent.type(await view.findByLabelText('Email'), 'learner@example.com');
    await userEvent.type(view.getByLabelText('Password'), 'Demo-pass-1');
    await userEvent.click(view.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith({ user: demoUser }, true, true));
    expect(await view.findByText(demoUser.name)).toBeTruthy();
    // Rules first used by the logged-in state reached the shadow root too.
    expect(unstyledClasses(root)).toEqual([]);
    await userEvent.click(view.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(onLogout).toHaveBeenCalledOnce());
  });

  it('copies rules that a later state uses for the first time (the error alert)', async () => {
    api = createFakeApi({ login: 'wrong-credentials' });
    vi.stubGlobal('fetch', api.fetch);
    const { view, root } = mount({ 'api-base': 'https://tessera.test/api' });
    await userEvent.type(await view.findByLabelText('Email'), 'learner@example.com');
    await userEvent.type(view.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(view.getByRole('button', { name: 'Log In' }));
    expect((await view.findByRole('alert')).textContent).toBe('The email and/or password are incorrect.');
    expect(unstyledClasses(root)).toEqual([]);
  });

  it('adopts access-token and refresh-token handed in by the host', async () => {
    const onLogin = vi.fn();
    document.addEventListener('tessera-login', (event) => onLogin(event.detail));
    const { view } = mount({
      'api-base': 'https://tessera.test/api',
      'access-token': 'host-access',
      'refresh-token': 'host-refresh',
    });
    expect(await view.findByText(demoUser.name)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('tessera.tokens@https://tessera.test') ?? 'null')).toEqual({
      accessToken: 'host-access',
      refreshToken: 'host-refresh',
    });
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith({ user: demoUser }));
  });

  it('removes the token attributes from the DOM once read', async () => {
    const { element, view } = mount({
      'api-base': 'https://tessera.test/api',
      'access-token': 'host-access',
      'refresh-token': 'host-refresh',
    });
    expect(await view.findByText(demoUser.name)).toBeTruthy();
    expect(element.hasAttribute('access-token') || element.hasAttribute('refresh-token')).toBe(false);
    expect(element.outerHTML).not.toContain('host-refresh');
  });

  it('tells the host the session state on load and on every change (tessera-session)', async () => {
    const heard: unknown[] = [];
    document.addEventListener('tessera-session', (event) => heard.push(event.detail));
    const { view } = mount({ 'api-base': 'https://tessera.test/api' });
    await waitFor(() => expect(heard).toEqual([{ state: 'logged-out', reason: 'load', apiBase: 'https://tessera.test/api', storage: 'local' }]));
    await userEvent.type(await view.findByLabelText('Email'), 'learner@example.com');
    await userEvent.type(view.getByLabelText('Password'), 'Demo-pass-1');
    await userEvent.click(view.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(heard).toHaveLength(2));
    expect(heard[1]).toMatchObject({ state: 'logged-in', reason: 'change' });
    // Another tab logs out: the storage event reaches this page's store.
    localStorage.removeItem('tessera.tokens@https://tessera.test');
    window.dispatchEvent(new StorageEvent('storage', { key: 'tessera.tokens@https://tessera.test', newValue: null }));
    await waitFor(() => expect(heard).toHaveLength(3));
    expect(heard[2]).toMatchObject({ state: 'logged-out', reason: 'change' });
  });

  it('says expired when the session could not be refreshed any more', async () => {
    localStorage.setItem('tessera.tokens@https://tessera.test', JSON.stringify({ accessToken: 'stale', refreshToken: 'spent' }));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url.endsWith('/token'))
        return new Response(JSON.stringify({ message: 'The refresh token is invalid.', code: 'invalid_grant' }), { status: 401 });
      return api.fetch(request);
    });
    const heard: unknown[] = [];
    document.addEventListener('tessera-session', (event) => heard.push(event.detail));
    const { view } = mount({ 'api-base': 'https://tessera.test/api' });
    await view.findByRole('button', { name: 'Log In' });
    await waitFor(() => expect(heard).toHaveLength(2));
    expect(heard).toMatchObject([
      { state: 'logged-in', reason: 'load' },
      { state: 'logged-out', reason: 'expired' },
    ]);
  });

  it('moves focus to the new heading after a login and after a logout, not to <body>', async () => {
    const { view, root } = mount({ 'api-base': 'https://tessera.test/api' });
    await userEvent.type(await view.findByLabelText('Email'), 'learner@example.com');
    await userEvent.type(view.getByLabelText('Password'), 'Demo-pass-1');
    await userEvent.click(view.getByRole('button', { name: 'Log In' }));
    await view.findByText(demoUser.name);
    await waitFor(() => expect(root.activeElement?.textContent).toBe('Your account'));
    await userEvent.click(view.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(root.activeElement?.textContent).toBe('Log In'));
  });

  it('links its field errors to their inputs', async () => {
    const { view } = mount({ 'api-base': 'https://tessera.test/api' });
    await userEvent.click(await view.findByRole('button', { name: 'Log In' }));
    const email = view.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const described = (email.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => (email.getRootNode() as ShadowRoot).getElementById(id)?.textContent);
    expect(described.join(' ')).toContain('The email field is required.');
  });
});

describe('react-aria in shadow roots', () => {
  it('is switched to shadow-DOM-aware event handling (presses inside the shadow root are not cancelled)', async () => {
    const { shadowDOM } = await import('react-stately/private/flags/flags');
    expect(shadowDOM()).toBe(true);
  });
});
