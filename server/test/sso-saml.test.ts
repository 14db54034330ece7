/**
 * Single sign-on through an organization's SAML 2.0 IdP (issue 33, features/sso/saml.ts): samlify acting as the IdP
 * (support/saml-idp.ts) signs real assertions with a key made here; the test plays the browser (the AuthnRequest's
 * redirect, the IdP's form POST to the ACS with the sign-in's cookie). Sign-in just in time with groups, the SP
 * metadata, the test flow, and the attacks: unsigned assertion, another key, expired, another audience, another
 * recipient, unknown or missing InResponseTo, replay, a domain not approved, another organization's ACS, malformed
 * and XXE/billion-laughs bodies, and another browser.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAML_CLOCK_SKEW_MS } from '../src/features/sso/saml.js';
import { startTestSamlIdp, type ResponseOverrides, type SamlPerson, type TestSamlIdp } from './support/saml-idp.js';
import { buildWorld, uniqueName, type World } from './support/people.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';

describe.each(databaseKinds)('single sign-on (SAML 2.0) on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;
  let idp: TestSamlIdp;
  let stranger: TestSamlIdp;
  let domain: string;
  let people = 0;
  const cookieJar = new Map<string, string>();

  function sp(tenantId = world.home.id) {
    const base = `${server.config.publicUrl}/api/sso/saml/${tenantId}`;
    return { entityId: `${base}/metadata`, acsUrl: `${base}/acs` };
  }

  function newPerson(overrides: Partial<SamlPerson> = {}): SamlPerson {
    people += 1;
    return { email: `s${people}.${Date.now()}@${domain}`, name: 'Sam Saml', ...overrides };
  }

  /** Starts a sign-in, keeps its cookie by RelayState: the IdP's URL. */
  async function start(started?: { status: number; body: { data: { url: string } }; headers: Headers }): Promise<string> {
    const answer = started ?? (await server.api.post('/sso/start', { email: `anyone@${domain}` }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const url = answer.body.data.url;
    expect(url.startsWith(idp.ssoUrl)).toBe(true);
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^tessera_sso_[0-9a-f]{16}=[\w-]{43}; Path=\/api\/sso\/saml\/[\w-]+\/acs; Max-Age=600; HttpOnly; SameSite=Lax$/);
    cookieJar.set(new URL(url).searchParams.get('RelayState')!, cookie.split(';')[0]!);
    return url;
  }

  /** The IdP's form POST to an ACS: where Tessera redirects. */
  async function post(form: Record<string, string>, { tenantId = world.home.id, cookie = true } = {}): Promise<string> {
    const kept = cookieJar.get(form.RelayState ?? '');
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
    if (cookie && kept) headers.Cookie = kept;
    const response = await fetch(`${server.url}/api/sso/saml/${tenantId}/acs`, {
      method: 'POST',
      redirect: 'manual',
      headers,
      body: new URLSearchParams(form).toString(),
    });
    expect(response.status, await response.clone().text()).toBe(303);
    return response.headers.get('location')!;
  }

  async function signIn(person: SamlPerson, overrides: ResponseOverrides = {}, options: { signAssertion?: boolean; by?: TestSamlIdp } = {}) {
    const url = await start();
    const SAMLResponse = await (options.by ?? idp).respond(url, person, sp(), overrides, options);
    const RelayState = new URL(url).searchParams.get('RelayState')!;
    return { location: await post({ SAMLResponse, RelayState }), form: { SAMLResponse, RelayState } };
  }

  function errorOf(location: string): string {
    expect(location.startsWith(`${server.config.publicUrl}/sso?`), location).toBe(true);
    return new URL(location).searchParams.get('error')!;
  }

  function loginOf(location: string): string {
    expect(location.startsWith(`${server.config.publicUrl}/sso/complete#`), location).toBe(true);
    return new URLSearchParams(location.split('#')[1]).get('login')!;
  }

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    world = await buildWorld(server);
    idp = await startTestSamlIdp('home-idp');
    stranger = await startTestSamlIdp('stranger-idp');
    domain = `${uniqueName('saml')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}.example`;
    const saved = await server.api.request('PUT', `/tenants/${world.home.id}/sso`, {
      json: {
        protocol: 'saml',
        name: 'Home SAML',
        domains: [domain],
        default_role: 'user',
        just_in_time: true,
        groups_claim: 'groups',
        idp_metadata: idp.metadata,
      },
      token: world.people.master.token,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(() => context.cleanup());

  it('serves the SP metadata (XML naming the ACS), 404 for an organization without SAML', async () => {
    const response = await fetch(`${server.url}/api/sso/saml/${world.home.id}/metadata`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/samlmetadata+xml');
    const parsed = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true }).parse(await response.text());
    expect(parsed.EntityDescriptor['@_entityID']).toBe(sp().entityId);
    expect(JSON.stringify(parsed)).toContain(sp().acsUrl);
    expect((await fetch(`${server.url}/api/sso/saml/${world.other.id}/metadata`)).status).toBe(404);
  });

  it('a test sign-in works while the domain is pending and signs nobody in; then a domain not approved is refused', async () => {
    const test = await server.api.post(`/tenants/${world.home.id}/sso/test`, undefined, { token: world.people.master.token });
    const url = await start(test);
    const person = newPerson();
    const location = await post({ SAMLResponse: await idp.respond(url, person, sp()), RelayState: new URL(url).searchParams.get('RelayState')! });
    expect(location).toBe(`${server.config.publicUrl}/${world.home.slug}/admin/single-sign-on?test=succeeded&email=${encodeURIComponent(person.email)}`);
    expect(await server.app.knex('users').where('email', person.email).first()).toBeUndefined();
    // Not approved: /sso/start serves nobody for the domain.
    expect((await server.api.post('/sso/start', { email: person.email })).status).toBe(404);
    const approved = await server.api.post(`/sso-domains/${domain}/approve`, undefined, { token: world.people.owner.token });
    expect(approved.status).toBe(200);
  });

  it('signs a new person in just in time, into the groups of the groups attribute; the same person again is linked', async () => {
    const person = newPerson({ groups: ['Night shift', 'Lab'] });
    const { location } = await signIn(person);
    const account = await server.app.knex('users').where('email', person.email).first();
    expect(account).toMatchObject({ name: 'Sam Saml', password_hash: null });
    const membership = await server.app.knex('tenant_users').where({ tenant_id: world.home.id, user_id: account.id }).first();
    expect(membership).toMatchObject({ role: 'user' });
    const groups = await server.app
      .knex('group_tenant_users as gm')
      .join('groups as g', 'g.id', 'gm.group_id')
      .where('gm.tenant_user_id', membership.id)
      .pluck('g.name');
    expect(groups.sort()).toEqual(['Lab', 'Night shift']);
    expect(loginOf(location)).toMatch(/^[\w-]{43}$/);
    loginOf((await signIn(person)).location);
    const links = await server.app.knex('external_identities').where('user_id', account.id);
    expect(links).toHaveLength(1);
    // An IdP's clock a minute ahead: an assertion just past its NotOnOrAfter is within the skew allowed.
    const justPast = new Date(Date.now() - 60 * 1000).toISOString();
    loginOf((await signIn(person, { ConditionsNotOnOrAfter: justPast, SubjectConfirmationDataNotOnOrAfter: justPast })).location);
  });

  it('refuses a replay, an unsigned assertion, another key, an expired assertion, another audience and recipient', async () => {
    const { form } = await signIn(newPerson());
    // The same response again: its sign-in is spent; and were it not, its assertion was seen (any process).
    expect(errorOf(await post(form))).toBe('This sign-in expired or was already used. Please start again.');
    await server.app.knex('sso_logins').update({ spent_at: null });
    expect(errorOf(await post(form))).toBe('This answer of the identity provider was already used. Please start again.');
    expect(errorOf((await signIn(newPerson(), {}, { signAssertion: false })).location)).toMatch(/signature/i);
    expect(errorOf((await signIn(newPerson(), { Issuer: idp.entityId }, { by: stranger })).location)).toMatch(/signature/i);
    expect(errorOf((await signIn(newPerson(), { Issuer: 'https://elsewhere.example/idp' })).location)).toMatch(/issuer/i);
    // Past its NotOnOrAfter by more than the clock skew allowed.
    const past = new Date(Date.now() - SAML_CLOCK_SKEW_MS - 60 * 1000).toISOString();
    expect(
      errorOf(
        (
          await signIn(newPerson(), {
            ConditionsNotOnOrAfter: past,
            SubjectConfirmationDataNotOnOrAfter: past,
            ConditionsNotBefore: new Date(Date.now() - 20 * 60 * 1000).toISOString(),
          })
        ).location,
      ),
    ).toMatch(/expired|subject confirmation/i);
    expect(errorOf((await signIn(newPerson(), { Audience: 'https://elsewhere.example/sp' })).location)).toMatch(/audience/i);
    expect(errorOf((await signIn(newPerson(), { SubjectRecipient: 'https://elsewhere.example/acs' })).location)).toMatch(/recipient/i);
    expect(errorOf((await signIn(newPerson(), { Destination: 'https://elsewhere.example/acs' })).location)).toMatch(/destination/i);
    expect(errorOf((await signIn(newPerson(), { InResponseTo: '_unknown0123456789' })).location)).toMatch(/InResponseTo/i);
    expect(errorOf((await signIn(newPerson(), { InResponseTo: '' })).location)).toBe('InResponseTo is missing from response');
    expect(errorOf((await signIn(newPerson({ email: `someone@not-${domain}` }))).location)).toContain('is not served');
  });

  it("refuses an unsolicited response, another browser, another organization's ACS and malformed bodies (never a 500)", async () => {
    const url = await start();
    const RelayState = new URL(url).searchParams.get('RelayState')!;
    const SAMLResponse = await idp.respond(url, newPerson(), sp());
    expect(errorOf(await post({ SAMLResponse }))).toBe('The identity provider sent a sign-in nobody started here. Please start signing in from Tessera.');
    expect(errorOf(await post({ SAMLResponse, RelayState }, { cookie: false }))).toBe(
      'This sign-in was started in another browser. Please start again in this one.',
    );
    expect(errorOf(await post({ SAMLResponse, RelayState }, { tenantId: world.other.id }))).toBe(
      'This sign-in expired or was already used. Please start again.',
    );
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">&lol3;</samlp:Response>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">&x;</samlp:Response>`;
    for (const body of [
      'not base64 !!',
      Buffer.from('not xml').toString('base64'),
      Buffer.from(laughs).toString('base64'),
      Buffer.from(xxe).toString('base64'),
    ]) {
      const next = await start();
      const error = errorOf(await post({ SAMLResponse: body, RelayState: new URL(next).searchParams.get('RelayState')! }));
      expect(error).not.toContain('root:');
    }
    const huge = await fetch(`${server.url}/api/sso/saml/${world.home.id}/acs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `SAMLResponse=${'A'.repeat(server.config.bodyLimit + 10)}`,
    });
    expect(huge.status).toBe(413);
  });
});

describe('single sign-on (SAML 2.0) served over https', () => {
  it("binds the sign-in with a SameSite=None; Secure cookie: the IdP's form POST comes from another site", async () => {
    const context = await startTestServer('sqlite', { publicUrl: 'https://tessera.test' });
    try {
      const world = await buildWorld(context.server);
      const idp = await startTestSamlIdp('secure-idp');
      const saved = await context.server.api.request('PUT', `/tenants/${world.home.id}/sso`, {
        json: {
          protocol: 'saml',
          name: 'Secure SAML',
          domains: [
            `${uniqueName('secure')
              .toLowerCase()
              .replace(/[^a-z0-9]/g, '')}.example`,
          ],
          idp_metadata: idp.metadata,
        },
        token: world.people.master.token,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const test = await context.server.api.post(`/tenants/${world.home.id}/sso/test`, undefined, { token: world.people.master.token });
      expect(test.status).toBe(200);
      expect(test.headers.get('set-cookie')).toMatch(
        new RegExp(`^tessera_sso_[0-9a-f]{16}=[\\w-]{43}; Path=/api/sso/saml/${world.home.id}/acs; Max-Age=600; HttpOnly; SameSite=None; Secure$`),
      );
    } finally {
      await context.cleanup();
    }
  });
});
