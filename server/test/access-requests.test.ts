/** POST /api/access-requests: asking to join an organization by its name. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, loggedInUser, startTestServer, type TestContext, type TestServer } from './support/server.js';

describe.each(databaseKinds)('access requests on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  const tenant = { id: crypto.randomUUID(), name: 'Northwind Academy', slug: 'northwind-academy' };

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    const now = new Date();
    await server.app.knex('tenants').insert([
      { ...tenant, enable_bioreq: false, created_at: now, updated_at: now },
      { id: crypto.randomUUID(), name: 'Closed Academy', slug: 'closed-academy', enable_bioreq: false, deleted_at: now, created_at: now, updated_at: now },
    ]);
  });
  afterAll(() => context.cleanup());

  const request = (token: string, name: unknown) => server.api.post('/access-requests', { name }, { token });

  it('creates a pending request, matching the organization name in any letter case', async () => {
    const { tokens } = await loggedInUser(server);
    const response = await request(tokens.access_token, 'northwind ACADEMY');
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ status: 'pending', tenant: { id: tenant.id, name: tenant.name } });
  });

  it('answers 422 on tenant_id for a second request while the first is open', async () => {
    const { tokens } = await loggedInUser(server);
    await request(tokens.access_token, tenant.name);
    const again = await request(tokens.access_token, tenant.name);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ tenant_id: ['You have already submitted a request to join this organization.'] });
  });

  it('answers 422 on tenant_id for members and for people removed from the organization', async () => {
    const member = await loggedInUser(server);
    const removed = await loggedInUser(server);
    const now = new Date();
    const membership = (userId: string, deletedAt: Date | null) => ({
      id: crypto.randomUUID(),
      tenant_id: tenant.id,
      user_id: userId,
      role: 'user',
      is_active: true,
      deleted_at: deletedAt,
      created_at: now,
      updated_at: now,
    });
    await server.app.knex('tenant_users').insert([membership(member.user.id, null), membership(removed.user.id, now)]);
    expect((await request(member.tokens.access_token, tenant.name)).body.errors).toEqual({ tenant_id: ['You are already associated with this organization.'] });
    expect((await request(removed.tokens.access_token, tenant.name)).body.errors).toEqual({ tenant_id: ['You have been removed from this organization.'] });
  });

  it('allows a new request once the old one was archived', async () => {
    const { user, tokens } = await loggedInUser(server);
    await request(tokens.access_token, tenant.name);
    await server.app.knex('access_requests').where({ user_id: user.id }).update({ deleted_at: new Date() });
    expect((await request(tokens.access_token, tenant.name)).status).toBe(201);
  });

  it('answers 422 on name for an unknown or archived organization and for a malformed name', async () => {
    const { tokens } = await loggedInUser(server);
    for (const name of ['Nowhere Academy', 'Closed Academy']) {
      expect((await request(tokens.access_token, name)).body.errors).toEqual({ name: ['The selected organization is invalid.'] });
    }
    expect((await request(tokens.access_token, 'Bad <name>')).body.errors).toEqual({
      name: ['The name field may contain alpha-numeric characters as well as dashes, underscores, ampersands, and spaces.'],
    });
    expect((await request(tokens.access_token, '')).body.errors).toEqual({ name: ['The name field is required.'] });
    expect((await request(tokens.access_token, { $ne: '' })).body.errors).toEqual({ name: ['The name must be a string.'] });
  });

  it('answers 403 email_unconfirmed for an unconfirmed email', async () => {
    const { user, tokens } = await loggedInUser(server);
    await server.app.knex('users').where('id', user.id).update({ confirmed_at: null });
    const response = await request(tokens.access_token, tenant.name);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: 'email_unconfirmed', message: 'You must confirm your email before using this form.' });
  });

  it('answers 401 without a session', async () => {
    expect((await server.api.post('/access-requests', { name: tenant.name })).status).toBe(401);
  });
});
