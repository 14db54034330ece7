/** The organization's side of access requests: /api/tenants/{tenantId}/access-requests and the section 4 transitions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, waitForMail, type TestContext, type TestServer } from './support/server.js';
import { del, insertAccessRequest, insertMembership, insertTenant, person, uniqueName, type Person, type TenantFixture } from './support/people.js';

type State = 'pending' | 'approved' | 'declined' | 'archived-pending' | 'archived-declined';
type Action = { body: Record<string, unknown> } | 'DELETE';

/**
 * Every state against every action. `to` is the resulting state (spec section 4), or the 422 message.
 */
const TRANSITIONS: { from: State; action: string; call: Action; to: State | { field: string; message: string } }[] = [
  { from: 'pending', action: 'approve', call: { body: { status: 'approved' } }, to: 'approved' },
  { from: 'pending', action: 'decline', call: { body: { status: 'declined' } }, to: 'declined' },
  { from: 'pending', action: 'archive', call: 'DELETE', to: 'archived-pending' },
  { from: 'pending', action: 'restore', call: { body: { is_deleted: false } }, to: { field: 'is_deleted', message: 'This request is not archived.' } },
  { from: 'declined', action: 'approve', call: { body: { status: 'approved' } }, to: 'approved' },
  { from: 'declined', action: 'decline', call: { body: { status: 'declined' } }, to: { field: 'status', message: 'This request is already declined.' } },
  { from: 'declined', action: 'archive', call: { body: { is_deleted: true } }, to: 'archived-declined' },
  { from: 'approved', action: 'approve', call: { body: { status: 'approved' } }, to: { field: 'status', message: 'This request is already approved.' } },
  {
    from: 'approved',
    action: 'decline',
    call: { body: { status: 'declined' } },
    to: { field: 'status', message: 'This request is approved and cannot be declined.' },
  },
  { from: 'approved', action: 'archive', call: 'DELETE', to: { field: 'is_deleted', message: 'This request is approved and cannot be archived.' } },
  {
    from: 'archived-pending',
    action: 'approve',
    call: { body: { status: 'approved' } },
    to: { field: 'status', message: 'This request is archived and cannot be approved.' },
  },
  { from: 'archived-pending', action: 'archive', call: 'DELETE', to: { field: 'is_deleted', message: 'This request is already archived.' } },
  { from: 'archived-pending', action: 'restore', call: { body: { is_deleted: false } }, to: 'pending' },
  { from: 'archived-declined', action: 'restore', call: { body: { is_deleted: 0 } }, to: 'declined' },
];

