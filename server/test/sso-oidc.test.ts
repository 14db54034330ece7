/**
 * Single sign-on through an organization's OpenID provider (issue 33, features/sso): a real oidc-provider, started
 * here as a separate issuer, and the test playing the browser. The connection (PUT /tenants/{id}/sso and its 422s),
 * the owner's domain approval, sign-in (just in time, groups, linking, the login code at POST /token) and the attacks:
 * state replayed, missing or expired, a code of another sign-in or another client, a domain not approved or not
 * served, an unverified address, a connection deleted mid-flow; enforce single sign-on and its break-glass.
 */
import { SSO_LOGIN_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from '@tessera/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startTestIdp, type IdpPerson, type TestIdp } from './support/oidc-idp.js';
import { buildWorld, insertMembership, insertTenant, uniqueName, type World } from './support/people.js';
import { createUser, databaseKinds, jobsSettled, readOutbox, startTestServer, type TestContext, type TestServer } from './support/server.js';

describe.each(databaseKinds)('single sign-on (OpenID Connect) on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;
  let idp: TestIdp;
  let domain: string;
  let redirectUri: string;
  let subjects = 0;

  function connectionBody(overrides: Record<string, unknown> = {}) {
    return {
      protocol: 'oidc',
      name: 'Home Identity',
      domains: [domain],
      default_role: 'user',
      just_in_time: true,
      groups_claim: 'groups',
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      ...overrides,
    };
  }

  function putConnection(body: Record<string, unknown>, token = world.people.master.token, tenant = world.home.id) {
    return server.api.request('PUT', `/tenants/${tenant}/sso`, { json: body, token });
  }

  function newPerson(overrides: Partial<IdpPerson> = {}): IdpPerson {
    subjects += 1;
    return { sub: `subject-${subjects}`, email: `p${subjects}.${Date.now()}@${domain}`, email_verified: true, name: 'Sam Single', ...overrides };
  }

  /** Starts a sign-in and goes through the provider: the callback URL the provider sent the browser to. */
  async function throughProvider(person: IdpPerson, start: () => Promise<string> = () => startUrl(person.email!)): Promise<string> {
    idp.signInAs(person);
    return new Browser().follow(await start(), redirectUri);
  }

  /** The browser's cookies, by the state of the sign-in that set them (the browser binding of sign-in.ts). */
  const cookieJar = new Map<string, string>();

  /** Keeps the browser cookie a start answered, for the callback of its sign-in. */
  function keptStart(started: { status: number; body: { data: { url: string } }; headers: Headers }): string {
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const url = started.body.data.url;
    const cookie = started.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^tessera_sso_[0-9a-f]{16}=[\w-]{43}; Path=\/api\/sso\/oidc\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/);
    cookieJar.set(new URL(url).searchParams.get('state')!, cookie.split(';')[0]!);
    return url;
  }

  async function startUrl(email: string): Promise<string> {
    return keptStart(await server.api.post('/sso/start', { email }));
  }

  /** Our callback, as the browser that started the sign-in reaches it (`cookie` false: another browser): where it redirects. */
  async function callback(providerUrl: string, { cookie = true } = {}): Promise<string> {
    const search = new URL(providerUrl).search;
    const kept = cookieJar.get(new URL(providerUrl).searchParams.get('state') ?? '');
    const headers: Record<string, string> = cookie && kept ? { Cookie: kept } : {};
    const response = await fetch(`${server.url}/api/sso/oidc/callback${search}`, { redirect: 'manual', headers });
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toMatch(/^tessera_sso_[0-9a-f]{16}=; Path=\/api\/sso\/oidc\/callback; Max-Age=0; HttpOnly; SameSite=Lax$/);
    return response.headers.get('location')!;
  }

  function fragmentOf(location: string): URLSearchParams {
    expect(location.startsWith(`${server.config.publicUrl}/sso/complete#`), location).toBe(true);
    return new URLSearchParams(location.split('#')[1]);
  }

  function errorOf(location: string): string {
    expect(location.startsWith(`${server.config.publicUrl}/sso?`), location).toBe(true);
    return new URL(location).searchParams.get('error')!;
  }

  function exchange(code: string) {
    return server.api.post('/token', undefined, {
      form: { grant_type: TOKEN_EXCHANGE_GRANT, client_id: 'tessera-web', subject_token: code, subject_token_type: SSO_LOGIN_TOKEN_TYPE },
    });
  }

  async function signedIn(person: IdpPerson): Promise<{ access_token: string; refresh_token: string }> {
    const code = fragmentOf(await callback(await throughProvider(person))).get('login')!;
    const exchanged = await exchange(code);
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    return exchanged.body;
  }

  async function approve(name: string) {
    const approved = await server.api.post(`/sso-domains/${name}/approve`, undefined, { token: world.people.owner.token });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  }

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    world = await buildWorld(server);
    redirectUri = `${server.config.publicUrl}/api/sso/oidc/callback`;
    idp = await startTestIdp(redirectUri);
    domain = `${uniqueName('home')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}.example`;
  });
  afterAll(async () => {
    await idp?.close();
    await context.cleanup();
  });

  it('stores a connection (the secret is never answered) with its domain pending, and serves nobody until approved', async () => {
    const saved = await putConnection(connectionBody());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ protocol: 'oidc', client_secret_set: true, domains: [{ domain, status: 'pending' }], redirect_uri: redirectUri });
    expect(JSON.stringify(saved.body)).not.toContain(idp.clientSecret);
    const stored = await server.app.knex('sso_connections').where('tenant_id', world.home.id).first();
    expect(stored.client_secret_encrypted).not.toContain(idp.clientSecret);

    const refused = await server.api.post('/sso/start', { email: `someone@${domain}` });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'sso_not_found', message: 'No single sign-on is set up for this email address.' });

    // A master may test it meanwhile: the provider answers, nobody is signed in.
    const test = await server.api.post(`/tenants/${world.home.id}/sso/test`, undefined, { token: world.people.master.token });
    expect(test.status).toBe(200);
    const person = newPerson();
    const result = await callback(await throughProvider(person, async () => keptStart(test)));
    expect(result).toBe(`${server.config.publicUrl}/${world.home.slug}/admin/single-sign-on?test=succeeded&email=${encodeURIComponent(person.email!)}`);
    expect(await server.app.knex('users').where('email', person.email).first()).toBeUndefined();

    const pending = await server.api.get('/sso-domains?status=pending', { token: world.people.owner.token });
    expect(pending.body.data.map((row: { domain: string }) => row.domain)).toContain(domain);
    await approve(domain);
    // Keeping the domain in a changed connection keeps it approved; the secret may be left out.
    const kept = await putConnection(connectionBody({ client_secret: undefined, name: 'Home IdP' }));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.domains).toEqual([{ domain, status: 'approved' }]);
  });

  it('signs a new person in just in time (default role, groups created) with a single-use login code; the login is not confined', async () => {
    const person = newPerson({ groups: ['Night shift', 'Lab'] });
    const location = await callback(await throughProvider(person));
    const fragment = fragmentOf(location);
    expect(fragment.get('organization')).toBe(world.home.slug);
    const code = fragment.get('login')!;
    const exchanged = await exchange(code);
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    expect(exchanged.body.refresh_token).toEqual(expect.any(String));
    expect((await exchange(code)).status).toBe(400);

    const me = await server.api.get('/users/me', { token: exchanged.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(person.email);
    const account = await server.app.knex('users').where('email', person.email).first();
    expect(account.password_hash).toBeNull();
    const membership = await server.app.knex('tenant_users').where({ tenant_id: world.home.id, user_id: account.id }).first();
    expect(membership).toMatchObject({ role: 'user', invited_at: null });
    const groups = await server.app
      .knex('group_tenant_users as gm')
      .join('groups as g', 'g.id', 'gm.group_id')
      .where('gm.tenant_user_id', membership.id)
      .pluck('g.name');
    expect(groups.sort()).toEqual(['Lab', 'Night shift']);
    // Unconfined: the profile is reachable (an embed session's login would be refused).
    const profile = await server.api.request('PATCH', '/users/me', { json: { name: 'Sam Single' }, token: exchanged.body.access_token });
    expect(profile.status).not.toBe(403);

    // The same subject again: the linked account, no second membership.
    await signedIn(person);
    const [{ n }] = await server.app.knex('tenant_users').where({ tenant_id: world.home.id, user_id: account.id }).count({ n: '*' });
    expect(Number(n)).toBe(1);

    // A login code lives 60 seconds.
    const late = fragmentOf(await callback(await throughProvider(person))).get('login')!;
    await server.app
      .knex('sso_login_codes')
      .whereNull('used_at')
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await exchange(late);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'invalid_grant', message: 'This single sign-on login is invalid, spent or expired. Please sign in again.' });
  });

  it('links an existing account only when the provider says the address is verified', async () => {
    const existing = await createUser(server, { email: `known.${Date.now()}@${domain}` });
    await insertMembership(server, world.other.id, existing.id);
    const unverified = await callback(await throughProvider(newPerson({ email: existing.email, email_verified: false })));
    expect(errorOf(unverified)).toMatch(/did not say the address is verified/);
    expect(await server.app.knex('external_identities').where('user_id', existing.id).first()).toBeUndefined();

    const tokens = await signedIn(newPerson({ email: existing.email }));
    const me = await server.api.get('/users/me', { token: tokens.access_token });
    expect(me.body.data.id).toBe(existing.id);
    // The other organization the account belongs to is reachable too.
    expect((await server.api.get(`/tenants/${world.other.id}/modules`, { token: tokens.access_token })).status).toBe(200);
  });

  it('accepts an invitation at the first sign-in', async () => {
    const invited = await createUser(server, { email: `invited.${Date.now()}@${domain}` });
    const membershipId = await insertMembership(server, world.home.id, invited.id, { invited: true, role: 'admin' });
    await signedIn(newPerson({ email: invited.email }));
    expect(await server.app.knex('tenant_users').where('id', membershipId).first()).toMatchObject({ invited_at: null, role: 'admin' });
  });

  it('refuses a replayed, unknown, missing or expired state, and a code of another sign-in', async () => {
    const providerUrl = await throughProvider(newPerson());
    fragmentOf(await callback(providerUrl));
    expect(errorOf(await callback(providerUrl))).toBe('This sign-in expired or was already used. Please start again.');
    expect(errorOf(await callback(`${redirectUri}?code=abc&state=${'x'.repeat(43)}`))).toMatch(/expired or was already used/);
    expect(errorOf(await callback(`${redirectUri}?code=abc`))).toMatch(/expired or was already used/);

    const late = await throughProvider(newPerson());
    await server.app.knex('sso_logins').update({ expires_at: new Date(Date.now() - 1000) });
    expect(errorOf(await callback(late))).toMatch(/expired or was already used/);

    // The code of sign-in B presented with the state of sign-in A: PKCE and nonce belong to B.
    const first = new URL(await throughProvider(newPerson()));
    const second = new URL(await throughProvider(newPerson()));
    const swapped = `${redirectUri}?code=${second.searchParams.get('code')}&state=${first.searchParams.get('state')}&iss=${encodeURIComponent(idp.issuer)}`;
    expect(errorOf(await callback(swapped))).toMatch(/invalid_grant/);

    // An id token whose nonce is not the one this sign-in sent.
    const tampered = await throughProvider(newPerson());
    await server.app.knex('sso_logins').whereNull('spent_at').update({ nonce: 'another-nonce-0123456789abcdef0123456789' });
    expect(errorOf(await callback(tampered))).toMatch(/nonce/);
  });

  it('refuses a callback in another browser than the one that started the sign-in (login CSRF), and keeps it for its own', async () => {
    const person = newPerson();
    const providerUrl = await throughProvider(person);
    // An attacker's own sign-in, its callback URL planted in a victim's browser: the victim's browser has no cookie.
    expect(errorOf(await callback(providerUrl, { cookie: false }))).toBe('This sign-in was started in another browser. Please start again in this one.');
    // Another sign-in's cookie is not this one's.
    const other = new URL(await throughProvider(newPerson()));
    const otherCookie = cookieJar.get(other.searchParams.get('state')!)!;
    const state = new URL(providerUrl).searchParams.get('state')!;
    cookieJar.set(state, `${cookieJar.get(state)!.split('=')[0]}=${otherCookie.split('=')[1]}`);
    expect(errorOf(await callback(providerUrl))).toMatch(/started in another browser/);
    expect(await server.app.knex('users').where('email', person.email).first()).toBeUndefined();
  });

  it('shows what the provider said when it refuses the sign-in', async () => {
    const location = await callback(await throughProvider(newPerson({ refusal: 'The account is locked in the directory.' })));
    expect(errorOf(location)).toBe('access_denied: The account is locked in the directory.');
  });

  it('refuses a member whose membership is suspended', async () => {
    const suspended = await createUser(server, { email: `off.${Date.now()}@${domain}` });
    await insertMembership(server, world.home.id, suspended.id, { active: false });
    const location = await callback(await throughProvider(newPerson({ email: suspended.email })));
    expect(errorOf(location)).toBe('Your membership of this organization has been suspended.');
  });

  it('refuses a code issued to another client of the provider (another audience)', async () => {
    const person = newPerson();
    idp.signInAs(person);
    const started = new URL(await startUrl(person.email!));
    // Another application of the same provider asks for a code with the state our server issued.
    started.searchParams.set('client_id', idp.otherClientId);
    const providerUrl = await new Browser().follow(started.href, redirectUri);
    expect(errorOf(await callback(providerUrl))).toMatch(/invalid_grant|client/);
    expect(await server.app.knex('users').where('email', person.email).first()).toBeUndefined();
  });

  it('refuses an address of a domain the connection does not serve', async () => {
    const location = await callback(await throughProvider(newPerson({ email: `x.${Date.now()}@elsewhere.example` }), () => startUrl(`y@${domain}`)));
    expect(errorOf(location)).toBe("elsewhere.example is not served by this organization's single sign-on.");
  });

  it('answers 422 per field: discovery unreadable, bad URL, domain claimed elsewhere, missing secret', async () => {
    const unreadable = await putConnection(connectionBody({ issuer: 'http://127.0.0.1:9/nothing' }));
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.errors.issuer[0]).toMatch(/^The issuer's discovery document could not be read: /);
    const badUrl = await putConnection(connectionBody({ issuer: 'not a url' }));
    expect(badUrl.body.errors.issuer).toEqual(['The issuer must be a valid http or https URL.']);
    const other = await insertTenant(server, { name: uniqueName('Rival') });
    const master = await createUser(server);
    await insertMembership(server, other.id, master.id, { role: 'master' });
    const { access_token: token } = (
      await server.api.post('/token', undefined, {
        form: { grant_type: 'password', client_id: 'tessera-web', email: master.email, password: 'Correct-horse-1' },
      })
    ).body;
    const claimed = await putConnection(connectionBody(), token, other.id);
    expect(claimed.status).toBe(422);
    expect(claimed.body.errors.domains).toEqual([`${domain} is already claimed by another organization.`]);
    const noSecret = await putConnection(connectionBody({ client_secret: undefined, domains: ['rival.example'] }), token, other.id);
    expect(noSecret.body.errors.client_secret).toEqual(['The client secret field is required.']);
    const saml = await putConnection(
      {
        protocol: 'saml',
        name: 'Rival SAML',
        domains: ['rival.example'],
        idp_entity_id: 'urn:x',
        idp_sso_url: 'https://idp.example/sso',
        idp_certificate: 'bm90IGEgY2VydA==',
      },
      token,
      other.id,
    );
    expect(saml.body.errors.idp_certificate).toEqual(['The certificate is not a valid X.509 certificate (PEM).']);
  });

  it('keeps the connection to masters and the owner, and domain decisions to the owner', async () => {
    for (const actor of ['user', 'admin'] as const) {
      expect((await server.api.get(`/tenants/${world.home.id}/sso`, { token: world.people[actor].token })).status).toBe(403);
    }
    expect((await server.api.get(`/tenants/${world.home.id}/sso`, { token: world.people.outsider.token })).status).toBe(404);
    expect((await server.api.get(`/tenants/${world.home.id}/sso`, { token: world.people.owner.token })).status).toBe(200);
    // Starting a test sign-in (its rows here: it needs a live provider; permission-coverage.test.ts).
    for (const [actor, status] of [
      ['user', 403],
      ['admin', 403],
      ['outsider', 404],
      ['suspended', 403],
      ['owner', 200],
      ['master', 200],
    ] as const) {
      const started = await server.api.post(`/tenants/${world.home.id}/sso/test`, undefined, { token: world.people[actor].token });
      expect(started.status, actor).toBe(status);
    }
    expect((await server.api.post(`/tenants/${world.home.id}/sso/test`)).status).toBe(401);
    expect((await server.api.get('/sso-domains', { token: world.people.master.token })).status).toBe(403);
    expect((await server.api.post(`/sso-domains/${domain}/reject`, undefined, { token: world.people.master.token })).status).toBe(403);
  });

  it('enforces single sign-on: password login refused with sso_url, a master let in (break-glass), forgot password sends nothing', async () => {
    expect((await putConnection(connectionBody({ client_secret: undefined, enforce_sso: true }))).status).toBe(200);
    const person = await createUser(server, { email: `pw.${Date.now()}@${domain}` });
    const refused = await server.api.post('/token', undefined, {
      form: { grant_type: 'password', client_id: 'tessera-web', email: person.email, password: 'Correct-horse-1' },
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'invalid_credentials', sso_url: `/sso?email=${encodeURIComponent(person.email)}` });

    const master = await createUser(server, { email: `boss.${Date.now()}@${domain}` });
    await insertMembership(server, world.home.id, master.id, { role: 'master' });
    const allowed = await server.api.post('/token', undefined, {
      form: { grant_type: 'password', client_id: 'tessera-web', email: master.email, password: 'Correct-horse-1' },
    });
    expect(allowed.status).toBe(200);
    expect(await server.app.knex('audit_events').where({ tenant_id: world.home.id, action: 'sso.break_glass_login' }).first()).toMatchObject({
      actor_id: master.id,
    });

    const before = readOutbox(server.dataDir).length;
    expect((await server.api.post('/forgot-password', { email: person.email })).status).toBe(202);
    await jobsSettled(server);
    expect(readOutbox(server.dataDir).filter((mail) => mail.to === person.email)).toHaveLength(0);
    expect(readOutbox(server.dataDir).length).toBe(before);
    expect((await putConnection(connectionBody({ client_secret: undefined, enforce_sso: false }))).status).toBe(200);
  });

  it('refuses a sign-in whose connection was deleted mid-flow, and starts none for an organization without one', async () => {
    const providerUrl = await throughProvider(newPerson());
    expect((await server.api.request('DELETE', `/tenants/${world.home.id}/sso`, { token: world.people.master.token })).status).toBe(204);
    expect(errorOf(await callback(providerUrl))).toMatch(/expired or was already used|no longer has single sign-on/);
    const none = await server.api.post('/sso/start', { organization: world.home.slug });
    expect(none.body).toMatchObject({ code: 'sso_not_found', message: 'No single sign-on is set up for this organization.' });
    expect(await server.app.knex('sso_domains').where('domain', domain).first()).toBeUndefined();
  });
});
