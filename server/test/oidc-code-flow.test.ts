/**
 * Tessera as an OpenID provider (ARCHITECTURE.md#tessera-as-an-openid-provider), with the real `openid-client`
 * against the real server: discovery lists exactly what is mounted; "Log in with Tessera" for an integration client
 * (code + PKCE S256, the login and consent driven through the interaction API with plain HTTP, the browser's
 * cookies carried by hand); the id_token validated against the JWKS; userinfo; refresh; revocation with the client's
 * own authentication; end session. And what must be refused: a wrong redirect URI, a replayed code, a missing or
 * wrong verifier, another client's code, a client without the grant, an unknown interaction.
 */
import * as client from 'openid-client';
import { EMBED_SESSION_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from '@tessera/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { createIntegrationClient } from '../src/features/integration-clients/service.js';
import { assertContract } from './support/contract.js';
import { insertTenant } from './support/people.js';
import { PASSWORD, createUser, databaseKinds, loggedInUser, startTestServer, type TestContext, type TestServer } from './support/server.js';

/** The test server's PUBLIC_URL (support/server.ts): the issuer and endpoints are named with it. */
const PUBLIC_URL = 'http://tessera.test';
const ISSUER = `${PUBLIC_URL}/api`;
const REDIRECT_URI = 'http://localhost:4999/callback';
/** A partner's page allowed by ALLOWED_ORIGINS (the login widget's popup opens from there). */
const PARTNER_ORIGIN = 'http://partner.example';

/** A browser: follows nothing by itself, keeps the cookies the server sets (by name; paths are not needed here). */
class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly serverUrl: string) {}

  async request(url: string, init: { method?: string; form?: Record<string, string>; json?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const response = await fetch(url.replace(PUBLIC_URL, this.serverUrl), { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** A GET answered with a redirect: where it goes. */
  async redirectOf(url: string): Promise<string> {
    const response = await this.request(url);
    expect(response.status, `${url}: ${await response.clone().text()}`).toBe(303);
    return response.headers.get('location')!;
  }
}

describe.each(databaseKinds)('OpenID provider: the authorization code flow on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenantId: string;
  let ownerId: string;

  /** Requests to PUBLIC_URL go to the test server, which listens on an ephemeral port. */
  const toTestServer: client.CustomFetch = (url, options) => fetch(url.replace(PUBLIC_URL, server.url), options as RequestInit);

  beforeAll(async () => {
    context = await startTestServer(kind, { allowedOrigins: [PARTNER_ORIGIN] });
    server = context.server;
    tenantId = (await insertTenant(server)).id;
    ownerId = (await createUser(server, { isOwner: true })).id;
  });
  afterAll(() => context.cleanup());

  async function registerApp(options: { grantTypes?: ('client_credentials' | 'authorization_code' | 'refresh_token')[]; redirectUris?: string[] } = {}) {
    const { row, secret } = await createIntegrationClient(server.app.db, tenantId, ownerId, {
      name: 'Partner app',
      role: 'user',
      redirect_uris: options.redirectUris ?? [REDIRECT_URI],
      grant_types: options.grantTypes ?? ['authorization_code', 'refresh_token'],
    });
    return { clientId: row.id, secret };
  }

  async function discover(clientId: string, auth: client.ClientAuth): Promise<client.Configuration> {
    const config = await client.discovery(new URL(ISSUER), clientId, undefined, auth, {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: toTestServer,
    });
    config[client.customFetch] = toTestServer;
    return config;
  }

  interface Started {
    url: URL;
    verifier: string;
    state: string;
    nonce: string;
  }

  async function authorizationUrl(config: client.Configuration, extra: Record<string, string> = {}): Promise<Started> {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...extra,
    });
    return { url, verifier, state, nonce };
  }

  /** The uid of the portal page `/authorize/{uid}` the provider sent the browser to. */
  function uidOf(location: string): string {
    const match = new RegExp(`^${PUBLIC_URL}/authorize/([^/?]+)$`).exec(location);
    expect(match, location).not.toBeNull();
    return match![1]!;
  }

  /** Drives a browser from the authorization URL to the redirect with the code: login, then consent when asked. */
  async function authorize(browser: Browser, started: Started, email: string, steps: string[] = []): Promise<URL> {
    let location = await browser.redirectOf(started.url.href);
    for (let step = 0; step < 3 && location.startsWith(`${PUBLIC_URL}/authorize/`); step += 1) {
      const uid = uidOf(location);
      const details = await server.api.get(`/interactions/${uid}`);
      expect(details.status).toBe(200);
      const { prompt } = details.body.data;
      steps.push(prompt);
      const answer =
        prompt === 'login'
          ? await browser.request(`${server.url}/api/interactions/${uid}/login`, { method: 'POST', json: { email, password: PASSWORD } })
          : await browser.request(`${server.url}/api/interactions/${uid}/consent`, { method: 'POST' });
      const body = (await answer.json()) as { redirect_to: string };
      expect(answer.status, JSON.stringify(body)).toBe(200);
      assertContract('POST', `/interactions/{uid}/${prompt}`, answer.status, body);
      location = await browser.redirectOf(body.redirect_to);
    }
    expect(location.startsWith(REDIRECT_URI), location).toBe(true);
    return new URL(location);
  }

  it('discovers exactly the mounted endpoints, and each answers', async () => {
    const config = await discover('tessera-web', client.None());
    const metadata = config.serverMetadata();
    expect(metadata).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/authorize`,
      token_endpoint: `${ISSUER}/token`,
      userinfo_endpoint: `${ISSUER}/userinfo`,
      jwks_uri: `${ISSUER}/jwks`,
      end_session_endpoint: `${ISSUER}/session/end`,
      revocation_endpoint: `${ISSUER}/token/revocation`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    });
    expect(metadata.introspection_endpoint).toBeUndefined();
    expect(metadata.registration_endpoint).toBeUndefined();
    expect(metadata.device_authorization_endpoint).toBeUndefined();
    expect(metadata.grant_types_supported).toContain('authorization_code');

    const jwks = await fetch(`${server.url}/api/jwks`);
    expect(jwks.status).toBe(200);
    const keys = ((await jwks.json()) as { keys: Record<string, unknown>[] }).keys;
    expect(keys.length).toBeGreaterThan(0);
    // Public halves only.
    for (const key of keys) expect(key.d).toBeUndefined();
  });

  it('logs a person into a partner app: code + PKCE, consent once, id_token, userinfo, refresh, revocation, end session', async () => {
    const person = await createUser(server, { name: 'Robin Partner' });
    const app = await registerApp();
    const config = await discover(app.clientId, client.ClientSecretBasic(app.secret));
    const browser = new Browser(server.url);

    const started = await authorizationUrl(config);
    const steps: string[] = [];
    const callback = await authorize(browser, started, person.email, steps);
    // A third-party app: the person logs in, then is asked to allow it the scopes.
    expect(steps).toEqual(['login', 'consent']);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    // openid-client checked the id_token's signature against the JWKS, its issuer, audience, nonce and expiry.
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: ISSUER, aud: app.clientId, sub: person.id });
    expect(tokens.refresh_token).toBeDefined();

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, person.id);
    expect(userinfo).toMatchObject({ sub: person.id, name: 'Robin Partner', email: person.email, email_verified: true });
    // The app got the person's identity, not their Tessera account: its token does not act on the API.
    expect((await server.api.get('/users/me', { token: tokens.access_token })).status).toBe(401);

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect((await client.fetchUserInfo(config, refreshed.access_token, person.id)).sub).toBe(person.id);

    // The same app asking the same scopes in this browser: logged in and consented already, straight to the code.
    const again = await authorizationUrl(config);
    const location = await browser.redirectOf(again.url.href);
    expect(location.startsWith(REDIRECT_URI), location).toBe(true);

    // The consent outlives the browser's session: another browser logs in and is not asked again for these scopes.
    const elsewhere: string[] = [];
    const other = await authorize(new Browser(server.url), await authorizationUrl(config), person.email, elsewhere);
    expect(elsewhere).toEqual(['login']);
    expect(other.searchParams.get('code')).toBeTruthy();

    // RFC 7009 with the client's own authentication (HTTP Basic): the login ends.
    await client.tokenRevocation(config, refreshed.refresh_token!);
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.fetchUserInfo(config, refreshed.access_token, person.id)).rejects.toThrow();

    // RP-initiated logout: the page asks, the person confirms, the browser goes back to the app.
    const endUrl = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: REDIRECT_URI, state: 'bye' });
    const question = await browser.request(endUrl.href);
    expect(question.status).toBe(200);
    const page = await question.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
    expect(xsrf).toBeDefined();
    const confirmed = await browser.request(`${server.url}/api/session/end/confirm`, { method: 'POST', form: { xsrf: xsrf!, logout: 'yes' } });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${REDIRECT_URI}?state=bye`);
    // Signed out of Tessera in this browser: the next authorization asks for a login again.
    const afterLogout = await browser.redirectOf((await authorizationUrl(config)).url.href);
    const uid = uidOf(afterLogout);
    expect((await server.api.get(`/interactions/${uid}`)).body.data.prompt).toBe('login');
  });

  it('keeps the provider session for the browser session only (no persistent cookie to sign the next person in)', async () => {
    const person = await createUser(server);
    const app = await registerApp();
    const config = await discover(app.clientId, client.ClientSecretPost(app.secret));
    const browser = new Browser(server.url);
    const uid = uidOf(await browser.redirectOf((await authorizationUrl(config)).url.href));
    const login = await browser.request(`${server.url}/api/interactions/${uid}/login`, { method: 'POST', json: { email: person.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const resumed = await browser.request(((await login.json()) as { redirect_to: string }).redirect_to);
    expect(resumed.status).toBe(303);
    const session = resumed.headers.getSetCookie().filter((cookie) => /^_session=[^;]+/.test(cookie));
    expect(session.length).toBe(1);
    expect(session[0]).not.toMatch(/; (expires|max-age)=/i);
  });

  it('answers the interaction API: details, the login failures of the password grant, abort, unknown uid', async () => {
    const person = await createUser(server);
    const app = await registerApp();
    const config = await discover(app.clientId, client.ClientSecretPost(app.secret));
    const browser = new Browser(server.url);
    const started = await authorizationUrl(config);
    const uid = uidOf(await browser.redirectOf(started.url.href));

    // The provider's cookies: HttpOnly, SameSite=Lax, signed; not Secure over http (Secure when the request is https).
    const raw = await fetch(started.url.href.replace(PUBLIC_URL, server.url), { redirect: 'manual' });
    const cookies = raw.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; httponly/i);
      expect(cookie).toMatch(/; samesite=lax/i);
      expect(cookie).not.toMatch(/; secure/i);
    }
    expect(cookies.some((cookie) => cookie.includes('.sig='))).toBe(true);

    const details = await server.api.get(`/interactions/${uid}`);
    expect(details.body.data).toEqual({
      uid,
      prompt: 'login',
      client: { id: app.clientId, name: 'Partner app', first_party: false },
      scopes: ['openid', 'profile', 'email'],
    });
    const wrong = await server.api.post(`/interactions/${uid}/login`, { email: person.email, password: 'wrong-password-1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'invalid_credentials', message: 'The email and/or password are incorrect.' });
    const invalid = await server.api.post(`/interactions/${uid}/login`, { email: 'not-an-email', password: '' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['email', 'password']);
    const early = await server.api.post(`/interactions/${uid}/consent`);
    expect(early.status).toBe(409);

    const aborted = await server.api.post(`/interactions/${uid}/abort`);
    expect(aborted.status).toBe(200);
    const location = new URL(await browser.redirectOf(aborted.body.redirect_to));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe(started.state);

    for (const path of ['', '/login', '/consent', '/abort']) {
      const unknown =
        path === ''
          ? await server.api.get(`/interactions/no-such-uid${path}`)
          : await server.api.post(`/interactions/no-such-uid${path}`, path === '/login' ? { email: person.email, password: PASSWORD } : undefined);
      expect(unknown.status, path).toBe(404);
    }
    // Spent: the uid is gone once the browser resumed.
    expect((await server.api.get(`/interactions/${uid}`)).status).toBe(404);
  });

  it('asks again for a scope the person has not allowed yet', async () => {
    const person = await createUser(server);
    const app = await registerApp();
    const config = await discover(app.clientId, client.ClientSecretBasic(app.secret));
    const browser = new Browser(server.url);
    const first: string[] = [];
    await authorize(browser, await authorizationUrl(config, { scope: 'openid' }), person.email, first);
    expect(first).toEqual(['login', 'consent']);
    const wider: string[] = [];
    await authorize(browser, await authorizationUrl(config, { scope: 'openid email' }), person.email, wider);
    expect(wider).toEqual(['consent']);
    const elsewhere: string[] = [];
    await authorize(new Browser(server.url), await authorizationUrl(config, { scope: 'openid email' }), person.email, elsewhere);
    expect(elsewhere).toEqual(['login']);
  });

  it('refuses a wrong redirect URI, a missing challenge, a client without the grant', async () => {
    const app = await registerApp();
    const config = await discover(app.clientId, client.ClientSecretBasic(app.secret));
    const browser = new Browser(server.url);

    const wrongRedirect = await authorizationUrl(config, { redirect_uri: 'http://localhost:4999/callback/other' });
    const refused = await browser.request(wrongRedirect.url.href);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
    expect(await refused.json()).toMatchObject({ error: 'invalid_redirect_uri' });

    const noPkce = new URL(`${ISSUER}/authorize`);
    noPkce.search = new URLSearchParams({
      client_id: app.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
      state: 's1',
    }).toString();
    const withoutChallenge = new URL(await browser.redirectOf(noPkce.href));
    expect(withoutChallenge.searchParams.get('error')).toBe('invalid_request');

    const scriptOnly = await registerApp({ grantTypes: ['client_credentials'], redirectUris: [] });
    const scriptConfig = await discover(scriptOnly.clientId, client.ClientSecretBasic(scriptOnly.secret));
    const notAllowed = await browser.request((await authorizationUrl(scriptConfig)).url.href);
    expect(notAllowed.status).toBe(400);
    expect(notAllowed.headers.get('location')).toBeNull();
  });

  it("refuses a replayed code, a missing or wrong verifier, another client's code, a wrong secret", async () => {
    const person = await createUser(server);
    const app = await registerApp();
    const other = await registerApp();
    const config = await discover(app.clientId, client.ClientSecretBasic(app.secret));
    const browser = new Browser(server.url);
    const redeem = (form: Record<string, string>, headers: Record<string, string> = {}) =>
      server.api.post('/token', undefined, { form: { grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, ...form }, headers });
    const basic = (id: string, secret: string) => ({ Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });

    const first = await authorizationUrl(config);
    const code = (await authorize(browser, first, person.email)).searchParams.get('code')!;
    const missing = await redeem({ code }, basic(app.clientId, app.secret));
    expect(missing.status).toBe(422);
    expect(missing.body.errors.code_verifier).toEqual(['The code verifier field is required.']);
    expect(missing.body.error).toBe('invalid_request');
    const wrongSecret = await redeem({ code, code_verifier: first.verifier }, basic(app.clientId, `${app.secret}x`));
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body).toMatchObject({ code: 'invalid_client', error: 'invalid_client' });
    const stolen = await redeem({ code, code_verifier: first.verifier }, basic(other.clientId, other.secret));
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ code: 'invalid_grant', error: 'invalid_grant' });

    const second = await authorizationUrl(config);
    const code2 = (await authorize(browser, second, person.email)).searchParams.get('code')!;
    const wrongVerifier = await redeem({ code: code2, code_verifier: client.randomPKCECodeVerifier() }, basic(app.clientId, app.secret));
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.body.error).toBe('invalid_grant');

    const third = await authorizationUrl(config);
    const callback = await authorize(browser, third, person.email);
    const code3 = callback.searchParams.get('code')!;
    // client_secret_post works as well as Basic.
    const redeemed = await redeem({ code: code3, code_verifier: third.verifier, client_id: app.clientId, client_secret: app.secret });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ token_type: 'Bearer' });
    expect(typeof redeemed.body.id_token).toBe('string');
    const replayed = await redeem({ code: code3, code_verifier: third.verifier, client_id: app.clientId, client_secret: app.secret });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toMatchObject({ code: 'invalid_grant', error: 'invalid_grant' });
  });

  it('continues a sign-in request as the person signed in to the portal (no second password), and refuses any other login', async () => {
    const { user, tokens } = await loggedInUser(server, { name: 'Sam Signedin' });
    const app = await registerApp();
    const config = await discover(app.clientId, client.ClientSecretBasic(app.secret));
    const browser = new Browser(server.url);
    const started = await authorizationUrl(config);
    const uid = uidOf(await browser.redirectOf(started.url.href));
    const continueAs = (token?: string, to = uid) => server.api.post(`/interactions/${to}/continue`, undefined, token ? { token } : {});

    // Without a login, or with one that does not exist: 401.
    expect((await continueAs()).status).toBe(401);
    expect((await continueAs('x'.repeat(43))).status).toBe(401);
    // A login made from an embed session acts in its organization only: it vouches for no other application.
    const { row, secret } = await createIntegrationClient(server.app.db, tenantId, ownerId, { name: 'Intranet', role: 'admin' });
    const intranet = await server.api.post('/token', undefined, { form: { grant_type: 'client_credentials', client_id: row.id, client_secret: secret } });
    const minted = await server.api.post(`/tenants/${tenantId}/embed-sessions`, { email: user.email, name: user.name }, { token: intranet.body.access_token });
    expect(minted.status, JSON.stringify(minted.body)).toBe(201);
    const embed = await server.api.post('/token', undefined, {
      form: {
        grant_type: TOKEN_EXCHANGE_GRANT,
        client_id: 'tessera-web',
        subject_token: minted.body.data.session_token,
        subject_token_type: EMBED_SESSION_TOKEN_TYPE,
      },
    });
    expect(embed.status, JSON.stringify(embed.body)).toBe(200);
    const confined = await continueAs(embed.body.access_token);
    expect(confined.status).toBe(403);
    assertContract('POST', '/interactions/{uid}/continue', 403, confined.body);
    // An unknown request: 404.
    expect((await continueAs(tokens.access_token, 'unknown-interaction-uid-0')).status).toBe(404);

    // The portal's login: the request takes it, and the person is asked only to allow the app its scopes.
    const answer = await browser.request(`${server.url}/api/interactions/${uid}/continue`, { method: 'POST' });
    expect(answer.status).toBe(401);
    const continued = await continueAs(tokens.access_token);
    expect(continued.status, JSON.stringify(continued.body)).toBe(200);
    assertContract('POST', '/interactions/{uid}/continue', 200, continued.body);
    const consent = uidOf(await browser.redirectOf(continued.body.redirect_to));
    // Logged in now: the request waits for consent, and continuing again is the wrong step.
    expect((await continueAs(tokens.access_token, consent)).status).toBe(409);
    const allowed = await browser.request(`${server.url}/api/interactions/${consent}/consent`, { method: 'POST' });
    const callback = new URL(await browser.redirectOf(((await allowed.json()) as { redirect_to: string }).redirect_to));
    const granted = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    expect(granted.claims()).toMatchObject({ aud: app.clientId, sub: user.id });

    // The partner app's own access token for the person is no login of the API: it cannot sign them in elsewhere.
    const next = uidOf(await new Browser(server.url).redirectOf((await authorizationUrl(config)).url.href));
    expect((await continueAs(granted.access_token, next)).status).toBe(401);
  });

  it('lets tessera-web use the code with PKCE (the popup) without consent, and its tokens act on the API', async () => {
    const person = await createUser(server);
    const config = await discover('tessera-web', client.None());
    const browser = new Browser(server.url);
    const popup = `${PUBLIC_URL}/oauth/popup-callback`;
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: popup,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'abc.eyJvcmlnaW4iOiJodHRwOi8vdGVzc2VyYS50ZXN0In0',
    });
    let location = await browser.redirectOf(url.href);
    const uid = uidOf(location);
    const login = await browser.request(`${server.url}/api/interactions/${uid}/login`, { method: 'POST', json: { email: person.email, password: PASSWORD } });
    location = await browser.redirectOf(((await login.json()) as { redirect_to: string }).redirect_to);
    // No consent for Tessera's own client.
    expect(location.startsWith(`${popup}?`), location).toBe(true);
    const code = new URL(location).searchParams.get('code')!;
    // Exchanged by a partner's page (another origin): its refresh token lives the page lifetime, as a password login's would.
    const tokens = await server.api.post('/token', undefined, {
      form: { grant_type: 'authorization_code', client_id: 'tessera-web', code, redirect_uri: popup, code_verifier: verifier },
      headers: { Origin: PARTNER_ORIGIN },
    });
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    expect(tokens.body.refresh_token).toBeDefined();
    const stored = await server.app.knex('oidc_payloads').where({ kind: 'RefreshToken', id: tokens.body.refresh_token }).first('expires_at');
    const lifetime = (new Date(stored.expires_at).getTime() - Date.now()) / 1000;
    expect(Math.abs(lifetime - server.config.tokens.pageRefreshTokenTtl)).toBeLessThan(60);
    expect((await server.api.get('/users/me', { token: tokens.body.access_token })).body.data.id).toBe(person.id);
  });

  describe('the popup callback page', () => {
    /** `state` as the login widget writes it: random, a dot, then the opener's origin as base64url JSON. */
    const stateFor = (origin: unknown) => `r4nd0m.${Buffer.from(JSON.stringify({ origin })).toString('base64url')}`;
    /** The callback page and what its script would post: `<main>`'s data attributes, unescaped. */
    async function callbackPage(query: Record<string, string>) {
      const response = await fetch(`${server.url}/oauth/popup-callback?${new URLSearchParams(query).toString()}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      const main = /<main([^>]*)>/.exec(html)![1]!;
      const data = Object.fromEntries(
        [...main.matchAll(/ data-([a-z-]+)="([^"]*)"/g)].map(([, name, value]) => [
          name,
          value!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
        ]),
      );
      return { response, html, data };
    }

    it('posts the code to an allowed opener, with its exact origin as the target, from a same-origin script', async () => {
      const state = stateFor('http://tessera.test');
      const { response, html, data } = await callbackPage({ code: 'the-code', state, iss: ISSUER });
      expect(data).toEqual({ 'target-origin': 'http://tessera.test', state, code: 'the-code' });
      expect(html).toContain('<script src="/oauth/popup-callback.js" defer></script>');
      expect(html).not.toMatch(/<script>/);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      // The popup keeps its opener (another origin's page) and leaks the code to no one through Referer.
      expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cache-control')).toBe('no-store');

      // So does the portal's login page on the popup's way (the SPA's other pages stay same-origin).
      expect((await fetch(`${server.url}/authorize/some-uid`)).headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
      expect((await fetch(`${server.url}/login`)).headers.get('cross-origin-opener-policy')).toBe('same-origin');

      const script = await fetch(`${server.url}/oauth/popup-callback.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      const source = await script.text();
      expect(source).toContain("type: 'tessera-authorization'");
      expect(source).toContain('window.opener.postMessage(message, data.targetOrigin)');
      expect(source).not.toContain("'*'");
    });

    it('passes an error through, HTML-escaped, to an allowed partner page', async () => {
      const state = stateFor(PARTNER_ORIGIN);
      const { html, data } = await callbackPage({ error: 'access_denied', error_description: '<b>"no"</b> & more', state });
      expect(data).toEqual({ 'target-origin': PARTNER_ORIGIN, state, error: 'access_denied', 'error-description': '<b>"no"</b> & more' });
      expect(html).not.toContain('<b>');
    });

    it('posts nothing for an origin not allowed, a malformed state, or neither code nor error', async () => {
      const refused = await callbackPage({ code: 'the-code', state: stateFor('https://evil.example') });
      expect(refused.html).toContain('This sign-in was started from a page that is not allowed to use Tessera.');
      expect(refused.html).not.toContain('the-code');
      expect(refused.html).not.toContain('<script');
      for (const state of [
        'no-dot-here',
        'x.%%%',
        `x.${Buffer.from('not json').toString('base64url')}`,
        stateFor(42),
        stateFor('http://tessera.test/path'),
        stateFor('javascript:alert(1)'),
      ]) {
        const malformed = await callbackPage({ code: 'the-code', state });
        expect(malformed.html, state).not.toContain('<script');
        expect(malformed.html, state).not.toContain('data-target-origin');
      }
      const nothing = await callbackPage({ state: stateFor('http://tessera.test') });
      expect(nothing.html).not.toContain('<script');
    });
  });
});

