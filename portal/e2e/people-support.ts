import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, linkFromOutbox, logIn } from './support';

/** A name the organizationName rule accepts, unique per run and per test. */
export function uniqueOrganizationName(prefix: string) {
  return `${prefix} ${Date.now()} ${Math.floor(Math.random() * 1e4)}`;
}

/** Types a term in the list's search box and sends it at once (Enter). */
export async function search(page: Page, placeholder: string, term: string) {
  const box = page.getByRole('searchbox', { name: placeholder });
  await box.fill(term);
  await box.press('Enter');
}

/** A table row by any text in it. */
export function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/** One of a row's actions from its More menu (the row keeps its primary actions in sight, the rest in the menu). */
export async function rowAction(page: Page, name: string, action: string, exact = false) {
  await rowOf(page, name)
    .getByRole('button', { name: `More actions for ${name}`, exact })
    .click();
  await page
    .getByRole('menu', { name: `More actions for ${name}`, exact })
    .getByRole('menuitem', { name: action })
    .click();
}

export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** Logs out whoever is logged in, then logs in as `email`. */
export async function switchTo(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Set-up through the API (the journeys test the screens, not the set-up). */
export class Api {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async as(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<Api> {
    const response = await request.post('/api/token', { form: { grant_type: 'password', client_id: 'tessera-web', email, password } });
    expect(response.status(), `login of ${email}`).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    return new Api(request, token);
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(`/api${path}`, {
      method,
      data,
      headers: { Authorization: `Bearer ${this.token}`, 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: T }).data;
  }
}

/**
 * An existing account made a member by `adder` (ARCHITECTURE.md#member-invitations): added, which invites it, then
 * accepted through the API with the emailed link.
 */
export async function invitedAndAccepted(
  request: APIRequestContext,
  adder: Api,
  organization: { id: string; name: string },
  email: string,
  role: 'user' | 'admin' | 'master',
) {
  await adder.call('POST', `/tenants/${organization.id}/tenant-users`, { email, role });
  const link = new URL(await linkFromOutbox(email, '/accept-invitation/', `invited to join ${organization.name}`));
  const token = decodeURIComponent(link.pathname.split('/').at(-1) ?? '');
  await (await Api.as(request, email)).call('POST', '/accept-invitation', { token });
}

/**
 * A new person in an organization: invited by the organization's master through the API, then
 * registered from the invitation email. Answers the membership id.
 */
export async function registeredMember(request: APIRequestContext, master: Api, organization: string, email: string, name: string) {
  const membership = await master.call<{ id: string }>('POST', `/tenants/${organization}/tenant-users`, { email, role: 'user' });
  const link = new URL(await linkFromOutbox(email, '/finish-registration/'));
  const token = decodeURIComponent(link.pathname.split('/').at(-1) ?? '');
  const response = await request.post('/api/finish-registration', {
    data: { email, name, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, token },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.ok(), `finish registration of ${email}: ${await response.text()}`).toBe(true);
  return membership.id;
}
