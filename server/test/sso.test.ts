/**
 * Single sign-on without a provider (issue 33, features/sso): the SAML fields of a connection (metadata parsed, a
 * certificate that is not one refused; the sign-in flow answers 409 until it is served), the owner's domain list, and
 * the providers refused in production (http, private and loopback addresses) unless SSO_ALLOW_INSECURE_PROVIDERS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { providerUrlProblem } from '../src/features/sso/oidc.js';
import { readIdpMetadata } from '../src/features/sso/saml-metadata.js';
import { buildWorld, uniqueName, type World } from './support/people.js';
import { idpMetadata, TEST_IDP_CERTIFICATE } from './support/saml-fixtures.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';

describe('providers allowed by environment', () => {
  it('refuses http and private or loopback providers in production unless SSO_ALLOW_INSECURE_PROVIDERS=1', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).sso.allowInsecureProviders).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SSO_ALLOW_INSECURE_PROVIDERS: '1' }).sso.allowInsecureProviders).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).sso.allowInsecureProviders).toBe(true);
    expect(await providerUrlProblem('issuer', new URL('http://idp.example'), false)).toBe('The issuer must use https.');
    expect(await providerUrlProblem('issuer', new URL('https://127.0.0.1:8443'), false)).toBe(
      'The issuer may not point to a private, loopback or link-local address.',
    );
    expect(await providerUrlProblem('issuer', new URL('https://[::1]/'), false)).toMatch(/private, loopback/);
    expect(await providerUrlProblem('issuer', new URL('http://127.0.0.1:8443'), true)).toBeUndefined();
  });

  it('reads an IdP metadata document, and refuses one with a DTD, without an IdP or with a bad certificate', () => {
    expect(readIdpMetadata(idpMetadata('urn:acme', 'https://idp.example/sso'))).toEqual({
      entityId: 'urn:acme',
      ssoUrl: 'https://idp.example/sso',
      certificate: TEST_IDP_CERTIFICATE.trim(),
    });
    expect(readIdpMetadata('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>')).toEqual({
      problem: 'a document type declaration is not allowed.',
    });
    expect(readIdpMetadata('<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>')).toEqual({
      problem: 'it has no IDPSSODescriptor.',
    });
    expect(readIdpMetadata(idpMetadata('urn:acme', 'https://idp.example/sso', 'bm90IGEgY2VydA=='))).toEqual({
      problem: 'its signing certificate is not a valid X.509 certificate.',
    });
    expect('problem' in readIdpMetadata('<not xml')).toBe(true);
  });
});

describe.each(databaseKinds)('single sign-on connections without a provider on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;
  let domain: string;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    world = await buildWorld(server);
    domain = `${uniqueName('saml')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}.example`;
  });
  afterAll(() => context.cleanup());

  function put(body: Record<string, unknown>) {
    return server.api.request('PUT', `/tenants/${world.home.id}/sso`, { json: body, token: world.people.master.token });
  }

  it('stores a SAML connection from its metadata, with the values to copy into the IdP', async () => {
    const saved = await put({
      protocol: 'saml',
      name: 'Acme SAML',
      domains: [domain.toUpperCase(), domain],
      idp_metadata: idpMetadata('urn:acme', 'https://idp.example/sso'),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      protocol: 'saml',
      domains: [{ domain, status: 'pending' }],
      idp_entity_id: 'urn:acme',
      idp_sso_url: 'https://idp.example/sso',
      idp_certificate: TEST_IDP_CERTIFICATE.trim(),
      client_secret_set: false,
      acs_url: `${server.config.publicUrl}/api/sso/saml/${world.home.id}/acs`,
      sp_metadata_url: `${server.config.publicUrl}/api/sso/saml/${world.home.id}/metadata`,
      abilities: { update: true, delete: true, test: true },
    });
    const fields = await put({
      protocol: 'saml',
      name: 'Acme SAML',
      domains: [domain],
      idp_entity_id: 'urn:acme2',
      idp_sso_url: 'https://idp.example/sso2',
      idp_certificate: TEST_IDP_CERTIFICATE,
    });
    expect(fields.status).toBe(200);
    expect(fields.body.data.idp_entity_id).toBe('urn:acme2');
  });

  it('answers 422 per field for SAML and the shared fields', async () => {
    const missing = await put({ protocol: 'saml', name: 'Acme', domains: [domain] });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['idp_certificate', 'idp_entity_id', 'idp_sso_url']);
    const badMetadata = await put({ protocol: 'saml', name: 'Acme', domains: [domain], idp_metadata: '<x/>' });
    expect(badMetadata.body.errors.idp_metadata).toEqual(['The metadata is not valid SAML identity provider metadata: it has no IDPSSODescriptor.']);
    const badDomains = await put({ protocol: 'saml', name: 'Acme', domains: ['not a domain'], idp_metadata: idpMetadata('urn:a', 'https://idp.example/sso') });
    expect(badDomains.body.errors.domains).toEqual(['Each domain must be a domain name such as example.com.']);
    expect((await put({ protocol: 'oidc', name: 'Acme', domains: [] })).body.errors).toEqual({ domains: ['The domains field is required.'] });
    expect((await put({ protocol: 'oidc', name: 'Acme', domains: [domain] })).body.errors).toEqual({
      issuer: ['The issuer field is required.'],
      client_id: ['The client id field is required.'],
    });
    const role = await put({
      protocol: 'saml',
      name: 'Acme',
      domains: [domain],
      default_role: 'master',
      idp_metadata: idpMetadata('urn:a', 'https://idp.example/sso'),
    });
    expect(role.body.errors.default_role).toEqual(['The selected default role is invalid.']);
  });

  it("lists claims for the owner, and a SAML connection's sign-in starts at the IdP", async () => {
    const pending = await server.api.get(`/sso-domains?status=pending&search=${domain}`, { token: world.people.owner.token });
    expect(pending.status).toBe(200);
    expect(pending.body.data).toEqual([
      expect.objectContaining({
        domain,
        status: 'pending',
        tenant: { id: world.home.id, name: world.home.name, slug: world.home.slug },
        connection_name: 'Acme SAML',
        protocol: 'saml',
        decided_at: null,
      }),
    ]);
    // One organization's claims (the owner's organization screen): the id filters, another organization's finds none.
    const own = await server.api.get(`/sso-domains?tenant=${world.home.id.toUpperCase()}`, { token: world.people.owner.token });
    expect(own.body.data.map((row: { domain: string }) => row.domain)).toContain(domain);
    expect(own.body.data.every((row: { tenant: { id: string } }) => row.tenant.id === world.home.id)).toBe(true);
    const other = await server.api.get(`/sso-domains?tenant=${world.other.id}`, { token: world.people.owner.token });
    expect(other.body.data.map((row: { domain: string }) => row.domain)).not.toContain(domain);
    const approved = await server.api.post(`/sso-domains/${domain}/approve`, undefined, { token: world.people.owner.token });
    expect(approved.body.data).toMatchObject({ domain, status: 'approved', decided_at: expect.any(String) });
    expect(
      (await server.api.get('/sso-domains?status=pending', { token: world.people.owner.token })).body.data.map((row: { domain: string }) => row.domain),
    ).not.toContain(domain);

    const started = await server.api.post('/sso/start', { email: `a@${domain}` });
    expect(started.status).toBe(200);
    expect(new URL(started.body.data.url as string).searchParams.get('SAMLRequest')).toBeTruthy();
    const test = await server.api.post(`/tenants/${world.home.id}/sso/test`, undefined, { token: world.people.master.token });
    expect(test.status).toBe(200);
    expect((await server.api.post('/sso/start', {})).body.errors).toEqual({ email: ['Enter your email address.'] });
    expect((await server.api.post('/sso-domains/unknown.example/approve', undefined, { token: world.people.owner.token })).status).toBe(404);
  });
});
