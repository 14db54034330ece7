/**
 * A standard OAuth/OIDC client (openid-client) against the server: discovery, the password grant with OAuth's
 * `username`, refresh, revocation, and errors it can tell apart (`invalid_grant` for an ended session, versus a
 * refused client or request). Raw requests check the error bodies carry both shapes (oidc/oauth-errors.ts).
 */
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertContract } from './support/contract.js';
import { createIntegrationClient } from '../src/features/integration-clients/service.js';
import { insertTenant } from './support/people.js';
import { PASSWORD, createUser, databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';

/** The test server's PUBLIC_URL (support/server.ts): the issuer and endpoints are named with it. */
const PUBLIC_URL = 'http://tessera.test';

describe.each(databaseKinds)('OAuth interoperability on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let config: client.Configuration;

  /** Requests to PUBLIC_URL go to the test server, which listens on an ephemeral port. */
  const toTestServer: client.CustomFetch = (url, options) => fetch(url.replace(PUBLIC_URL, server.url), options as RequestInit);

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    config = await client.discovery(new URL(`${PUBLIC_URL}/api`), 'tessera-web', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: toTestServer,
    });
    config[client.customFetch] = toTestServer;
  });
  afterAll(() => context.cleanup());

  async function passwordLogin(username: string, password = PASSWORD) {
    return client.genericGrantRequest(config, 'password', { username, password });
  }

  /** The error openid-client throws for an error answer, or undefined when it resolved. */
  async function oauthError(attempt: Promise<unknown>): Promise<client.ResponseBodyError> {
    const error = await attempt.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(client.ResponseBodyError);
    return error as client.ResponseBodyError;
  }

  it('discovers the token and revocation endpoints from the issuer PUBLIC_URL/api', async () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(`${PUBLIC_URL}/api`);
    expect(metadata.token_endpoint).toBe(`${PUBLIC_URL}/api/token`);
    expect(metadata.revocation_endpoint).toBe(`${PUBLIC_URL}/api/token/revocation`);
    // Only what this server answers (oidc-code-flow.test.ts checks the code flow's endpoints): no implicit grant.
    expect(metadata.grant_types_supported).toEqual([
      'authorization_code',
      'password',
      'refresh_token',
      'client_credentials',
      'urn:ietf:params:oauth:grant-type:token-exchange',
    ]);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.authorization_endpoint).toBe(`${PUBLIC_URL}/api/authorize`);

    const documented = await server.api.get('/.well-known/openid-configuration');
    expect(documented.status).toBe(200);
    for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server/api']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.json(), path).toEqual(documented.body);
    }
  });

  it('logs in with `username` (OAuth) as the email, refreshes, and the token works on the API', async () => {
    const user = await createUser(server);
    const tokens = await passwordLogin(user.email.toUpperCase());
    expect(tokens.token_type).toBe('bearer');
    const me = await server.api.get('/users/me', { token: tokens.access_token });
    expect(me.body.data.email).toBe(user.email);

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect((await server.api.get('/users/me', { token: refreshed.access_token })).status).toBe(200);
  });

  it('tells an ended session (invalid_grant) apart, with the spec message beside it', async () => {
    const user = await createUser(server);
    const wrong = await oauthError(passwordLogin(user.email, 'Wrong-password-1'));
    expect(wrong.error).toBe('invalid_grant');
    expect(wrong.status).toBe(401);
    expect(wrong.cause).toMatchObject({ code: 'invalid_credentials', message: 'The email and/or password are incorrect.' });
    expect(wrong.error_description).toBe('The email and/or password are incorrect.');

    const tokens = await passwordLogin(user.email);
    await client.tokenRevocation(config, tokens.refresh_token!);
    // Revoking the refresh token ended the login: its access token too.
    expect((await server.api.get('/users/me', { token: tokens.access_token })).status).toBe(401);
    const ended = await oauthError(client.refreshTokenGrant(config, tokens.refresh_token!));
    expect(ended.error).toBe('invalid_grant');
    expect(ended.cause).toMatchObject({ code: 'invalid_grant', message: 'Your session has expired. Please log in again.' });
  });

  it('answers every token endpoint error in both shapes', async () => {
    const cases: { form: Record<string, string>; status: number; error: string; code: string }[] = [
      {
        form: { grant_type: 'password', client_id: 'tessera-web', username: 'not-an-email', password: 'x' },
        status: 422,
        error: 'invalid_request',
        code: 'validation_failed',
      },
      { form: { grant_type: 'implicit', client_id: 'tessera-web' }, status: 422, error: 'unsupported_grant_type', code: 'validation_failed' },
      // RFC 6749 5.2: a grant that cannot be used is 400 (a password login's failure stays the spec's 401).
      {
        form: { grant_type: 'refresh_token', client_id: 'tessera-web', refresh_token: 'no-such-token-000000000000' },
        status: 400,
        error: 'invalid_grant',
        code: 'invalid_grant',
      },
      {
        form: { grant_type: 'refresh_token', client_id: 'nobody', refresh_token: 'no-such-token-000000000000' },
        status: 401,
        error: 'invalid_client',
        code: 'invalid_client',
      },
    ];
    for (const { form, status, error, code } of cases) {
      const response = await server.api.post('/token', undefined, { form });
      expect(response.status, JSON.stringify(form)).toBe(status);
      expect(response.body, JSON.stringify(form)).toMatchObject({ error, code });
      expect(response.body.error_description).toBe(response.body.message);
    }
    const invalid = await server.api.post('/token', undefined, {
      form: { grant_type: 'password', client_id: 'tessera-web', username: 'not-an-email', password: 'x' },
    });
    expect(invalid.body.errors.email).toBeDefined();
  });

  it('gives an integration client a token through openid-client (client_credentials, HTTP Basic)', async () => {
    const tenant = await insertTenant(server);
    const owner = await createUser(server, { isOwner: true });
    const { row, secret } = await createIntegrationClient(server.app.db, tenant.id, owner.id, { name: 'Nightly sync', role: 'admin' });
    const service = await client.discovery(new URL(`${PUBLIC_URL}/api`), row.id, undefined, client.ClientSecretBasic(secret), {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: toTestServer,
    });
    service[client.customFetch] = toTestServer;
    const tokens = await client.clientCredentialsGrant(service);
    expect(tokens.refresh_token).toBeUndefined();
    expect((await server.api.get(`/tenants/${tenant.id}/modules`, { token: tokens.access_token })).status).toBe(200);

    const wrong = await client.discovery(new URL(`${PUBLIC_URL}/api`), row.id, undefined, client.ClientSecretBasic(`${secret}x`), {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: toTestServer,
    });
    wrong[client.customFetch] = toTestServer;
    const refused = await oauthError(client.clientCredentialsGrant(wrong));
    expect(refused.error).toBe('invalid_client');
  });

  it('revokes per RFC 7009: an unknown token is 200, a missing one 400 in both shapes', async () => {
    const revoke = (form: Record<string, string>) => server.api.post('/token/revocation', undefined, { form });
    const unknown = await revoke({ token: 'no-such-token-000000000000', client_id: 'tessera-web' });
    expect(unknown.status).toBe(200);
    const missing = await revoke({ client_id: 'tessera-web' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'invalid_request', code: 'bad_request' });
    expect(missing.body.message).toBe(missing.body.error_description);
    assertContract('POST', '/token/revocation', missing.status, missing.body);
  });
});
