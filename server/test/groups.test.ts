/** Groups of an organization: /api/tenants/{tenantId}/groups. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { del, insertGroup, insertMembership, insertTenant, person, relate, uniqueName, type Person, type TenantFixture } from './support/people.js';

describe.each(databaseKinds)('groups on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let master: Person;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    master = await person(server, { tenantId: tenant.id, role: 'master' });
  });
  afterAll(() => context.cleanup());

  const base = () => `/tenants/${tenant.id}/groups`;
  const create = (body: unknown) => server.api.post(base(), body, { token: master.token });
  const patch = (id: string, body: unknown) => server.api.patch(`${base()}/${id}`, body, { token: master.token });

  it('creates a group with a name and a description', async () => {
    const response = await create({ name: '  Night shift ', description: 'Works at night' });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      name: 'Night shift',
      description: 'Works at night',
      members_count: 0,
      members: [],
      is_deleted: false,
      abilities: { update: true, archive: true, restore: false },
    });
  });

  it('answers the spec messages when the name or description is missing', async () => {
    const response = await create({ name: '' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ name: ['The name field is required.'], description: ['The description field is required.'] });
    expect((await create({ name: 'x'.repeat(256), description: 'd' })).body.errors).toEqual({ name: ['The name may not be greater than 255 characters.'] });
  });

  it('lists by name, searches name or description, sorts by created and member count', async () => {
    const local = await insertTenant(server);
    const localMaster = await person(server, { tenantId: local.id, role: 'master' });
    const tag = uniqueName('tag').split(' ')[1];
    const beta = await insertGroup(server, local.id, { name: `beta ${tag}` });
    const alpha = await insertGroup(server, local.id, { name: `Alpha ${tag}` });
    const described = await insertGroup(server, local.id, { name: 'Gamma', description: `About ${tag.toUpperCase()}` });
    const { user } = await person(server);
    await relate(server, described, await insertMembership(server, local.id, user.id));
    const get = async (query: string) => (await server.api.get(`/tenants/${local.id}/groups?search=${tag}&${query}`, { token: localMaster.token })).body;

    expect((await get('')).data.map((g: { id: string }) => g.id)).toEqual([alpha, beta, described]);
    expect((await get('')).meta).toMatchObject({ order: 'name', desc: false, total: 3 });
    expect((await get('order=created&desc=1')).data.map((g: { id: string }) => g.id)).toEqual([described, alpha, beta]);
    const byMembers = (await get('order=members&desc=true')).data;
    expect(byMembers[0]).toMatchObject({ id: described, members_count: 1 });
    expect(byMembers[0].members).toBeUndefined();
  });

  it('renames, archives, refuses edits while archived, and restores', async () => {
    const id = (await create({ name: 'Day shift', description: 'Works by day' })).body.data.id;
    expect((await patch(id, { name: 'Early shift' })).body.data).toMatchObject({ name: 'Early shift', description: 'Works by day' });
    expect((await patch(id, { description: '' })).body.errors).toEqual({ description: ['The description field is required.'] });

    const archived = await del(server, `${base()}/${id}`, master.token);
    expect(archived.body.data).toMatchObject({ is_deleted: true, abilities: { update: false, archive: false, restore: true } });
    expect((await server.api.get(`${base()}?archived=true`, { token: master.token })).body.data.map((g: { id: string }) => g.id)).toContain(id);
    expect((await server.api.get(base(), { token: master.token })).body.data.map((g: { id: string }) => g.id)).not.toContain(id);
    expect((await patch(id, { name: 'Late shift' })).body.errors).toEqual({ is_deleted: ['This group is archived: restore it first.'] });

    const restored = await patch(id, { is_deleted: false, name: 'Late shift' });
    expect(restored.body.data).toMatchObject({ is_deleted: false, name: 'Late shift' });
  });

  it('replaces its members with live members of the organization, and shows them', async () => {
    const group = await insertGroup(server, tenant.id);
    const people = [await person(server, { name: 'Zoe Zed' }), await person(server, { name: 'Amy Able' }), await person(server, { name: 'Kim Kept' })];
    const [zoe, amy] = [await insertMembership(server, tenant.id, people[0].user.id), await insertMembership(server, tenant.id, people[1].user.id)];
    const archivedMember = await insertMembership(server, tenant.id, people[2].user.id, { archived: true });
    await relate(server, group, archivedMember);

    const response = await server.api.post(`${base()}/${group}/tenant-users`, { tenant_users: [zoe, amy, zoe] }, { token: master.token });
    expect(response.status).toBe(200);
    expect(response.body.data.members_count).toBe(2);
    expect(response.body.data.members.map((m: { user: { name: string } }) => m.user.name)).toEqual(['Amy Able', 'Zoe Zed']);
    expect(response.body.data.members[0]).toEqual({ id: amy, role: 'user', is_active: true, user: expect.objectContaining({ email: people[1].user.email }) });

    const replaced = await server.api.post(`${base()}/${group}/tenant-users`, { tenant_users: [amy] }, { token: master.token });
    expect(replaced.body.data.members.map((m: { id: string }) => m.id)).toEqual([amy]);
    const stored = await server.app.knex('group_tenant_users').where('group_id', group).pluck('tenant_user_id');
    expect(stored.sort()).toEqual([amy, archivedMember].sort());
  });

  it('refuses members of another organization and archived members', async () => {
    const group = await insertGroup(server, tenant.id);
    const { user } = await person(server);
    const foreign = await insertMembership(server, (await insertTenant(server)).id, user.id);
    const archived = await insertMembership(server, tenant.id, (await person(server)).user.id, { archived: true });
    for (const ids of [[foreign], [archived]]) {
      const response = await server.api.post(`${base()}/${group}/tenant-users`, { tenant_users: ids }, { token: master.token });
      expect(response.body.errors).toEqual({ tenant_users: ['The selected tenant users is invalid.'] });
    }
  });

  it("answers 404 for another organization's group, without its data", async () => {
    const elsewhere = await insertTenant(server);
    const foreign = await insertGroup(server, elsewhere.id, { name: 'Secret squad' });
    for (const call of [
      () => server.api.get(`${base()}/${foreign}`, { token: master.token }),
      () => patch(foreign, { name: 'Taken over' }),
      () => del(server, `${base()}/${foreign}`, master.token),
      () => server.api.post(`${base()}/${foreign}/tenant-users`, { tenant_users: [] }, { token: master.token }),
    ]) {
      const response = await call();
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('Secret squad');
    }
    const row = await server.app.knex('groups').where('id', foreign).first('name', 'deleted_at');
    expect(row).toEqual({ name: 'Secret squad', deleted_at: null });
  });
});
