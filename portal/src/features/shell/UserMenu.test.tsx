import type { CurrentUser } from '@tessera/sdk';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/client';
import { useSession } from '../../state/session';
import { fakeApi, type FakeRoute } from '../../test/fakeApi';
import { aMembership, aUser, TOKENS } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { ACME, asOwner, session } from '../client/clientTestSession';
import { HELP_URL } from './UserMenu';

const emptyPage = { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0, order: 'order', desc: false, search: null } };
/**
 * What the client modules page asks besides the session: its list, by the address's organization (the slug). Faked
 * by id, the list failed (599) and sent the page to its error screen, sometimes before the menu was read.
 */
const PAGES: FakeRoute[] = [{ method: 'GET', path: `/api/tenants/${ACME.slug}/modules`, status: 200, body: emptyPage }];

const member = (role: 'user' | 'admin' | 'master', overrides: Partial<CurrentUser> = {}) =>
  session(aUser({ memberships: [aMembership({ role, tenant: ACME })], ...overrides }));

/** The account menu of the top bar, opened as a person would (a click on the email). */
async function openMenu(email = 'learner@example.com') {
  const summary = (await screen.findByText(email, { exact: false, selector: 'summary span' })).closest('summary') as HTMLElement;
  fireEvent.click(summary);
  const details = summary.closest('details') as HTMLDetailsElement;
  // happy-dom may not toggle a details element on a summary click; the browser does.
  details.open = true;
  return within(details.querySelector('ul') as HTMLElement);
}

beforeEach(() => {
  tokenStore.set(TOKENS);
  useSession.getState().reset();
});

describe('the account menu (spec 2.3)', () => {
  it.each(['user', 'admin', 'master'] as const)('offers Settings (the content tree) inside an organization to the role %s', async (role) => {
    fakeApi([...member(role), ...PAGES]);
    renderApp('/acme-training/modules');
    const menu = await openMenu();
    expect(menu.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/acme-training/content-tree');
  });

  it('has no Settings outside an organization', async () => {
    fakeApi([...member('master'), ...PAGES]);
    renderApp('/');
    await screen.findByRole('list', { name: 'Your organizations' });
    const menu = await openMenu();
    expect(menu.getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(menu.queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it('never offers Settings to an owner, inside an organization either', async () => {
    fakeApi([...asOwner(), ...PAGES]);
    renderApp('/acme-training/modules');
    await screen.findByRole('heading', { name: 'Modules', level: 1 });
    const menu = await openMenu();
    expect(menu.getByRole('link', { name: 'Logout' })).toBeTruthy();
    expect(menu.queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it('never offers Settings to an owner who is also a member of the organization', async () => {
    fakeApi([...member('master', { is_owner: true }), ...asOwner().slice(2), ...PAGES]);
    renderApp('/acme-training/modules');
    await screen.findByRole('heading', { name: 'Modules', level: 1 });
    const menu = await openMenu();
    expect(menu.queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it.each([
    ['outside an organization', '/'],
    ['inside an organization', '/acme-training/modules'],
  ])('has Profile, Logout and the external Help %s', async (_where, path) => {
    fakeApi([...member('user'), ...PAGES]);
    renderApp(path);
    const menu = await openMenu();
    expect(menu.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(menu.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
    const help = menu.getByRole('link', { name: 'Help (opens in a new tab)' });
    expect(help.getAttribute('href')).toBe(HELP_URL);
    expect(HELP_URL).toMatch(/^https?:\/\//);
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
  });
});
