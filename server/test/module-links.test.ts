/** The people API's links to modules: modules_count on organizations, groups, members and memberships. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { buildWorld, insertGroup, insertTenant, person, relate, type Person, type TenantFixture, type World } from './support/people.js';
import { insertModule } from './support/content.js';

describe.each(databaseKinds)('module links on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let owner: Person;
  let master: Person;
  let learner: Person;
  let group: string;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    owner = await person(server, { owner: true });
    master = await person(server, { tenantId: tenant.id, role: 'master' });
    learner = await person(server, { tenantId: tenant.id, role: 'user' });
    group = await insertGroup(server, tenant.id);
    await relate(server, group, learner.membershipId as string);
  });
  afterAll(() => context.cleanup());

  const learnerId = () => learner.membershipId as string;
  const archive = (moduleId: string) => server.app.knex('modules').where('id', moduleId).update({ deleted_at: new Date() });
  const tenantCount = async () => (await server.api.get(`/tenants/${tenant.id}`, { token: owner.token })).body.data.modules_count;
  const listedTenantCount = async () => {
    const listed = (await server.api.get(`/tenants?search=${encodeURIComponent(tenant.name)}`, { token: owner.token })).body.data;
    return listed.find((row: { id: string }) => row.id === tenant.id).modules_count;
  };
  const groupCounts = async () => [
    (await server.api.get(`/tenants/${tenant.id}/groups/${group}`, { token: master.token })).body.data.modules_count,
    (await server.api.get(`/tenants/${tenant.id}/groups`, { token: master.token })).body.data.find((row: { id: string }) => row.id === group).modules_count,
  ];
  const memberCounts = async () => [
    (await server.api.get(`/tenants/${tenant.id}/tenant-users/${learnerId()}`, { token: master.token })).body.data.modules_count,
    (await server.api.get(`/tenants/${tenant.id}/tenant-users`, { token: master.token })).body.data.find((row: { id: string }) => row.id === learnerId())
      .modules_count,
  ];
  const membershipCount = async (who: Person) => (await server.api.get('/users/me', { token: who.token })).body.data.memberships[0].modules_count;

  it('counts live modules: on the organization, related to the group, directly to the member, visible to the membership', async () => {
    expect([await tenantCount(), await listedTenantCount(), ...(await groupCounts()), ...(await memberCounts())]).toEqual([0, 0, 0, 0, 0, 0]);
    expect([await membershipCount(learner), await membershipCount(master)]).toEqual([0, 0]);

    await insertModule(server, tenant.id, { members: [learnerId()] });
    await insertModule(server, tenant.id, { groups: [group] });
    const both = await insertModule(server, tenant.id, { members: [learnerId()], groups: [group] });
    await insertModule(server, tenant.id);
    await insertModule(server, tenant.id, { members: [learnerId()], groups: [group], archived: true });

    expect([await tenantCount(), await listedTenantCount()]).toEqual([4, 4]);
    expect(await groupCounts()).toEqual([2, 2]);
    expect(await memberCounts()).toEqual([2, 2]);
    // The learner sees direct, viaGroup and both (once); the master sees every live module.
    expect([await membershipCount(learner), await membershipCount(master)]).toEqual([3, 4]);

    await archive(both);
    expect([await tenantCount(), ...(await groupCounts()), ...(await memberCounts())]).toEqual([3, 1, 1, 1, 1]);
    expect([await membershipCount(learner), await membershipCount(master)]).toEqual([2, 3]);

    // A module seen only through an archived group no longer counts for the member.
    await server.app.knex('groups').where('id', group).update({ deleted_at: new Date() });
    expect(await membershipCount(learner)).toBe(1);
  });
});

describe.each(databaseKinds)('relating modules to groups and members on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    world = await buildWorld(server);
  });
  afterAll(() => context.cleanup());

  const moduleIdsOf = (table: string, column: string, ownerId: string) => server.app.knex(table).where(column, ownerId).orderBy('module_id').pluck('module_id');

  describe.each([
    { owner: 'group', path: 'groups', table: 'module_groups', column: 'group_id' },
    { owner: 'member', path: 'tenant-users', table: 'module_tenant_users', column: 'tenant_user_id' },
  ])('POST .../$path/{id}/modules', ({ owner, path, table, column }) => {
    const ownerIn = async (tenantId: string) =>
      owner === 'group' ? insertGroup(server, tenantId) : ((await person(server, { tenantId, role: 'user' })).membershipId as string);
    const relateAs = (who: Person, tenantId: string, id: string, modules: unknown) =>
      server.api.post(`/tenants/${tenantId}/${path}/${id}/modules`, { modules }, { token: who.token });

    it('replaces the set, keeps relations to archived modules and answers the new modules_count', async () => {
      const { home } = world;
      const id = await ownerIn(home.id);
      const first = await insertModule(server, home.id);
      const second = await insertModule(server, home.id);
      const archived = await insertModule(server, home.id, { archived: true });
      await server.app.knex(table).insert({ [column]: id, module_id: archived, created_at: new Date() });

      const related = await relateAs(world.people.master, home.id, id, [first, second]);
      expect(related.status).toBe(200);
      expect(related.body.data).toMatchObject({ id, modules_count: 2 });
      const replaced = await relateAs(world.people.owner, home.id, id, [second]);
      expect(replaced.body.data.modules_count).toBe(1);
      // A single read names its live modules (the edit form's module picker), not the archived one.
      expect(replaced.body.data.modules.map((module: { id: string }) => module.id)).toEqual([second]);
      const reread = await server.api.get(`/tenants/${home.id}/${path}/${id}`, { token: world.people.master.token });
      expect(reread.body.data.modules).toEqual([{ id: second, name: expect.any(String) }]);
      expect(await moduleIdsOf(table, column, id)).toEqual([archived, second].sort());
    });

    it('answers 422 on modules for a module of another organization or an archived one', async () => {
      const { home, other } = world;
      const id = await ownerIn(home.id);
      const mine = await insertModule(server, home.id);
      for (const wrong of [await insertModule(server, other.id), await insertModule(server, home.id, { archived: true })]) {
        const response = await relateAs(world.people.master, home.id, id, [mine, wrong]);
        expect(response.status).toBe(422);
        expect(response.body.errors).toEqual({ modules: ['The selected modules is invalid.'] });
      }
      expect(await moduleIdsOf(table, column, id)).toEqual([]);
    });

    it('is for masters and the owner: 403 for admins and users, 404 for a row of another organization', async () => {
      const { home, other, people } = world;
      const id = await ownerIn(home.id);
      const module = await insertModule(server, home.id);
      for (const who of [people.admin, people.user]) expect((await relateAs(who, home.id, id, [module])).status).toBe(403);
      const foreign = await ownerIn(other.id);
      expect((await relateAs(people.master, home.id, foreign, [module])).status).toBe(404);
      expect((await relateAs(people.owner, home.id, foreign, [module])).status).toBe(404);
      expect(await moduleIdsOf(table, column, id)).toEqual([]);
    });
  });
});
