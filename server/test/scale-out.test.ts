/** Two server processes on one database serve the same people: tokens, captchas and links work on both. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from './support/captcha.js';
import {
  PASSWORD,
  databaseKinds,
  loggedInUser,
  parseLink,
  startServer,
  startTestServer,
  uniqueEmail,
  waitForMail,
  type TestContext,
  type TestServer,
} from './support/server.js';

describe.each(databaseKinds)('two servers on one %s database', (kind) => {
  let context: TestContext;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    context = await startTestServer(kind);
    first = context.server;
    second = await startServer(first.config);
  });
  afterAll(async () => {
    await second.close();
    await context.cleanup();
  });

  it('accepts on one server the tokens issued by the other, and rotates them there', async () => {
    const { tokens } = await loggedInUser(first);
    expect((await second.api.get('/users/me', { token: tokens.access_token })).status).toBe(200);
    const rotated = await second.api.post('/token', { grant_type: 'refresh_token', client_id: 'tessera-web', refresh_token: tokens.refresh_token });
    expect(rotated.status).toBe(200);
    expect((await first.api.get('/users/me', { token: rotated.body.access_token })).status).toBe(200);
    // Reuse detected by the other server still revokes the login everywhere (once past the grace window, in
    // which the same token answers the same pair: oidc/rotation-grace.ts).
    const graceMs = first.config.tokens.refreshGraceSeconds * 1000;
    await first.app
      .knex('oidc_payloads')
      .where({ kind: 'RefreshToken', id: tokens.refresh_token })
      .update({ consumed_at: new Date(Date.now() - graceMs - 1000) });
    const reuse = await first.api.post('/token', { grant_type: 'refresh_token', client_id: 'tessera-web', refresh_token: tokens.refresh_token });
    expect(reuse.status).toBe(400);
    expect((await second.api.get('/users/me', { token: rotated.body.access_token })).status).toBe(401);
  });

  it('ends a session on both servers with a logout on one, even right after both used it', async () => {
    const { tokens } = await loggedInUser(first);
    // Both servers have just looked the token up (their prepared statements ran): no stale reads afterwards.
    expect((await first.api.get('/users/me', { token: tokens.access_token })).status).toBe(200);
    expect((await second.api.get('/users/me', { token: tokens.access_token })).status).toBe(200);
    expect((await second.api.post('/token', undefined, { token: tokens.access_token })).status).toBe(204);
    expect((await first.api.get('/users/me', { token: tokens.access_token })).status).toBe(401);
  });

  it('sees membership changes made through the other server at once', async () => {
    const { user, tokens } = await loggedInUser(first);
    expect((await first.api.get('/users/me', { token: tokens.access_token })).body.data.memberships).toEqual([]);
    const now = new Date();
    const tenantId = crypto.randomUUID();
    await second.app.knex('tenants').insert({ id: tenantId, name: 'Shared Org', slug: `shared-${tenantId}`, created_at: now, updated_at: now });
    await second.app
      .knex('tenant_users')
      .insert({ id: crypto.randomUUID(), tenant_id: tenantId, user_id: user.id, role: 'admin', created_at: now, updated_at: now });
    const me = await first.api.get('/users/me', { token: tokens.access_token });
    expect(me.body.data.memberships.map((m: { role: string }) => m.role)).toEqual(['admin']);
  });

  it('verifies a captcha of one server on the other, once across both', async () => {
    const recaptcha_token = await solvedCaptcha(first.api);
    const email = uniqueEmail('scaled');
    const body = { email, name: 'Sky Scaled', password: PASSWORD, recaptcha_token };
    expect((await second.api.post('/sign-up', body)).status).toBe(201);
    expect((await first.api.post('/sign-up', { ...body, email: uniqueEmail() })).body.errors).toHaveProperty('recaptcha_token');

    const { token } = parseLink((await waitForMail(context.dataDir, email)).links[0]);
    expect((await first.api.post('/confirm-email', { token, email })).status).toBe(200);
  });
});
