import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Page } from '@playwright/test';
import Provider, { type Configuration } from 'oidc-provider';
import { Api, openTab, rowOf, search, switchTo } from './people-support';
import { OIDC_PROVIDER_PORT, oidcProviderUrl, serverUrl } from './ports';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

// A domain of this run only: a domain is served by one connection in the whole platform.
const DOMAIN = `sso-e2e-${Date.now()}.example`;
const CLIENT = { id: 'tessera-e2e', secret: 'e2e-client-secret-0123456789abcdef' };

/**
 * A real OpenID provider (oidc-provider, as the server uses for its own tokens) for the journey: its development login
 * form takes any login name, which becomes the subject; the email is that name at the journey's domain. PKCE is
 * required, as a real provider for a public-facing application would.
 */
function testProvider(): Provider {
  const configuration: Configuration = {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${serverUrl}/api/sso/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // How Tessera's relying party (openid-client) authenticates at the token endpoint.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    // The email and name go into the id token itself, as most providers send them.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['sso-e2e-cookie-key'] },
    async findAccount(_ctx, id) {
      const email = id.includes('@') ? id : `${id}@${DOMAIN}`;
      return { accountId: id, claims: async () => ({ sub: id, email, email_verified: true, name: 'New Person' }) };
    },
  };
  return new Provider(oidcProviderUrl, configuration);
}

let providerServer: Server;

test.beforeAll(async () => {
  providerServer = testProvider().listen(OIDC_PROVIDER_PORT);
  await new Promise<void>((resolve) => providerServer.once('listening', () => resolve()));
});

test.afterAll(async ({ request }) => {
  await new Promise<void>((resolve) => providerServer.close(() => resolve()));
  // Acme Training serves nobody through the journey's provider afterwards.
  const master = await Api.as(request, 'master@example.com');
  await master.call('DELETE', '/tenants/acme-training/sso').catch(() => undefined);
});

/** Signs in at the test provider's own form (any login name; the password is not checked) and consents. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${oidcProviderUrl}`));
  // Filled whether or not the provider was given a login hint: the login name is the subject.
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // The consent prompt follows, the first time this login meets the client.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`^${serverUrl}`));
}

/**
 * "Log in with Tessera" in a partner's application for a person who signs in through single sign-on (the only way in
 * where their organization enforces it): the request's page leads to single sign-on, which comes back to it signed in
 * to the portal, and the person continues as themselves, then allows the application its scopes.
 */
async function logInWithTesseraThroughSso(browser: Browser, master: Api) {
  const partner = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><head><title>Partner app</title></head><body><main><h1>Partner app</h1></main></body></html>');
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext({ baseURL: serverUrl });
  try {
    const redirectUri = `http://127.0.0.1:${(partner.address() as AddressInfo).port}/callback`;
    const app = await master.call<{ client_id: string }>('POST', '/tenants/acme-training/integration-clients', {
      name: `SSO partner app ${Date.now()}`,
      role: 'user',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
    });
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'sso-journey',
    });
    const person = await context.newPage();
    await person.goto(`/api/authorize?${authorize.toString()}`);
    await expect(person).toHaveURL(/\/authorize\/[^/]+$/);
    const request = person.url();
    await person.getByRole('link', { name: 'Log in with single sign-on' }).click();
    // The request's page has an Email field of its own: fill the single sign-on page's once it shows.
    await expect(person.getByRole('heading', { name: 'Log in with single sign-on', level: 1 })).toBeVisible();
    await person.getByRole('textbox', { name: /^Email/ }).fill(`second.person@${DOMAIN}`);
    await person.getByRole('button', { name: 'Continue' }).click();
    await signInAtProvider(person, 'second.person');
    // Back on the request's page, signed in to the portal: no password asked.
    await expect(person).toHaveURL(request);
    const continueAs = person.getByRole('button', { name: 'Continue as New Person' });
    await expect(continueAs).toBeVisible();
    await expectAccessible(person);
    await continueAs.click();
    await person.getByRole('button', { name: 'Allow' }).click();
    await person.waitForURL((url) => url.href.startsWith(redirectUri));
    const answered = new URL(person.url()).searchParams;
    expect(answered.get('state')).toBe('sso-journey');
    expect(answered.get('code')).toBeTruthy();
  } finally {
    await context.close();
    partner.close();
  }
}

