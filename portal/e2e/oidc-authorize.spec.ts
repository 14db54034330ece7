import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import * as client from 'openid-client';
import { Api } from './people-support';
import { serverUrl } from './ports';
import { DEMO_PASSWORD, expectAccessible, logIn } from './support';

/** The partner's app: a local listener catching the redirect with the code (what its callback route would do). */
async function partnerApp(): Promise<{ server: Server; redirectUri: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><head><title>Partner app</title></head><body><main><h1>Partner app</h1></main></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, redirectUri: `http://127.0.0.1:${port}/callback` };
}

/** A partner application registered by the organization's master, as openid-client sees it. */
async function registeredApp(request: APIRequestContext, redirectUri: string) {
  const master = await Api.as(request, 'master@example.com');
  const name = `Partner app ${Date.now()}`;
  const registered = await master.call<{ client_id: string; client_secret: string }>('POST', '/tenants/acme-training/integration-clients', {
    name,
    role: 'user',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
  });
  const config = await client.discovery(new URL(`${serverUrl}/api`), registered.client_id, undefined, client.ClientSecretBasic(registered.client_secret), {
    execute: [client.allowInsecureRequests],
  });
  return { name, clientId: registered.client_id, config };
}

/** An authorization request as the partner's app makes it: code + PKCE S256, with a fresh state and nonce. */
async function authorizationRequest(config: client.Configuration, redirectUri: string, scope = 'openid profile email') {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, verifier, state, nonce };
}

/**
 * Issue 32, section 2: a third-party application offers "Log in with Tessera". openid-client builds the authorization
 * URL (code + PKCE S256), the person logs in on the portal's own login page, allows the app the scopes it asks, and the
 * app redeems the code with its secret, validates the id_token against the JWKS, and reads userinfo.
 */
test('a partner app logs a person in with Tessera: login page, consent, code, id_token, userinfo', async ({ page, request }) => {
  const { server, redirectUri } = await partnerApp();
  try {
    const { name, clientId, config } = await registeredApp(request, redirectUri);
    const { url: authorizationUrl, verifier, state, nonce } = await authorizationRequest(config, redirectUri);

    await page.goto(authorizationUrl.href);
    await expect(page).toHaveURL(/\/authorize\/[^/]+$/);
    await expect(page.getByText(`${name} asks you to log in with your Tessera account.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Log In', level: 1 })).toBeVisible();
    await expectAccessible(page);

    // The portal's own form and messages: a wrong password first.
    await page.getByRole('textbox', { name: 'Email' }).fill('learner@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill('Wrong-pass-9');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('The email and/or password are incorrect.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();

    const consent = page.getByRole('heading', { name: `Allow ${name} to use your Tessera account?`, level: 1 });
    await expect(consent).toBeVisible();
    const asked = page.getByRole('list', { name: 'What the application asks for' });
    await expect(asked.getByRole('listitem')).toHaveText([
      'Know who you are: your Tessera account',
      'Your name',
      'Your email address, and whether it is confirmed',
    ]);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Allow' }).click();

    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    const callback = new URL(page.url());
    expect(callback.searchParams.get('state')).toBe(state);
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    // openid-client validated the id_token (signature from the JWKS, issuer, audience, nonce, expiry).
    const claims = tokens.claims()!;
    expect(claims.iss).toBe(`${serverUrl}/api`);
    expect(claims.aud).toBe(clientId);
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(userinfo.email).toBe('learner@example.com');
    expect(userinfo.email_verified).toBe(true);

    // Asked again in the same browser: signed in and consented already, straight back with a code.
    const again = await authorizationRequest(config, redirectUri);
    await page.goto(again.url.href);
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();
  } finally {
    server.close();
  }
});

/**
 * A person already signed in to the portal (with a password here; through single sign-on where their organization
 * enforces it, when a password would be refused) continues as themselves: no second password.
 */
test('a person signed in to the portal continues as themselves when a partner app asks', async ({ page, request }) => {
  const { server, redirectUri } = await partnerApp();
  try {
    const { name, config } = await registeredApp(request, redirectUri);
    await logIn(page, 'admin@example.com', DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    const { url: authorizationUrl, verifier, state, nonce } = await authorizationRequest(config, redirectUri, 'openid email');
    await page.goto(authorizationUrl.href);
    await expect(page.getByText(`${name} asks you to log in with your Tessera account.`)).toBeVisible();
    const continueAs = page.getByRole('button', { name: /^Continue as / });
    await expect(continueAs).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in with single sign-on' })).toBeVisible();
    await expectAccessible(page);
    await continueAs.click();
    await expect(page.getByRole('heading', { name: `Allow ${name} to use your Tessera account?`, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    const tokens = await client.authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(userinfo.email).toBe('admin@example.com');
  } finally {
    server.close();
  }
});
