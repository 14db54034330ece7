/**
 * Adding a person to an organization invites them (issue 16 item 7, ARCHITECTURE.md#member-invitations): the
 * membership grants nothing until the person accepts, and until then the organization learns nothing about
 * the account behind the address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  jobsSettled,
  login,
  parseLink,
  PASSWORD,
  readOutbox,
  startTestServer,
  type TestContext,
  type TestServer,
  uniqueEmail,
  waitForMail,
} from './support/server.js';
import { del, insertGroup, insertTenant, person, relate, type Person, type TenantFixture } from './support/people.js';
import { insertModule } from './support/content.js';

interface MemberBody {
  id: string;
  status: string;
  user: { id: string | null; name: string; email: string; is_active: boolean; is_confirmed: boolean };
  [key: string]: unknown;
}

/** The parts of an answer that must differ between two added people (their own ids, times and addresses). */
function shape(member: MemberBody): unknown {
  const { id, created_at, joined, ...rest } = member;
  return { ...rest, id: typeof id, created_at: typeof created_at, joined: typeof joined, user: { ...member.user, email: '<typed>' } };
}

describe.each(databaseKinds)('member invitations on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let master: Person;
  let owner: Person;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    master = await person(server, { tenantId: tenant.id, role: 'master', name: 'Mia Master' });
    owner = await person(server, { owner: true });
  });
  afterAll(() => context.cleanup());

  const base = () => `/tenants/${tenant.slug}/tenant-users`;
  const add = (body: unknown, into = tenant) => server.api.post(`/tenants/${into.slug}/tenant-users`, body, { token: master.token });
  const accept = (token: string, as?: string) => server.api.post('/accept-invitation', { token }, as ? { token: as } : {});
  const acceptLink = async (email: string, organization = tenant.name) => {
    const mail = await waitForMail(context.dataDir, email, { subject: new RegExp(`invited to join ${organization}`) });
    const url = new URL(mail.links[0]);
    const [, route, token] = url.pathname.split('/');
    return { route, token, mail };
  };

  it('answers the adder exactly as for a brand-new address, and computes no password hash either way', async () => {
    const existing = await person(server, { name: 'Ed Existing' });
    await server.app.knex('users').where('id', existing.user.id).update({ is_active: false });
    const fresh = uniqueEmail('fresh');
    const hasher = server.app.services.passwords;
    const calls: string[] = [];
    const original = { hash: hasher.hash.bind(hasher), verify: hasher.verify.bind(hasher) };
    hasher.hash = (password) => (calls.push('hash'), original.hash(password));
    hasher.verify = (hash, password) => (calls.push('verify'), original.verify(hash, password));
    let known, unknown;
    try {
      known = await add({ email: existing.user.email.toUpperCase(), role: 'admin' });
      unknown = await add({ email: fresh, role: 'admin' });
    } finally {
      Object.assign(hasher, original);
    }
    expect(calls).toEqual([]);
    expect(known.status).toBe(201);
    expect(unknown.status).toBe(201);
    expect(known.body.data).toMatchObject({
      status: 'invited',
      user: { id: null, name: '', email: existing.user.email, is_active: true, is_confirmed: false },
    });
    expect(shape(known.body.data)).toEqual(shape(unknown.body.data));
    expect(JSON.stringify(known.body)).not.toContain('Ed Existing');
    expect(JSON.stringify(known.body)).not.toContain(existing.user.id);

    // The single read and the list show the same as the answer; the person's name is neither searched nor sorted on.
    const single = await server.api.get(`${base()}/${known.body.data.id}`, { token: master.token });
    expect(shape(single.body.data)).toEqual(shape(unknown.body.data));
    const byName = await server.api.get(`${base()}/?search=Existing`, { token: master.token });
    expect(byName.body.data).toEqual([]);
    const byEmail = await server.api.get(`${base()}?search=${encodeURIComponent(existing.user.email)}`, { token: master.token });
    expect(byEmail.body.data.map((m: MemberBody) => [m.id, m.status])).toEqual([[known.body.data.id, 'invited']]);

    // Re-adding either answers the same 422.
    for (const email of [existing.user.email, fresh]) {
      const again = await add({ email });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ email: ['This person has already been invited to this organization.'] });
    }
  });

  it('grants nothing until accepted: no access, no membership, not counted; then the accept link makes a member', async () => {
    const local = await insertTenant(server);
    const localMaster = await person(server, { tenantId: local.id, role: 'master' });
    const invitee = await person(server, { name: 'Ina Invitee' });
    const added = await server.api.post(`/tenants/${local.id}/tenant-users`, { email: invitee.user.email, role: 'admin' }, { token: localMaster.token });
    const memberId = added.body.data.id as string;
    const group = await insertGroup(server, local.id);
    await relate(server, group, memberId);
    const moduleId = await insertModule(server, local.id, { members: [memberId] });

    // The person is not a member anywhere it would grant rights.
    expect((await server.api.get('/users/me', { token: invitee.token })).body.data.memberships).toEqual([]);
    for (const path of [`/tenants/${local.id}/modules`, `/tenants/${local.slug}/modules/${moduleId}`, `/tenants/${local.id}/reports/snapshot`]) {
      expect((await server.api.get(path, { token: invitee.token })).status).toBe(404);
    }
    const report = await server.api.get(`/tenants/${local.id}/reports/snapshot`, { token: localMaster.token });
    expect(report.body.data.tenant_users).toEqual({ master: 1, admin: 0, user: 0, archived: 0 });
    const organization = await server.api.get(`/tenants/${local.id}`, { token: owner.token });
    expect(organization.body.data.members_count).toBe(1);
    const account = await server.api.get(`/users?search=${encodeURIComponent(invitee.user.email)}`, { token: owner.token });
    expect(account.body.data.map((u: { memberships_count: number }) => u.memberships_count)).toEqual([0]);
    // Where the organization manages people, the invitation shows as a new address would.
    const groupRead = await server.api.get(`/tenants/${local.id}/groups/${group}`, { token: localMaster.token });
    expect(groupRead.body.data.members).toEqual([{ id: memberId, role: 'admin', is_active: true, user: added.body.data.user }]);
    const moduleRead = await server.api.get(`/tenants/${local.id}/modules/${moduleId}`, { token: localMaster.token });
    expect(moduleRead.body.data.members).toEqual([{ id: memberId, role: 'admin', is_active: true, user: added.body.data.user }]);

    const { route, token, mail } = await acceptLink(invitee.user.email, local.name);
    expect(route).toBe('accept-invitation');
    expect(mail.text).toContain(local.name);

    // Only the invited account, logged in, accepts: anyone else gets the same answer as for an unknown token.
    expect((await accept(token)).status).toBe(401);
    const stranger = await person(server);
    for (const attempt of [await accept(token, stranger.token), await accept('x'.repeat(43), invitee.token)]) {
      expect(attempt.status).toBe(422);
      expect(attempt.body.errors).toEqual({ token: ['This invitation link is invalid or has expired.'] });
    }
    expect((await server.api.get('/users/me', { token: stranger.token })).body.data.memberships).toEqual([]);

    const accepted = await accept(token, invitee.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ id: memberId, role: 'admin', is_active: true, tenant: { id: local.id, slug: local.slug }, groups_count: 1 });
    const me = await server.api.get('/users/me', { token: invitee.token });
    expect(me.body.data.memberships.map((m: { id: string }) => m.id)).toEqual([memberId]);
    expect((await server.api.get(`/tenants/${local.slug}/modules/${moduleId}`, { token: invitee.token })).status).toBe(200);
    const now = await server.api.get(`/tenants/${local.id}/tenant-users/${memberId}`, { token: localMaster.token });
    expect(now.body.data).toMatchObject({ status: 'active', user: { id: invitee.user.id, name: 'Ina Invitee', is_confirmed: true } });
    expect((await server.api.get(`/tenants/${local.id}`, { token: owner.token })).body.data.members_count).toBe(2);

    // Single use.
    expect((await accept(token, invitee.token)).status).toBe(422);
  });

  it('refuses an expired, withdrawn or replaced invitation, and one whose organization was archived', async () => {
    const invitee = await person(server);
    const accepting = (token: string) => accept(token, invitee.token);
    const first = await add({ email: invitee.user.email });
    const { token: expired } = await acceptLink(invitee.user.email);
    await server.app
      .knex('auth_tokens')
      .where({ user_id: invitee.user.id, tenant_user_id: first.body.data.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await accepting(expired)).status).toBe(422);

    // Withdrawn: the master archives the invitation; adding again sends a new one and the old link stays dead.
    await del(server, `${base()}/${first.body.data.id}`, master.token);
    const sentAt = Date.now();
    const again = await add({ email: invitee.user.email, role: 'master' });
    expect(again.body.data).toMatchObject({ id: first.body.data.id, status: 'invited', role: 'master' });
    const mail = await waitForMail(context.dataDir, invitee.user.email, { subject: /invited to join/, after: sentAt });
    const fresh = new URL(mail.links[0]).pathname.split('/')[2];
    await del(server, `${base()}/${first.body.data.id}`, master.token);
    expect((await accepting(fresh)).status).toBe(422);
    expect((await server.api.get('/users/me', { token: invitee.token })).body.data.memberships).toEqual([]);

    const gone = await insertTenant(server);
    const goneMaster = await person(server, { tenantId: gone.id, role: 'master' });
    await server.api.post(`/tenants/${gone.id}/tenant-users`, { email: invitee.user.email }, { token: goneMaster.token });
    const { token: archivedOrganization } = await acceptLink(invitee.user.email, gone.name);
    await server.app.knex('tenants').where('id', gone.id).update({ deleted_at: new Date() });
    expect((await accepting(archivedOrganization)).status).toBe(422);
  });

  it('finishing registration accepts that invitation only; the others arrive again as accept links', async () => {
    const email = uniqueEmail('newcomer');
    const other = await insertTenant(server);
    const otherMaster = await person(server, { tenantId: other.id, role: 'master' });
    const ours = await add({ email, role: 'admin' });
    const theirs = await server.api.post(`/tenants/${other.id}/tenant-users`, { email }, { token: otherMaster.token });
    expect(theirs.body.data.status).toBe('invited');

    await jobsSettled(server);
    const registrationLinks = readOutbox(context.dataDir)
      .filter((m) => m.to === email)
      .map((m) => ({ text: m.text, link: parseLink(m.links[0]) }));
    const ourLink = registrationLinks.find((m) => m.text.includes(tenant.name))!.link;
    const theirLink = registrationLinks.find((m) => m.text.includes(other.name))!.link;
    expect(ourLink.route).toBe('finish-registration');

    const sentAt = Date.now();
    const finish = (token: string) =>
      server.api.post('/finish-registration', { email, name: 'Nell Newcomer', password: PASSWORD, password_confirmation: PASSWORD, token });
    expect((await finish(ourLink.token)).status).toBe(200);
    const tokens = await login(server, email);
    const me = await server.api.get('/users/me', { token: tokens.access_token });
    expect(me.body.data.memberships.map((m: { id: string }) => m.id)).toEqual([ours.body.data.id]);

    // The other organization's finish-registration link no longer fits; its invitation came again as an accept link.
    expect((await finish(theirLink.token)).status).toBe(422);
    const resent = await waitForMail(context.dataDir, email, { subject: new RegExp(`invited to join ${other.name}`), after: sentAt });
    const token = new URL(resent.links[0]).pathname.split('/')[2];
    expect((await accept(token, tokens.access_token)).body.data).toMatchObject({ id: theirs.body.data.id, tenant: { id: other.id } });
  });

  it('lets an invited person ask to join; approving the request makes them a member with the invited role', async () => {
    const local = await insertTenant(server);
    const localMaster = await person(server, { tenantId: local.id, role: 'master' });
    const invitee = await person(server);
    const added = await server.api.post(`/tenants/${local.id}/tenant-users`, { email: invitee.user.email, role: 'admin' }, { token: localMaster.token });
    const asked = await server.api.post('/access-requests', { name: local.name }, { token: invitee.token });
    expect(asked.status).toBe(201);
    const requests = await server.api.get(`/tenants/${local.id}/access-requests`, { token: localMaster.token });
    const approved = await server.api.patch(
      `/tenants/${local.id}/access-requests/${requests.body.data[0].id}`,
      { status: 'approved' },
      { token: localMaster.token },
    );
    expect(approved.status).toBe(200);
    const me = await server.api.get('/users/me', { token: invitee.token });
    expect(me.body.data.memberships).toEqual([expect.objectContaining({ id: added.body.data.id, role: 'admin' })]);
  });
});
