/** The owner's organizations: /api/tenants and /api/tenants/{tenantId}. */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePath } from './support/global-setup.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { del, insertGroup, insertMembership, insertTenant, person, uniqueName, type Person } from './support/people.js';

describe.each(databaseKinds)('organizations on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let owner: Person;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    owner = await person(server, { owner: true });
  });
  afterAll(() => context.cleanup());

  const create = (body: unknown) => server.api.post('/tenants', body, { token: owner.token });
  const patch = (tenant: string, body: unknown) => server.api.patch(`/tenants/${tenant}`, body, { token: owner.token });

  describe('creating', () => {
    it('creates an organization with a slug and bioreq from a 1/0 flag', async () => {
      const name = uniqueName('Acme & Sons_North');
      const response = await create({ name, enable_bioreq: 1 });
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({
        name,
        slug: name.toLowerCase().replace('&', 'and').replace(/[ _]+/g, '-').replace(/-+/g, '-'),
        enable_bioreq: true,
        groups_count: 0,
        members_count: 0,
        is_deleted: false,
        deleted_at: null,
        abilities: { update: true, archive: true, restore: false },
      });
    });

    it('answers the spec messages for a missing or malformed name and a wrong flag', async () => {
      expect((await create({})).body.errors).toEqual({ name: ['The name field is required.'] });
      expect((await create({ name: 'Acme!' })).body.errors).toEqual({
        name: ['The name field may contain alpha-numeric characters as well as dashes, underscores, ampersands, and spaces.'],
      });
      expect((await create({ name: 'Acme', enable_bioreq: 'yes' })).body.errors).toEqual({ enable_bioreq: ['The enable bioreq field must be true or false.'] });
      expect((await create({ name: 42 })).body.errors).toEqual({ name: ['The name must be a string.'] });
    });

    it('refuses a name taken in any letter case, archived organizations included', async () => {
      const archived = await insertTenant(server, { archived: true });
      for (const name of [archived.name, archived.name.toUpperCase()]) {
        const response = await create({ name });
        expect(response.status).toBe(422);
        expect(response.body.errors).toEqual({ name: ['The name has already been taken.'] });
      }
    });

    it('gives a second organization with the same slug base a numbered slug', async () => {
      const base = uniqueName('Twin');
      const first = await create({ name: base });
      const second = await create({ name: `${base}!`.replace('!', '_') });
      expect(second.body.data.slug).toBe(`${first.body.data.slug}-2`);
    });
  });

  describe('reading', () => {
    it('answers one organization by id or by slug, with counts of live groups and members', async () => {
      const tenant = await insertTenant(server);
      await insertGroup(server, tenant.id);
      await insertGroup(server, tenant.id, { archived: true });
      for (const options of [{}, {}, { archived: true }] as const) {
        const { user } = await person(server);
        await insertMembership(server, tenant.id, user.id, options);
      }
      for (const key of [tenant.id, tenant.slug]) {
        const response = await server.api.get(`/tenants/${key}`, { token: owner.token });
        expect(response.status).toBe(200);
        expect(response.body.data).toMatchObject({ id: tenant.id, groups_count: 1, members_count: 2 });
      }
    });

    it('answers 404 for an unknown organization', async () => {
      expect((await server.api.get('/tenants/nowhere', { token: owner.token })).status).toBe(404);
    });

    it('lists, searches, sorts and pages, and separates archived organizations', async () => {
      const prefix = uniqueName('Listed').replace(' ', '');
      const names = ['Charlie', 'alpha', 'Bravo'].map((n) => `${prefix} ${n}`);
      for (const name of names) await insertTenant(server, { name });
      const archived = await insertTenant(server, { name: `${prefix} Zulu`, archived: true });

      const byName = await server.api.get(`/tenants?search=${encodeURIComponent(prefix.toLowerCase())}&order=name`, { token: owner.token });
      expect(byName.body.data.map((t: { name: string }) => t.name)).toEqual([names[1], names[2], names[0]]);
      expect(byName.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 3, order: 'name', desc: false, search: prefix.toLowerCase() });

      const paged = await server.api.get(`/tenants?search=${prefix}&order=name&desc=1&per_page=2&page=2`, { token: owner.token });
      expect(paged.body.data.map((t: { name: string }) => t.name)).toEqual([names[1]]);
      expect(paged.body.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3, desc: true });

      const archivedView = await server.api.get(`/tenants?search=${prefix}&archived=true`, { token: owner.token });
      expect(archivedView.body.data).toHaveLength(1);
      expect(archivedView.body.data[0]).toMatchObject({ id: archived.id, is_deleted: true, abilities: { update: false, archive: false, restore: true } });

      const all = await server.api.get(`/tenants?search=${prefix}&paginate=false&per_page=1`, { token: owner.token });
      expect(all.body.data).toHaveLength(3);
      expect(all.body.meta).toMatchObject({ current_page: 1, last_page: 1, total: 3 });
    });

    it('sorts by member count and caps per_page at 100', async () => {
      const prefix = uniqueName('Counted').replace(' ', '');
      const small = await insertTenant(server, { name: `${prefix} Small` });
      const big = await insertTenant(server, { name: `${prefix} Big` });
      for (let index = 0; index < 2; index += 1) {
        const { user } = await person(server);
        await insertMembership(server, big.id, user.id);
      }
      const { user } = await person(server);
      await insertMembership(server, small.id, user.id);
      const response = await server.api.get(`/tenants?search=${prefix}&order=members&desc=true&per_page=500`, { token: owner.token });
      expect(response.body.data.map((t: { id: string }) => t.id)).toEqual([big.id, small.id]);
      expect(response.body.meta.per_page).toBe(100);
    });

    it('treats % and _ in a search as plain characters', async () => {
      const tenant = await insertTenant(server, { name: uniqueName('Under_score') });
      const found = await server.api.get(`/tenants?search=${encodeURIComponent('under_score')}`, { token: owner.token });
      expect(found.body.data.map((t: { id: string }) => t.id)).toContain(tenant.id);
      const none = await server.api.get(`/tenants?search=${encodeURIComponent('%')}`, { token: owner.token });
      expect(none.body.data).toEqual([]);
    });
  });

  describe('editing, archiving and restoring', () => {
    it('renames and switches bioreq; the slug follows the name and the old slugs still reach it (issue 14)', async () => {
      const tenant = await insertTenant(server);
      const member = await person(server, { tenantId: tenant.id, role: 'master' });
      const name = uniqueName('Renamed');
      const slug = name.toLowerCase().replace(/ /g, '-');
      const response = await patch(tenant.slug, { name, enable_bioreq: true });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ id: tenant.id, name, slug, enable_bioreq: true });
      // The old slug still reaches it, for the owner and for members (API calls, links, embeds).
      for (const ref of [tenant.slug, slug]) {
        expect((await server.api.get(`/tenants/${ref}`, { token: owner.token })).body.data).toMatchObject({ id: tenant.id, slug });
        expect((await server.api.get(`/tenants/${ref}/groups`, { token: member.token })).status).toBe(200);
        expect((await server.api.get(`/tenants/${ref}/groups`, { token: owner.token })).status).toBe(200);
      }
      const me = await server.api.get('/users/me', { token: member.token });
      expect(me.body.data.memberships[0].tenant.slug).toBe(slug);
      // A member resolves an old pretty URL to the current one (the portal's redirect).
      const mine = await server.api.get(`/tenants/${tenant.slug}/my-membership`, { token: member.token });
      expect(mine.body.data).toMatchObject({ id: member.membershipId, role: 'master', tenant: { id: tenant.id, slug } });

      // A former slug stays reserved: a new organization whose name makes the same slug gets a numbered one.
      const again = await server.api.post('/tenants', { name: `${tenant.name}_` }, { token: owner.token });
      expect(again.body.data.slug).toBe(`${tenant.slug}-2`);
      // Renamed back, the organization reclaims its own former slug; the other former slug still works.
      expect((await patch(tenant.id, { name: tenant.name })).body.data.slug).toBe(tenant.slug);
      expect((await server.api.get(`/tenants/${slug}/groups`, { token: member.token })).status).toBe(200);
      expect((await server.api.get(`/tenants/${tenant.slug}/groups`, { token: member.token })).status).toBe(200);
      // Someone else's former slug is no way into their organization.
      const outsider = await person(server, { tenantId: (await insertTenant(server)).id, role: 'master' });
      expect((await server.api.get(`/tenants/${tenant.slug}/groups`, { token: outsider.token })).status).toBe(404);
    });

    it('refuses a blank or taken name on update', async () => {
      const tenant = await insertTenant(server);
      const taken = await insertTenant(server);
      expect((await patch(tenant.id, { name: ' ' })).body.errors).toEqual({ name: ['The name field is required.'] });
      expect((await patch(tenant.id, { name: taken.name.toLowerCase() })).body.errors).toEqual({ name: ['The name has already been taken.'] });
      expect((await patch(tenant.id, { name: tenant.name })).status).toBe(200);
    });

    it('archives with DELETE and restores with is_deleted false, following section 4', async () => {
      const tenant = await insertTenant(server);
      const archived = await del(server, `/tenants/${tenant.id}`, owner.token);
      expect(archived.status).toBe(200);
      expect(archived.body.data).toMatchObject({ is_deleted: true, abilities: { update: false, archive: false, restore: true } });
      expect(archived.body.data.deleted_at).toEqual(expect.any(String));

      expect((await del(server, `/tenants/${tenant.id}`, owner.token)).body.errors).toEqual({ is_deleted: ['This organization is already archived.'] });
      expect((await patch(tenant.id, { enable_bioreq: true })).body.errors).toEqual({ is_deleted: ['This organization is archived: restore it first.'] });

      const restored = await patch(tenant.id, { is_deleted: false });
      expect(restored.body.data).toMatchObject({ is_deleted: false, deleted_at: null });
      expect((await patch(tenant.id, { is_deleted: 0 })).body.errors).toEqual({ is_deleted: ['This organization is not archived.'] });
    });

    it("answers an archived organization on the owner's /tenants/{tenantId} calls only, as the tenantId parameter says", async () => {
      const tenant = await insertTenant(server, { archived: true });
      expect((await server.api.get(`/tenants/${tenant.slug}`, { token: owner.token })).body.data).toMatchObject({ id: tenant.id, is_deleted: true });
      for (const path of ['groups', 'modules', 'tenant-users']) {
        expect((await server.api.get(`/tenants/${tenant.id}/${path}`, { token: owner.token })).status, path).toBe(404);
      }
      expect((await server.api.get(`/tenants/${randomUUID()}`, { token: owner.token })).status).toBe(404);
      expect((await patch(tenant.slug, { is_deleted: false })).body.data).toMatchObject({ is_deleted: false });
      expect((await server.api.get(`/tenants/${tenant.id}/groups`, { token: owner.token })).status).toBe(200);

      // The shared parameter's description says the same (it used to promise 404 for every archived organization).
      const contract = JSON.parse(readFileSync(bundlePath, 'utf8'));
      const description = contract.components.parameters.TenantId.description.replace(/\s+/g, ' ');
      expect(description).toContain("except on the owner's own `/tenants/{tenantId}` calls");
      expect(description).not.toMatch(/An unknown or archived organization[^.]*answers 404/);
    });

    it('hides an archived organization from its members until it is restored', async () => {
      const tenant = await insertTenant(server);
      const master = await person(server, { tenantId: tenant.id, role: 'master' });
      const groups = () => server.api.get(`/tenants/${tenant.id}/groups`, { token: master.token });
      expect((await groups()).status).toBe(200);
      await del(server, `/tenants/${tenant.id}`, owner.token);
      expect((await groups()).status).toBe(404);
      expect((await server.api.get('/users/me', { token: master.token })).body.data.memberships).toEqual([]);
      await patch(tenant.id, { is_deleted: false });
      expect((await groups()).status).toBe(200);
    });
  });
});