test('an organization sets up OIDC single sign-on, the owner approves its domain, and a new person signs in as a member', async ({
  page,
  browser,
  request,
}) => {
  // Three people and two sign-ins at the provider: a longer journey than most.
  test.setTimeout(180_000);
  // A master sets up the connection from the Members page.
  await logIn(page, 'master@example.com', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/acme-training/admin/members');
  await page.getByRole('link', { name: 'Single sign-on' }).click();
  await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Set up single sign-on' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(`${serverUrl}/api/sso/oidc/callback`);
  await expectAccessible(page);
  await form.getByRole('textbox', { name: /^Name/ }).fill('E2E provider');
  await form.getByRole('textbox', { name: /^Email domains/ }).fill(DOMAIN);
  await form.getByRole('textbox', { name: /^Issuer/ }).fill(oidcProviderUrl);
  await form.getByRole('textbox', { name: /^Client ID/ }).fill(CLIENT.id);
  await form.getByLabel(/^Client secret/).fill(CLIENT.secret);
  await form.getByRole('button', { name: 'Save' }).click();
  const saved = page.getByRole('form', { name: 'Connection' });
  await expect(saved.getByText('Single sign-on saved!')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Domain approval' })).toContainText(`${DOMAIN} Pending approval`);
  await expectAccessible(page);

  // Its test sign-in works while the domain is pending, and signs nobody in.
  await page.getByRole('button', { name: 'Test sign-in' }).click();
  await signInAtProvider(page, 'mona.master');
  await expect(page).toHaveURL(/\/acme-training\/admin\/single-sign-on\?test=succeeded/);
  await expect(page.getByText(`Test sign-in succeeded: the identity provider signed in mona.master@${DOMAIN}.`)).toBeVisible();
  await expectAccessible(page);

  // The platform owner sees the pending claim on the organizations list and approves it on the organization's screen.
  await switchTo(page, 'owner@example.com');
  await page.goto('/organizations');
  await expect(page.getByText('A single sign-on domain awaits your approval:')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: `${DOMAIN}, claimed by Acme Training` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Organization' })).toBeVisible();
  const claims = page.getByRole('grid', { name: 'Single sign-on domains' });
  await expect(rowOf(page, DOMAIN)).toContainText('Pending approval');
  await expectAccessible(page);
  await claims.getByRole('button', { name: `Approve ${DOMAIN}` }).click();
  await expect(rowOf(page, DOMAIN)).toContainText('Approved');
  await expectAccessible(page);

  // A new person, in a browser of their own, signs in through /sso.
  const context = await browser.newContext({ baseURL: serverUrl });
  const person = await context.newPage();
  await person.goto('/login');
  await expectAccessible(person);
  await person.getByRole('link', { name: 'Log in with single sign-on' }).click();
  await expect(person.getByRole('heading', { name: 'Log in with single sign-on', level: 1 })).toBeVisible();
  await expectAccessible(person);

  // An address no connection serves says so, under the field.
  await person.getByRole('textbox', { name: /^Email/ }).fill('someone@not-served.example');
  await person.getByRole('button', { name: 'Continue' }).click();
  await expect(person.getByText('No single sign-on is set up for this email address.')).toBeVisible();
  await expectAccessible(person);

  await person.getByRole('textbox', { name: /^Email/ }).fill(`new.person@${DOMAIN}`);
  await person.getByRole('button', { name: 'Continue' }).click();
  await signInAtProvider(person, 'new.person');
  await expect(person).toHaveURL(/\/acme-training\/modules$/);
  await expect(person.getByRole('heading', { name: 'Modules', level: 1 })).toBeVisible();
  await expectAccessible(person);
  // Signed in as after a password login: the tokens are stored, and the account is a member of Acme Training.
  await person.goto('/profile');
  await expect(person.getByLabel('Email address')).toHaveValue(`new.person@${DOMAIN}`);
  await expectAccessible(person);
  await context.close();

  await logInWithTesseraThroughSso(browser, await Api.as(request, 'master@example.com'));

  // The master sees the new member.
  await switchTo(page, 'master@example.com');
  await page.goto('/acme-training/admin/members');
  await openTab(page, 'All');
  await search(page, 'Search by name or email', `new.person@${DOMAIN}`);
  await expect(rowOf(page, `new.person@${DOMAIN}`)).toBeVisible();
  await expectAccessible(page);
});
