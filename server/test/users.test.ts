/** The owner's User Management: /api/users and the transitions of /api/users/{userId}. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { del, insertMembership, insertTenant, person, uniqueName, type Person } from './support/people.js';

describe.each(databaseKinds)('user management on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let owner: Person;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    owner = await person(server, { owner: true, name: 'Olive Owner' });
  });
  afterAll(() => context.cleanup());

  const patch = (id: string, body: unknown, token = owner.token) => server.api.patch(`/users/${id}`, body, { token });
  const list = (query: string) => server.api.get(`/users?${query}`, { token: owner.token });
  const loginStatus = async (email: string) =>
    (await server.api.post('/token', undefined, { form: { grant_type: 'password', client_id: 'tessera-web', email, password: PASSWORD } })).status;

  it('lists accounts newest first with their live memberships count', async () => {
    const name = uniqueName('Listed');
    const first = await person(server, { name });
    const second = await person(server, { name });
    const tenant = await insertTenant(server);
    const closed = await insertTenant(server, { archived: true });
    await insertMembership(server, tenant.id, second.user.id);
    await insertMembership(server, closed.id, second.user.id);
    await insertMembership(server, (await insertTenant(server)).id, second.user.id, { archived: true });

    const response = await list(`search=${encodeURIComponent(name.toUpperCase())}`);
    expect(response.status).toBe(200);
    expect(response.body.data.map((u: { id: string }) => u.id)).toEqual([second.user.id, first.user.id]);
    expect(response.body.data[0]).toMatchObject({ memberships_count: 1, status: 'active', is_owner: false, is_deleted: false });
    expect(response.body.meta).toMatchObject({ order: 'created_at', desc: true });
  });

  it('sorts by `created` (the spec 9 key) as by `created_at`, in either direction', async () => {
    const name = uniqueName('Sorted');
    const made = [await person(server, { name }), await person(server, { name }), await person(server, { name })];
    const days = [3, 1, 2];
    for (const [index, someone] of made.entries()) {
      await server.app
        .knex('users')
        .where('id', someone.user.id)
        .update({ created_at: new Date(Date.UTC(2024, 0, days[index])) });
    }
    const oldestFirst = [made[1], made[2], made[0]].map((someone) => someone.user.id);
    const ids = (response: { body: { data: { id: string }[] } }) => response.body.data.map((u) => u.id);
    const search = `search=${encodeURIComponent(name)}`;

    const ascending = await list(`${search}&order=created`);
    expect(ascending.status).toBe(200);
    expect(ids(ascending)).toEqual(oldestFirst);
    expect(ascending.body.meta).toMatchObject({ order: 'created', desc: false });
    const descending = await list(`${search}&order=created&desc=true`);
    expect(ids(descending)).toEqual([...oldestFirst].reverse());
    expect(descending.body.meta).toMatchObject({ order: 'created', desc: true });
    expect(ids(await list(`${search}&order=created_at`))).toEqual(oldestFirst);
  });

  it('finds people by email, and marks the owner and their abilities', async () => {
    const response = await list(`search=${encodeURIComponent(owner.user.email)}`);
    expect(response.body.data).toHaveLength(1);
    expect(response.body.data[0]).toMatchObject({
      is_owner: true,
      abilities: { suspend: false, reactivate: false, ban: false, restore: false },
    });
  });

  it('walks active -> suspended -> banned -> restored -> active, with the three views', async () => {
    const name = uniqueName('Walker');
    const { user } = await person(server, { name });
    const inView = async (query: string) => (await list(`search=${encodeURIComponent(name)}&${query}`)).body.data.map((u: { id: string }) => u.id);

    expect(await inView('active=true')).toEqual([user.id]);
    const suspended = await patch(user.id, { is_active: false });
    expect(suspended.body.data).toMatchObject({
      status: 'suspended',
      is_active: false,
      abilities: { suspend: false, reactivate: true, ban: true, restore: false },
    });
    expect(await inView('active=true')).toEqual([]);
    expect(await inView('active=false')).toEqual([user.id]);
    expect(await loginStatus(user.email)).toBe(401);

    const banned = await del(server, `/users/${user.id}`, owner.token);
    expect(banned.body.data).toMatchObject({ status: 'banned', is_deleted: true, abilities: { suspend: false, reactivate: false, ban: false, restore: true } });
    expect(await inView('active=false')).toEqual([]);
    expect(await inView('archived=true')).toEqual([user.id]);

    const restored = await patch(user.id, { is_deleted: false });
    expect(restored.body.data).toMatchObject({ status: 'suspended', is_deleted: false });
    const reactivated = await patch(user.id, { is_active: 1 });
    expect(reactivated.body.data).toMatchObject({ status: 'active', abilities: { suspend: true, ban: false } });
    expect(await loginStatus(user.email)).toBe(200);
  });

  it('refuses transitions that section 4 does not have, with the reason', async () => {
    const { user } = await person(server);
    expect((await patch(user.id, { is_deleted: true })).body.errors).toEqual({ is_deleted: ['Only a suspended account can be banned: suspend it first.'] });
    expect((await del(server, `/users/${user.id}`, owner.token)).status).toBe(422);
    expect((await patch(user.id, { is_active: true })).body.errors).toEqual({ is_active: ['This account is already active.'] });
    expect((await patch(user.id, { is_deleted: false })).body.errors).toEqual({ is_deleted: ['This account is not banned.'] });
    await patch(user.id, { is_active: false });
    expect((await patch(user.id, { is_active: false })).body.errors).toEqual({ is_active: ['This account is already suspended.'] });
    await patch(user.id, { is_deleted: true });
    expect((await patch(user.id, { is_active: true })).body.errors).toEqual({ is_active: ['This account is banned: restore it first.'] });
    expect((await patch(user.id, { is_active: 'maybe' })).body.errors).toEqual({ is_active: ['The is active field must be true or false.'] });
  });

  it('lets an owner restore and reactivate in one call', async () => {
    const { user } = await person(server);
    await patch(user.id, { is_active: false, is_deleted: true });
    const response = await patch(user.id, { is_deleted: false, is_active: true });
    expect(response.body.data).toMatchObject({ status: 'active' });
  });

  it('stops the live tokens of a suspended or banned account at once', async () => {
    const target = await person(server);
    expect((await server.api.get('/users/me', { token: target.token })).status).toBe(200);
    await patch(target.user.id, { is_active: false });
    expect((await server.api.get('/users/me', { token: target.token })).status).toBe(401);
    const grants = await server.app.knex('oidc_payloads').where('account_id', target.user.id).count({ count: '*' });
    expect(Number(grants[0].count)).toBe(0);
    // Reactivating does not bring the ended login back.
    await patch(target.user.id, { is_active: true });
    expect((await server.api.get('/users/me', { token: target.token })).status).toBe(401);
  });

  it('refuses to suspend or ban oneself with 403 own_account', async () => {
    const secondOwner = await person(server, { owner: true });
    const suspendSelf = await patch(secondOwner.user.id, { is_active: false }, secondOwner.token);
    expect(suspendSelf.status).toBe(403);
    expect(suspendSelf.body).toEqual({ code: 'own_account', message: 'You cannot suspend your own account.' });
    const banSelf = await del(server, `/users/${secondOwner.user.id}`, secondOwner.token);
    expect(banSelf.body).toEqual({ code: 'own_account', message: 'You cannot ban your own account.' });
    // Another owner may.
    expect((await patch(secondOwner.user.id, { is_active: false })).status).toBe(200);
  });

  it('answers 404 for an unknown account', async () => {
    expect((await patch('0190f5d2-6b1e-7c3a-9d4e-5f6a7b8c9d0e', { is_active: false })).status).toBe(404);
  });

  it('keeps PATCH /users/me for the profile', async () => {
    const me = await person(server);
    const response = await server.api.patch('/users/me', { name: 'New Name' }, { token: me.token });
    expect(response.status).toBe(200);
    expect(response.body.data.name).toBe('New Name');
  });
});
