/** Members of an organization: /api/tenants/{tenantId}/tenant-users, invitations and the home page counts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, databaseKinds, login, parseLink, startTestServer, uniqueEmail, waitForMail, type TestContext, type TestServer } from './support/server.js';
import { del, insertGroup, insertMembership, insertTenant, person, relate, uniqueName, type Person, type TenantFixture } from './support/people.js';

describe.each(databaseKinds)('members on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let master: Person;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    master = await person(server, { tenantId: tenant.id, role: 'master', name: 'Mia Master' });
  });
  afterAll(() => context.cleanup());

  const base = () => `/tenants/${tenant.slug}/tenant-users`;
  const add = (body: unknown) => server.api.post(base(), body, { token: master.token });
  const patch = (id: string, body: unknown) => server.api.patch(`${base()}/${id}`, body, { token: master.token });

  describe('adding', () => {
    it('invites an existing account (nothing shown about it) and emails it an accept link', async () => {
      const { user } = await person(server, { name: 'Ed Existing' });
      const response = await add({ email: user.email.toUpperCase() });
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({
        role: 'user',
        status: 'invited',
        is_active: true,
        user: { id: null, name: '', email: user.email, is_active: true, is_confirmed: false },
        groups: [],
        groups_count: 0,
        abilities: { update: true, archive: true, restore: false },
      });
      const mail = await waitForMail(context.dataDir, user.email, { subject: /invited to join/ });
      expect(mail.subject).toBe(`You've been invited to join ${tenant.name}`);
      expect(mail.links).toEqual([expect.stringMatching(/^http:\/\/tessera\.test\/accept-invitation\/[\w-]{43}$/)]);
    });

    it('invites an unknown email; the link finishes registration and the person sees the organization', async () => {
      const email = uniqueEmail('invitee');
      const response = await add({ email, role: 'admin' });
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ role: 'admin', status: 'invited', user: { id: null, email, name: '', is_confirmed: false } });

      const mail = await waitForMail(context.dataDir, email, { subject: /invited/ });
      expect(mail.text).toContain(tenant.name);
      const link = parseLink(mail.links[0]);
      expect(link).toMatchObject({ route: 'finish-registration', email });
      const finished = await server.api.post('/finish-registration', {
        email,
        name: 'Ivy Invitee',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        token: link.token,
      });
      expect(finished.status).toBe(200);

      const tokens = await login(server, email);
      const me = await server.api.get('/users/me', { token: tokens.access_token });
      expect(me.body.data.memberships).toEqual([
        expect.objectContaining({ role: 'admin', tenant: expect.objectContaining({ id: tenant.id, slug: tenant.slug }) }),
      ]);
    });

    it('answers 422 for a member, and invites a removed member again with the new role', async () => {
      const { user } = await person(server);
      const first = { body: { data: { id: await insertMembership(server, tenant.id, user.id) } } };
      const again = await add({ email: user.email });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ email: ['This person is already a member of this organization.'] });

      await del(server, `${base()}/${first.body.data.id}`, master.token);
      const back = await add({ email: user.email, role: 'master' });
      expect(back.status).toBe(201);
      expect(back.body.data).toMatchObject({ id: first.body.data.id, role: 'master', status: 'invited', is_deleted: false });
    });

    it('checks the email and the role with the shared rules', async () => {
      expect((await add({})).body.errors).toEqual({ email: ['The email field is required.'] });
      expect((await add({ email: 'nope' })).body.errors).toEqual({ email: ['The email must be a valid email address.'] });
      expect((await add({ email: uniqueEmail(), role: 'owner' })).body.errors).toEqual({ role: ['The selected role is invalid.'] });
    });
  });

  describe('listing', () => {
    it('searches by name or email, sorts by user, role, status and joined, and pages', async () => {
      const local = await insertTenant(server);
      const localMaster = await person(server, { tenantId: local.id, role: 'master', name: 'Zed Master' });
      const tag = uniqueName('Kin').split(' ')[1];
      const specs = [
        { name: `Bea ${tag}`, role: 'admin', active: true, joined: '2024-03-01' },
        { name: `abe ${tag}`, role: 'user', active: false, joined: '2024-01-01' },
        { name: `Cat ${tag}`, role: 'master', active: true, joined: '2024-02-01' },
      ] as const;
      const ids: string[] = [];
      for (const spec of specs) {
        const { user } = await person(server, { name: spec.name });
        ids.push(await insertMembership(server, local.id, user.id, { role: spec.role, active: spec.active, createdAt: new Date(spec.joined) }));
      }
      const get = async (query: string) =>
        (await server.api.get(`/tenants/${local.id}/tenant-users?search=${tag}&${query}`, { token: localMaster.token })).body;

      expect((await get('')).data.map((m: { id: string }) => m.id)).toEqual([ids[1], ids[0], ids[2]]);
      expect((await get('order=role')).data.map((m: { role: string }) => m.role)).toEqual(['user', 'admin', 'master']);
      expect((await get('order=status')).data.map((m: { status: string }) => m.status)).toEqual(['active', 'active', 'suspended']);
      expect((await get('order=joined&desc=true')).data.map((m: { id: string }) => m.id)).toEqual([ids[0], ids[2], ids[1]]);
      const page = await get('order=joined&per_page=2&page=2');
      expect(page.data.map((m: { id: string }) => m.id)).toEqual([ids[0]]);
      expect(page.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3, order: 'joined', desc: false, search: tag });

      const byEmail = await server.api.get(`/tenants/${local.id}/tenant-users?search=${encodeURIComponent(localMaster.user.email)}`, {
        token: localMaster.token,
      });
      expect(byEmail.body.data.map((m: { id: string }) => m.id)).toEqual([localMaster.membershipId]);
      expect(byEmail.body.data[0].abilities).toEqual({ update: false, archive: false, restore: false });
    });

    it('finds people by any part of the name or email, short terms and quotes included, and follows renames', async () => {
      const local = await insertTenant(server);
      const localMaster = await person(server, { tenantId: local.id, role: 'master', name: 'Zed Master' });
      // Letters only: a profile name may hold letters and spaces.
      const tag = uniqueName('x')
        .split(' ')[1]
        .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]);
      const renamed = await person(server, { tenantId: local.id, name: `Quinn Oldname${tag}` });
      const quoted = await person(server, { tenantId: local.id, name: 'Quote Person' });
      await server.app
        .knex('users')
        .where('id', quoted.user.id)
        .update({ name: `Say "hi${tag}" now` });
      const find = async (term: string) =>
        (await server.api.get(`/tenants/${local.id}/tenant-users?search=${encodeURIComponent(term)}`, { token: localMaster.token })).body.data.map(
          (m: { id: string }) => m.id,
        );

      expect(await find(`OLDNAME${tag.toUpperCase()}`)).toEqual([renamed.membershipId]);
      expect(await find(`"hi${tag}"`)).toEqual([quoted.membershipId]);
      expect((await find('ze')).includes(localMaster.membershipId)).toBe(true);
      expect(await find(renamed.user.email.split('@')[0].slice(2))).toEqual([renamed.membershipId]);

      expect((await server.api.patch('/users/me', { name: `Quinn Newname${tag}` }, { token: renamed.token })).status).toBe(200);
      expect(await find(`oldname${tag}`)).toEqual([]);
      expect(await find(`newname${tag}`)).toEqual([renamed.membershipId]);
    });

    it('lists archived members only in the archived view, and counts live groups', async () => {
      const local = await insertTenant(server);
      const localMaster = await person(server, { tenantId: local.id, role: 'master' });
      const { user } = await person(server);
      const memberId = await insertMembership(server, local.id, user.id);
      await relate(server, await insertGroup(server, local.id), memberId);
      await relate(server, await insertGroup(server, local.id, { archived: true }), memberId);
      const live = await server.api.get(`/tenants/${local.id}/tenant-users`, { token: localMaster.token });
      expect(live.body.data.find((m: { id: string }) => m.id === memberId)).toMatchObject({ groups_count: 1 });
      expect(live.body.data[0].groups).toBeUndefined();

      await del(server, `/tenants/${local.id}/tenant-users/${memberId}`, localMaster.token);
      const after = await server.api.get(`/tenants/${local.id}/tenant-users`, { token: localMaster.token });
      expect(after.body.data.map((m: { id: string }) => m.id)).not.toContain(memberId);
      const archived = await server.api.get(`/tenants/${local.id}/tenant-users?archived=1`, { token: localMaster.token });
      expect(archived.body.data).toEqual([
        expect.objectContaining({ id: memberId, status: 'archived', abilities: { update: false, archive: false, restore: true } }),
      ]);
    });
  });

  describe('changing', () => {
    it('changes the role, suspends, archives and restores (which reactivates)', async () => {
      const member = await person(server, { tenantId: tenant.id, role: 'user' });
      const id = member.membershipId as string;
      expect((await patch(id, { role: 'admin' })).body.data).toMatchObject({ role: 'admin', status: 'active' });

      const suspended = await patch(id, { is_active: false });
      expect(suspended.body.data).toMatchObject({ is_active: false, status: 'suspended' });
      const blocked = await server.api.get(`/tenants/${tenant.id}/groups`, { token: member.token });
      expect(blocked.status).toBe(403);

      const archived = await del(server, `${base()}/${id}`, master.token);
      expect(archived.body.data).toMatchObject({ status: 'archived', is_deleted: true });
      expect((await server.api.get('/users/me', { token: member.token })).body.data.memberships).toEqual([]);
      expect((await patch(id, { role: 'user' })).body.errors).toEqual({ is_deleted: ['This member is archived: restore it first.'] });
      expect((await del(server, `${base()}/${id}`, master.token)).body.errors).toEqual({ is_deleted: ['This member is already archived.'] });

      const restored = await patch(id, { is_deleted: false });
      expect(restored.body.data).toMatchObject({ status: 'active', is_active: true, is_deleted: false, role: 'admin' });
    });

    it("refuses changes to one's own membership with 403 own_account", async () => {
      const response = await patch(master.membershipId as string, { role: 'user' });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: 'own_account', message: 'You cannot change your own membership.' });
      expect((await del(server, `${base()}/${master.membershipId}`, master.token)).status).toBe(403);
    });

    it("replaces a member's groups, keeping relations to archived groups, and shows them in /users/me", async () => {
      const member = await person(server, { tenantId: tenant.id });
      const id = member.membershipId as string;
      const [first, second, third] = [
        await insertGroup(server, tenant.id, { name: 'Alpha team' }),
        await insertGroup(server, tenant.id, { name: 'Beta team' }),
        await insertGroup(server, tenant.id),
      ];
      const archived = await insertGroup(server, tenant.id, { archived: true });
      await relate(server, archived, id);
      await relate(server, third, id);

      const response = await server.api.post(`${base()}/${id}/groups`, { groups: [second, first] }, { token: master.token });
      expect(response.status).toBe(200);
      expect(response.body.data.groups).toEqual([
        { id: first, name: 'Alpha team' },
        { id: second, name: 'Beta team' },
      ]);
      expect(response.body.data.groups_count).toBe(2);
      const kept = await server.app.knex('group_tenant_users').where('tenant_user_id', id).pluck('group_id');
      expect(kept.sort()).toEqual([first, second, archived].sort());

      const me = await server.api.get('/users/me', { token: member.token });
      expect(me.body.data.memberships[0]).toMatchObject({ tenant: { id: tenant.id }, groups_count: 2 });
      expect((await server.api.get(`${base()}/${id}`, { token: master.token })).body.data.groups).toHaveLength(2);

      const cleared = await server.api.post(`${base()}/${id}/groups`, { groups: [] }, { token: master.token });
      expect(cleared.body.data.groups).toEqual([]);
    });

    it("refuses unknown groups, another organization's groups and malformed lists", async () => {
      const member = await person(server, { tenantId: tenant.id });
      const foreign = await insertGroup(server, (await insertTenant(server)).id);
      const archived = await insertGroup(server, tenant.id, { archived: true });
      const relateTo = (groups: unknown) => server.api.post(`${base()}/${member.membershipId}/groups`, { groups }, { token: master.token });
      for (const groups of [[foreign], [archived]]) {
        expect((await relateTo(groups)).body.errors).toEqual({ groups: ['The selected groups is invalid.'] });
      }
      expect((await relateTo('x')).body.errors).toEqual({ groups: ['The groups must be an array.'] });
      expect((await relateTo(['x'])).body.errors).toEqual({ groups: ['The selected groups is invalid.'] });
      expect((await server.api.post(`${base()}/${member.membershipId}/groups`, {}, { token: master.token })).body.errors).toEqual({
        groups: ['The groups field is required.'],
      });
    });

    it('answers 404 for a member of another organization, by either path form', async () => {
      const elsewhere = await insertTenant(server);
      const { user } = await person(server);
      const foreignMember = await insertMembership(server, elsewhere.id, user.id);
      for (const path of [`${base()}/${foreignMember}`, `/tenants/${tenant.id}/tenant-users/${foreignMember}`]) {
        const response = await server.api.get(path, { token: master.token });
        expect(response.status).toBe(404);
        expect(JSON.stringify(response.body)).not.toContain(user.email);
      }
      expect((await patch(foreignMember, { role: 'admin' })).status).toBe(404);
      const row = await server.app.knex('tenant_users').where('id', foreignMember).first('role');
      expect(row.role).toBe('user');
    });
  });
});
