/**
 * Integration clients (service accounts): masters and the owner create, list and revoke them; scripts get access
 * tokens with client_credentials that act as the client's role in its one organization, never another; revoked
 * clients stop working at once (features/integration-clients).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, buildWorld, del, type Actor, type World } from './support/people.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';

interface CreatedClient {
  id: string;
  client_secret: string;
}

describe.each(databaseKinds)('integration clients on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;
  let base: string;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    world = await buildWorld(server);
    base = `/tenants/${world.home.id}/integration-clients`;
  });
  afterAll(() => context.cleanup());

  async function createClient(role: 'user' | 'admin' | 'master', name = `Nightly sync ${role}`): Promise<CreatedClient> {
    const response = await server.api.post(base, { name, role }, { token: world.people.master.token });
    expect(response.status).toBe(201);
    return response.body.data as CreatedClient;
  }

  function clientToken(form: Record<string, string>, headers: Record<string, string> = {}) {
    return server.api.post('/token', undefined, { form: { grant_type: 'client_credentials', ...form }, headers });
  }

  async function accessTokenOf(client: CreatedClient): Promise<string> {
    const response = await clientToken({ client_id: client.id, client_secret: client.client_secret });
    expect(response.status).toBe(200);
    return response.body.access_token as string;
  }

  it('lets a master or the owner create one: the secret is answered once, never listed', async () => {
    const created = await server.api.post(base, { name: 'Payroll export', role: 'admin' }, { token: world.people.master.token });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Payroll export', role: 'admin', is_revoked: false, revoked_at: null, created_by: { name: 'Mia Master' } });
    expect(created.body.data.client_secret).toMatch(/^[\w-]{43}$/);
    // OAuth tooling reads client_id beside the secret; the two names carry the one id.
    expect(created.body.data.client_id).toBe(created.body.data.id);
    expect((await accessTokenOf({ id: created.body.data.client_id, client_secret: created.body.data.client_secret })).length).toBeGreaterThan(20);

    const byOwner = await server.api.post(base, { name: 'Owner script', role: 'user' }, { token: world.people.owner.token });
    expect(byOwner.status).toBe(201);

    const list = await server.api.get(`${base}?search=payroll`, { token: world.people.master.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id: created.body.data.id, client_id: created.body.data.id, name: 'Payroll export' })]);
    expect(list.body.data[0].client_secret).toBeUndefined();
    const stored = await server.app.knex('integration_clients').where('id', created.body.data.id).first('secret_hash');
    expect(stored.secret_hash).not.toContain(created.body.data.client_secret);
  });

  it('refuses everyone else: 403 for a learner, an author or a suspended master, 404 for an outsider', async () => {
    const expected: Record<Actor, number> = { owner: 200, master: 200, admin: 403, user: 403, outsider: 404, invited: 404, suspended: 403, unconfirmed: 403 };
    for (const actor of ACTORS) {
      const list = await server.api.get(base, { token: world.people[actor].token });
      expect(list.status, actor).toBe(expected[actor]);
      const create = await server.api.post(base, { name: 'Nope', role: 'user' }, { token: world.people[actor].token });
      expect(create.status, actor).toBe(expected[actor] === 200 ? 201 : expected[actor]);
    }
    expect((await server.api.get(base)).status).toBe(401);
  });

  it('answers 422 per field for a missing name or an unknown role', async () => {
    const response = await server.api.post(base, { name: '', role: 'owner' }, { token: world.people.master.token });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['name', 'role']);
  });

  it('gives a script a token acting as the role in that organization only', async () => {
    const admin = await createClient('admin');
    const token = await accessTokenOf(admin);
    const basic = await clientToken({}, { Authorization: `Basic ${Buffer.from(`${admin.id}:${admin.client_secret}`).toString('base64')}` });
    expect(basic.status).toBe(200);
    expect(basic.body.refresh_token).toBeUndefined();
    expect(basic.body.token_type).toBe('Bearer');

    // An admin authors content, and may not manage people.
    const module = await server.api.post(`/tenants/${world.home.id}/modules`, { name: 'From a script', description: 'Imported.' }, { token });
    expect(module.status).toBe(201);
    expect((await server.api.get(`/tenants/${world.home.id}/tenant-users`, { token })).status).toBe(403);
    // Never another organization, nor the owner's calls, nor managing integration clients.
    expect((await server.api.get(`/tenants/${world.other.id}/modules`, { token })).status).toBe(404);
    expect((await server.api.get('/users', { token })).status).toBe(403);

    const master = await createClient('master');
    const masterToken = await accessTokenOf(master);
    expect((await server.api.get(`/tenants/${world.home.id}/tenant-users`, { token: masterToken })).status).toBe(200);
    const minted = await server.api.post(base, { name: 'Escalation', role: 'master' }, { token: masterToken });
    expect(minted.status).toBe(403);
    expect((await server.api.get(`/tenants/${world.other.id}/tenant-users`, { token: masterToken })).status).toBe(404);
  });

  it('is not listed among the members or the accounts', async () => {
    const client = await createClient('user', 'Hidden helper');
    const members = await server.api.get(`/tenants/${world.home.id}/tenant-users?paginate=false`, { token: world.people.master.token });
    expect(members.body.data.map((member: { user: { name: string } }) => member.user.name)).not.toContain('Hidden helper');
    const users = await server.api.get('/users?paginate=false', { token: world.people.owner.token });
    expect(users.body.data.map((user: { name: string }) => user.name)).not.toContain('Hidden helper');
    expect(client.id).toBeDefined();
  });

  it('refuses a wrong secret, an unknown client and the web client as invalid_client', async () => {
    const client = await createClient('user');
    for (const form of [
      { client_id: client.id, client_secret: `${client.client_secret}x` },
      { client_id: 'nobody', client_secret: client.client_secret },
      { client_id: 'tessera-web', client_secret: 'anything' },
    ]) {
      const response = await clientToken(form);
      expect(response.status, form.client_id).toBe(401);
      expect(response.body, form.client_id).toMatchObject({ code: 'invalid_client', error: 'invalid_client' });
    }
    const missing = await clientToken({ client_id: client.id });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.client_secret).toEqual(['The client secret field is required.']);
    // The web client cannot be used for client_credentials, nor an integration client for a password login.
    const password = await server.api.post('/token', undefined, {
      form: { grant_type: 'password', client_id: client.id, email: world.people.user.user.email, password: 'Correct-horse-1' },
    });
    expect(password.status).toBe(400);
    // RFC 6749 5.2: a grant the client is not registered for.
    expect(password.body).toMatchObject({ error: 'unauthorized_client', code: 'unauthorized_client' });
  });

  it('stops a revoked client at once: its tokens and any new one; revoking again is 422', async () => {
    const client = await createClient('admin');
    const token = await accessTokenOf(client);
    expect((await server.api.get(`/tenants/${world.home.id}/modules`, { token })).status).toBe(200);

    expect((await del(server, `${base}/${client.id}`, world.people.admin.token)).status).toBe(403);
    expect((await del(server, `/tenants/${world.other.id}/integration-clients/${client.id}`, world.people.outsider.token)).status).toBe(404);
    const revoked = await del(server, `${base}/${client.id}`, world.people.master.token);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: client.id, is_revoked: true });

    expect((await server.api.get(`/tenants/${world.home.id}/modules`, { token })).status).toBe(401);
    const again = await clientToken({ client_id: client.id, client_secret: client.client_secret });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe('invalid_client');
    expect((await del(server, `${base}/${client.id}`, world.people.master.token)).status).toBe(422);
    expect((await del(server, `${base}/00000000-0000-7000-8000-000000000000`, world.people.master.token)).status).toBe(404);
  });

  it('registers redirect URIs and grant types for "Log in with Tessera", checked per field', async () => {
    const token = world.people.master.token;
    const plain = await server.api.post(base, { name: 'Default grants', role: 'user' }, { token });
    expect(plain.body.data).toMatchObject({ redirect_uris: [], grant_types: ['client_credentials'] });

    const app = await server.api.post(
      base,
      {
        name: 'Partner app',
        role: 'user',
        redirect_uris: [' https://app.example.com/callback ', 'http://localhost:3000/cb'],
        grant_types: ['refresh_token', 'authorization_code'],
      },
      { token },
    );
    expect(app.status).toBe(201);
    expect(app.body.data).toMatchObject({
      redirect_uris: ['https://app.example.com/callback', 'http://localhost:3000/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
    });
    const listed = await server.api.get(`${base}?search=partner`, { token });
    expect(listed.body.data[0]).toMatchObject({ redirect_uris: ['https://app.example.com/callback', 'http://localhost:3000/cb'] });
    // Such a client has no client_credentials grant: the provider refuses it that grant.
    const refused = await clientToken({ client_id: app.body.data.id, client_secret: app.body.data.client_secret });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ code: 'unauthorized_client', error: 'unauthorized_client' });

    const cases: [Record<string, unknown>, string, string][] = [
      [{ grant_types: ['authorization_code'] }, 'redirect_uris', 'The authorization code grant needs at least one redirect URI.'],
      [
        { grant_types: ['authorization_code'], redirect_uris: ['http://app.example.com/cb'] },
        'redirect_uris',
        'Each redirect URI must be an absolute https URL (http only for localhost) without a fragment.',
      ],
      [
        { grant_types: ['authorization_code'], redirect_uris: ['https://app.example.com/cb#x'] },
        'redirect_uris',
        'Each redirect URI must be an absolute https URL (http only for localhost) without a fragment.',
      ],
      [{ grant_types: ['authorization_code'], redirect_uris: '/cb' }, 'redirect_uris', 'The redirect uris must be an array.'],
      [{ grant_types: ['implicit'] }, 'grant_types', 'The selected grant types is invalid.'],
      [{ grant_types: ['refresh_token', 'client_credentials'] }, 'grant_types', 'The refresh token grant needs the authorization code grant.'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await server.api.post(base, { name: 'Bad app', role: 'user', ...fields }, { token });
      expect(response.status, JSON.stringify(fields)).toBe(422);
      expect(response.body.errors[field], JSON.stringify(fields)).toEqual([message]);
    }
  });
});