describe.each(databaseKinds)('access request decisions on %s', (kind) => {
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

  const base = () => `/tenants/${tenant.id}/access-requests`;

  async function requestIn(state: State) {
    const requester = await person(server);
    const [status, archived] = state.startsWith('archived-') ? [state.slice('archived-'.length), true] : [state, false];
    const id = await insertAccessRequest(server, tenant.id, requester.user.id, { status: status as 'pending', archived });
    return { id, requester };
  }

  const stateOf = (data: { status: string; is_deleted: boolean }): State => (data.is_deleted ? (`archived-${data.status}` as State) : (data.status as State));

  it.each(TRANSITIONS)('$from --$action--> $to', async ({ from, call, to }) => {
    const { id } = await requestIn(from);
    const response =
      call === 'DELETE' ? await del(server, `${base()}/${id}`, master.token) : await server.api.patch(`${base()}/${id}`, call.body, { token: master.token });
    if (typeof to === 'string') {
      expect(response.status).toBe(200);
      expect(stateOf(response.body.data)).toBe(to);
    } else {
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ [to.field]: [to.message] });
    }
  });

  it('approving makes the person a member with role user and emails them', async () => {
    const { id, requester } = await requestIn('pending');
    const response = await server.api.patch(`${base()}/${id}`, { status: 'approved' }, { token: master.token });
    expect(response.body.data).toMatchObject({
      status: 'approved',
      user: { id: requester.user.id, email: requester.user.email },
      abilities: { approve: false, decline: false, archive: false, restore: false },
    });
    const me = await server.api.get('/users/me', { token: requester.token });
    expect(me.body.data.memberships).toEqual([expect.objectContaining({ role: 'user', is_active: true, tenant: expect.objectContaining({ id: tenant.id }) })]);
    const mail = await waitForMail(context.dataDir, requester.user.email, { subject: /approved/ });
    expect(mail.subject).toBe(`Your request to join ${tenant.name} was approved`);
    expect(mail.links).toEqual([`http://tessera.test/${tenant.slug}`]);
  });

  it('approving restores a removed membership as user', async () => {
    const { id, requester } = await requestIn('declined');
    const membership = await insertMembership(server, tenant.id, requester.user.id, { role: 'master', archived: true, active: false });
    await server.api.patch(`${base()}/${id}`, { status: 'approved' }, { token: master.token });
    const row = await server.app.knex('tenant_users').where('id', membership).first('role', 'is_active', 'deleted_at');
    expect(row).toMatchObject({ role: 'user', deleted_at: null });
    expect(Boolean(row.is_active)).toBe(true);
  });

  it('does not restore a request while the person has another open one', async () => {
    const requester = await person(server);
    const archived = await insertAccessRequest(server, tenant.id, requester.user.id, { archived: true });
    await insertAccessRequest(server, tenant.id, requester.user.id);
    const response = await server.api.patch(`${base()}/${archived}`, { is_deleted: false }, { token: master.token });
    expect(response.body.errors).toEqual({ is_deleted: ['This person has another open request to join this organization.'] });
  });

  it('checks the status against the decisions a master can take', async () => {
    const { id } = await requestIn('pending');
    const response = await server.api.patch(`${base()}/${id}`, { status: 'pending' }, { token: master.token });
    expect(response.body.errors).toEqual({ status: ['The selected status is invalid.'] });
  });

  it('lists the Pending, Declined and Archived views, searches and sorts by requested', async () => {
    const local = await insertTenant(server);
    const localMaster = await person(server, { tenantId: local.id, role: 'master' });
    const tag = uniqueName('Req').split(' ')[1];
    const names = [`Pat ${tag}`, `Ann ${tag}`, `Sam ${tag}`, `Lou ${tag}`];
    const ids: string[] = [];
    const states = [{}, {}, { status: 'declined' as const }, { archived: true }];
    for (const [index, name] of names.entries()) {
      const { user } = await person(server, { name });
      ids.push(await insertAccessRequest(server, local.id, user.id, states[index]));
    }
    const view = async (query: string) =>
      (await server.api.get(`/tenants/${local.slug}/access-requests?search=${tag}&${query}`, { token: localMaster.token })).body;

    const pending = await view('status=pending');
    expect(pending.data.map((r: { id: string }) => r.id)).toEqual([ids[0], ids[1]]);
    expect(pending.meta).toMatchObject({ order: 'requested', desc: false, total: 2 });
    expect(pending.data[0].abilities).toEqual({ approve: true, decline: true, archive: true, restore: false });
    expect((await view('status=pending&desc=true')).data.map((r: { id: string }) => r.id)).toEqual([ids[1], ids[0]]);
    expect((await view('status=pending&order=user')).data.map((r: { user: { name: string } }) => r.user.name)).toEqual([names[1], names[0]]);
    expect((await view('status=declined')).data.map((r: { id: string }) => r.id)).toEqual([ids[2]]);
    const archived = await view('archived=true');
    expect(archived.data.map((r: { id: string }) => r.id)).toEqual([ids[3]]);
    expect(archived.data[0].abilities).toEqual({ approve: false, decline: false, archive: false, restore: true });
  });

  it("answers 404 for another organization's request and leaves it alone", async () => {
    const elsewhere = await insertTenant(server);
    const { user } = await person(server, { name: 'Far Away' });
    const foreign = await insertAccessRequest(server, elsewhere.id, user.id);
    const response = await server.api.patch(`${base()}/${foreign}`, { status: 'approved' }, { token: master.token });
    expect(response.status).toBe(404);
    expect(JSON.stringify(response.body)).not.toContain('Far Away');
    expect((await server.app.knex('access_requests').where('id', foreign).first('status')).status).toBe('pending');
    expect(await server.app.knex('tenant_users').where({ user_id: user.id })).toEqual([]);
  });
});
