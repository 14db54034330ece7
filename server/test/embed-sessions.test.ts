/**
 * Embed sessions (issue 32, features/embed-sessions, oidc/token-exchange-grant.ts): an organization's integration
 * client (admin or master) creates a single-use session for a person of its intranet, the widgets exchange it at
 * POST /token (RFC 8693), and the login acts in that organization only (http/session.ts, http/authenticate.ts).
 * Attacks: replay, expiry, another organization's routes and the owner's, a client minting for another organization,
 * a person's token, a client with the role user, the wrong subject_token_type.
 */
import { EMBED_SESSION_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from '@tessera/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationClient } from '../src/features/integration-clients/service.js';
import { buildWorld, insertMembership, insertTenant, uniqueName, type World } from './support/people.js';
import { createUser, databaseKinds, jobsSettled, readOutbox, startTestServer, uniqueEmail, type TestContext, type TestServer } from './support/server.js';

type ClientRole = 'user' | 'admin' | 'master';

describe.each(databaseKinds)('embed sessions on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;
  /** Access tokens of integration clients of `home`, by role, and of `other` (master). */
  const clients: Partial<Record<ClientRole | 'otherMaster', string>> = {};

  async function clientToken(tenantId: string, role: ClientRole): Promise<string> {
    const { row, secret } = await createIntegrationClient(server.app.db, tenantId, world.people.owner.user.id, { name: uniqueName('Intranet'), role });
    const response = await server.api.post('/token', undefined, { form: { grant_type: 'client_credentials', client_id: row.id, client_secret: secret } });
    expect(response.status).toBe(200);
    return response.body.access_token as string;
  }

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    world = await buildWorld(server);
    clients.admin = await clientToken(world.home.id, 'admin');
    clients.master = await clientToken(world.home.id, 'master');
    clients.user = await clientToken(world.home.id, 'user');
    clients.otherMaster = await clientToken(world.other.id, 'master');
  });
  afterAll(() => context.cleanup());

  function mint(body: Record<string, unknown>, options: { token?: string; tenant?: string } = {}) {
    return server.api.post(`/tenants/${options.tenant ?? world.home.id}/embed-sessions`, body, { token: options.token ?? clients.admin });
  }

  function exchange(subjectToken: string, overrides: Record<string, string> = {}) {
    return server.api.post('/token', undefined, {
      form: {
        grant_type: TOKEN_EXCHANGE_GRANT,
        client_id: 'tessera-web',
        subject_token: subjectToken,
        subject_token_type: EMBED_SESSION_TOKEN_TYPE,
        ...overrides,
      },
    });
  }

  async function sessionFor(body: Record<string, unknown>, options: { token?: string; tenant?: string } = {}): Promise<string> {
    const minted = await mint(body, options);
    expect(minted.status, JSON.stringify(minted.body)).toBe(201);
    return minted.body.data.session_token as string;
  }

  async function embedLogin(body: Record<string, unknown>): Promise<{ access_token: string; refresh_token: string }> {
    const exchanged = await exchange(await sessionFor(body));
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    return exchanged.body;
  }

  it('mints a short-lived token for a member and exchanges it once for the usual tokens (page lifetime)', async () => {
    const before = Date.now();
    const minted = await mint({ email: world.people.user.user.email });
    expect(minted.status).toBe(201);
    expect(minted.body.data.session_token).toMatch(/^[\w-]{43}$/);
    const expiresAt = Date.parse(minted.body.data.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 59_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 61_000);
    const stored = await server.app.knex('embed_sessions').where('tenant_id', world.home.id).orderBy('created_at', 'desc').first();
    expect(stored.token_hash).not.toContain(minted.body.data.session_token);

    const exchanged = await exchange(minted.body.data.session_token);
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({ token_type: 'Bearer', issued_token_type: 'urn:ietf:params:oauth:token-type:access_token' });
    const refresh = await server.app.knex('oidc_payloads').where({ kind: 'RefreshToken', id: exchanged.body.refresh_token }).first('expires_at');
    const lifetime = (new Date(refresh.expires_at).getTime() - Date.now()) / 1000;
    expect(lifetime).toBeLessThanOrEqual(server.config.tokens.pageRefreshTokenTtl + 1);
    expect(lifetime).toBeGreaterThan(server.config.tokens.pageRefreshTokenTtl - 30);

    const me = await server.api.get('/users/me', { token: exchanged.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(world.people.user.user.email);
    const membership = await server.api.get(`/tenants/${world.home.slug}/my-membership`, { token: exchanged.body.access_token });
    expect(membership.status).toBe(200);

    // Replay of a spent token.
    const replay = await exchange(minted.body.data.session_token);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: 'invalid_grant', error: 'invalid_grant' });
  });

  it('answers 400 invalid_grant for an expired or unknown token, and invalid_request for another subject_token_type', async () => {
    const token = await sessionFor({ email: world.people.user.user.email });
    await server.app
      .knex('embed_sessions')
      .update({ expires_at: new Date(Date.now() - 1000) })
      .whereNull('used_at');
    const expired = await exchange(token);
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('invalid_grant');

    const unknown = await exchange('A'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('invalid_grant');

    const fresh = await sessionFor({ email: world.people.user.user.email });
    const wrongType = await exchange(fresh, { subject_token_type: 'urn:ietf:params:oauth:token-type:access_token' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ code: 'bad_request', error: 'invalid_request' });
    // The refused request did not spend it.
    expect((await exchange(fresh)).status).toBe(200);

    const missing = await server.api.post('/token', undefined, { form: { grant_type: TOKEN_EXCHANGE_GRANT, client_id: 'tessera-web' } });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['subject_token', 'subject_token_type']);
  });

  it('confines the login to its organization: other organizations 404, owner routes and account changes 403', async () => {
    // A member of home who is also a master of other.
    const user = await createUser(server, { name: 'Dora Double' });
    await insertMembership(server, world.home.id, user.id, { role: 'user' });
    await insertMembership(server, world.other.id, user.id, { role: 'master' });
    const { access_token: token, refresh_token: refreshToken } = await embedLogin({ email: user.email });

    expect((await server.api.get(`/tenants/${world.home.id}/my-membership`, { token })).status).toBe(200);
    for (const path of [`/tenants/${world.other.id}/my-membership`, `/tenants/${world.other.slug}/tenant-users`, `/tenants/${world.other.id}/modules`]) {
      const response = await server.api.get(path, { token });
      expect(response.status, path).toBe(404);
    }
    const me = await server.api.get('/users/me', { token });
    expect(JSON.stringify(me.body)).not.toContain(world.other.id);

    for (const path of ['/tenants', '/users', `/tenants/${world.home.id}`]) {
      const response = await server.api.get(path, { token });
      expect(response.status, path).toBe(403);
    }
    expect((await server.api.patch('/users/me', { name: 'Someone Else' }, { token })).status).toBe(403);
    const join = await server.api.post('/access-requests', { name: world.other.name }, { token });
    expect(join.status).toBe(403);

    // A refreshed login stays confined.
    const refreshed = await server.api.post('/token', undefined, {
      form: { grant_type: 'refresh_token', client_id: 'tessera-web', refresh_token: refreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect((await server.api.get(`/tenants/${world.other.id}/my-membership`, { token: refreshed.body.access_token })).status).toBe(404);
    expect((await server.api.get(`/tenants/${world.home.id}/my-membership`, { token: refreshed.body.access_token })).status).toBe(200);

    // The same person's own password login is not confined.
    const own = await server.api.post('/token', undefined, {
      form: { grant_type: 'password', client_id: 'tessera-web', email: user.email, password: 'Correct-horse-1' },
    });
    expect((await server.api.get(`/tenants/${world.other.id}/my-membership`, { token: own.body.access_token })).status).toBe(200);

    // Logging out still works.
    expect((await server.api.post('/token', undefined, { token: refreshed.body.access_token })).status).toBe(204);
  });

  it('confines a login even for an account that became the owner after the session was minted', async () => {
    const user = await createUser(server, { name: 'Owen Later' });
    await insertMembership(server, world.home.id, user.id);
    const session = await sessionFor({ email: user.email });
    await server.app.knex('users').where('id', user.id).update({ is_owner: true });
    const exchanged = await exchange(session);
    // An owner's account gets no embed login, even from a session minted before.
    expect(exchanged.status).toBe(400);
    await server.app.knex('users').where('id', user.id).update({ is_owner: false });
    const { access_token: token } = await embedLogin({ email: user.email });
    await server.app.knex('users').where('id', user.id).update({ is_owner: true });
    expect((await server.api.get(`/tenants/${world.other.id}/modules`, { token })).status).toBe(404);
    expect((await server.api.get('/tenants', { token })).status).toBe(403);
    const me = await server.api.get('/users/me', { token });
    expect(me.body.data.is_owner).toBe(false);
  });

  it('refuses the owner, suspended and removed memberships, banned accounts and roles above the client', async () => {
    const owner = await mint({ email: world.people.owner.user.email, name: 'Olive' });
    expect(owner.status).toBe(403);
    expect(owner.body.code).toBe('forbidden');

    const suspended = await mint({ email: world.people.suspended.user.email }, { token: clients.master });
    expect(suspended.status).toBe(403);
    expect(suspended.body.code).toBe('membership_suspended');

    const removed = await createUser(server);
    await insertMembership(server, world.home.id, removed.id, { archived: true });
    const removedAnswer = await mint({ email: removed.email, name: 'Rem Oved' });
    expect(removedAnswer.status).toBe(403);
    expect(removedAnswer.body.code).toBe('membership_removed');

    const banned = await createUser(server);
    await insertMembership(server, world.home.id, banned.id);
    await server.app.knex('users').where('id', banned.id).update({ is_active: false, deleted_at: new Date() });
    const bannedAnswer = await mint({ email: banned.email });
    expect(bannedAnswer.status).toBe(403);
    expect(bannedAnswer.body.code).toBe('account_suspended');

    // An admin client never hands out a master's session; a master client may.
    const aboveAdmin = await mint({ email: world.people.master.user.email });
    expect(aboveAdmin.status).toBe(403);
    expect((await mint({ email: world.people.master.user.email }, { token: clients.master })).status).toBe(201);

    // A session minted, then the membership suspended: the exchange is refused.
    const later = await createUser(server);
    const membershipId = await insertMembership(server, world.home.id, later.id);
    const token = await sessionFor({ email: later.email });
    await server.app.knex('tenant_users').where('id', membershipId).update({ is_active: false });
    expect((await exchange(token)).status).toBe(400);
  });

  it('refuses callers that are not an admin or master client of the organization', async () => {
    const email = world.people.user.user.email;
    // A client with the role user.
    const byUserClient = await mint({ email }, { token: clients.user });
    expect(byUserClient.status).toBe(403);
    // People, whatever their role, the owner included.
    for (const actor of ['user', 'admin', 'master', 'owner'] as const) {
      const response = await mint({ email }, { token: world.people[actor].token });
      expect(response.status, actor).toBe(403);
      expect(response.body.code).toBe('forbidden');
    }
    // A client of another organization minting for this one: 404, as for any cross-organization call.
    const crossed = await mint({ email }, { token: clients.otherMaster });
    expect(crossed.status).toBe(404);
    // A client of home minting in other.
    expect((await mint({ email: world.people.outsider.user.email }, { tenant: world.other.id })).status).toBe(404);
    expect((await mint({ email })).status).toBe(201);
    expect((await server.api.post(`/tenants/${world.home.id}/embed-sessions`, { email })).status).toBe(401);
  });

  it('makes a new address a member just in time, without a password, the answer the same as for a known account', async () => {
    const email = uniqueEmail('jit');
    const withoutName = await mint({ email });
    expect(withoutName.status).toBe(422);
    expect(withoutName.body.errors).toEqual({ name: ['The name field is required.'] });

    const known = await createUser(server, { name: 'Kim Known' });
    const knownWithoutName = await mint({ email: known.email });
    expect(knownWithoutName.status).toBe(422);
    expect(knownWithoutName.body).toEqual(withoutName.body);

    const created = await mint({ email, name: 'Nia New', external_id: 'emp-1' });
    const joined = await mint({ email: known.email, name: 'Whatever' });
    expect(created.status).toBe(201);
    expect(joined.status).toBe(201);
    expect(Object.keys(created.body.data).sort()).toEqual(Object.keys(joined.body.data).sort());

    const account = await server.app.knex('users').where('email', email).first();
    expect(account).toMatchObject({ name: 'Nia New', password_hash: null });
    const membership = await server.app.knex('tenant_users').where({ user_id: account.id, tenant_id: world.home.id }).first();
    expect(membership).toMatchObject({ role: 'user', external_id: 'emp-1', invited_at: null, deleted_at: null });
    expect(Boolean(membership.is_active)).toBe(true);
    // The known account keeps its own name.
    expect((await server.app.knex('users').where('id', known.id).first()).name).toBe('Kim Known');

    // The new person uses the login at once (the client vouches for the address in its organization).
    const exchanged = await exchange(created.body.data.session_token);
    expect(exchanged.status).toBe(200);
    expect((await server.api.get(`/tenants/${world.home.id}/my-membership`, { token: exchanged.body.access_token })).status).toBe(200);

    // The existing account is told, once; the new address is not written to.
    await jobsSettled(server);
    const mails = readOutbox(server.dataDir).filter((mail) => mail.to === known.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`${world.home.name} added you through its intranet`]);
    expect(readOutbox(server.dataDir).filter((mail) => mail.to === email)).toEqual([]);
    // Minting again for the member sends nothing more.
    expect((await mint({ email: known.email })).status).toBe(201);
    await jobsSettled(server);
    expect(readOutbox(server.dataDir).filter((mail) => mail.to === known.email)).toHaveLength(1);
  });

  it('keeps external ids unique in the organization', async () => {
    const first = uniqueEmail('ext');
    expect((await mint({ email: first, name: 'Ext One', external_id: 'emp-42' })).status).toBe(201);
    const taken = await mint({ email: uniqueEmail('ext'), name: 'Ext Two', external_id: 'emp-42' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('conflict');
    const differs = await mint({ email: first, external_id: 'emp-43' });
    expect(differs.status).toBe(409);
    expect((await mint({ email: first, external_id: 'emp-42' })).status).toBe(201);
  });

  it('answers 404 member_not_found for every non-member once just-in-time creation is off', async () => {
    const tenant = await insertTenant(server);
    const token = await clientToken(tenant.id, 'master');
    const member = await createUser(server);
    await insertMembership(server, tenant.id, member.id);
    const switched = await server.api.patch(`/tenants/${tenant.id}`, { enable_embed_jit: false }, { token: world.people.owner.token });
    expect(switched.status).toBe(200);
    expect(switched.body.data.enable_embed_jit).toBe(false);

    const unknown = await mint({ email: uniqueEmail('off'), name: 'Not Made' }, { token, tenant: tenant.id });
    const known = await mint({ email: world.people.user.user.email, name: 'Not Added' }, { token, tenant: tenant.id });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('member_not_found');
    expect(known.body).toEqual(unknown.body);
    expect((await mint({ email: member.email }, { token, tenant: tenant.id })).status).toBe(201);
  });

  it('limits minting per integration client (RATE_LIMIT_EMBED_SESSIONS)', async () => {
    const limited = await server.restart({ rateLimits: { ...server.config.rateLimits, embedSessions: { points: 2, duration: 60 } } });
    server = limited;
    context.server = limited;
    const token = await clientToken(world.home.id, 'admin');
    const other = await clientToken(world.home.id, 'admin');
    const email = world.people.user.user.email;
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await mint({ email }, { token })).status);
    expect(answers).toEqual([201, 201, 429]);
    const refused = await mint({ email }, { token });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another client has its own count.
    expect((await mint({ email }, { token: other })).status).toBe(201);
  });
});
