import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, demoUser, type FakeApi } from './testing/fakeApi.js';
import './elements.js';

let api: FakeApi;

function mount(attributes: Record<string, string>) {
  const element = document.createElement('tessera-login');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  const root = element.shadowRoot as ShadowRoot;
  return { element, root, view: within(root as unknown as HTMLElement) };
}

/** Every Stitches class used in the shadow root must have its rules copied into the shadow root. */
function unstyledClasses(root: ShadowRoot): string[] {
  const css = root.querySelector('style[data-tessera-styles]')?.textContent ?? '';
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
});

describe('<tessera-login>', () => {
  it('renders the login card in an open shadow root with its styles inside', async () => {
    const { root, view } = mount({ 'api-base': 'https://tessera.test/api', email: 'ada@example.com' });
    const email = await view.findByLabelText('Email');
    expect(email).toHaveProperty('value', 'ada@example.com');
    expect(root.querySelector('style[data-tessera-styles]')?.textContent).toContain(':host{all:initial');
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
    expect(JSON.parse(localStorage.getItem('tessera.tokens') ?? 'null')).toEqual({
      accessToken: 'host-access',
      refreshToken: 'host-refresh',
    });
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith({ user: demoUser }));
  });
});

describe('react-aria in shadow roots', () => {
  it('is switched to shadow-DOM-aware event handling (presses inside the shadow root are not cancelled)', async () => {
    const { shadowDOM } = await import('react-stately/private/flags/flags');
    expect(shadowDOM()).toBe(true);
  });
});