describe('OpenID provider: the interaction login shares the password grant’s limits', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await startTestServer('sqlite', { rateLimits: { ...DEFAULT_RATE_LIMITS, login: { points: 3, duration: 60 } } });
  });
  afterAll(() => context.cleanup());

  it('counts interaction logins and password logins together, and answers 429 with Retry-After', async () => {
    const { server } = context;
    const person = await createUser(server);
    const config = await client.discovery(new URL(ISSUER), 'tessera-web', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: (url, options) => fetch(url.replace(PUBLIC_URL, server.url), options as RequestInit),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: `${PUBLIC_URL}/oauth/popup-callback`,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 'limits',
    });
    const location = (await fetch(url.href.replace(PUBLIC_URL, server.url), { redirect: 'manual' })).headers.get('location')!;
    const uid = location.slice(location.lastIndexOf('/') + 1);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await server.api.post(`/interactions/${uid}/login`, { email: person.email, password: 'Wrong-password-1' });
      expect(wrong.status).toBe(401);
    }
    const limited = await server.api.post(`/interactions/${uid}/login`, { email: person.email, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited', message: 'Too many attempts. Please wait and try again.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const grant = await server.api.post('/token', undefined, {
      form: { grant_type: 'password', client_id: 'tessera-web', email: person.email, password: PASSWORD },
    });
    expect(grant.status).toBe(429);
  });
});

describe('OpenID provider: cookies over https', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await startTestServer('sqlite', { trustProxy: true });
  });
  afterAll(() => context.cleanup());

  it('marks the provider’s cookies Secure when the request came over https (a trusted proxy says so)', async () => {
    const { server } = context;
    const url = new URL(`${server.url}/api/authorize`);
    url.search = new URLSearchParams({
      client_id: 'tessera-web',
      response_type: 'code',
      redirect_uri: `${PUBLIC_URL}/oauth/popup-callback`,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 'https',
    }).toString();
    const answer = await fetch(url, { redirect: 'manual', headers: { 'X-Forwarded-Proto': 'https' } });
    expect(answer.status).toBe(303);
    const cookies = answer.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; secure/i);
      expect(cookie).toMatch(/; samesite=lax/i);
      expect(cookie).toMatch(/; httponly/i);
    }
  });
});
