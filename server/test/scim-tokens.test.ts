/**
 * SCIM tokens (features/scim-tokens): masters and the owner create, list and revoke them; the token is answered
 * once, stored as its SHA-256, never listed; revoking is immediate (scim.test.ts holds the SCIM side).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, buildWorld, del, type Actor, type World } from './support/people.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';

describe.each(databaseKinds)('SCIM tokens on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;
  let base: string;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    world = await buildWorld(server);
    base = `/tenants/${world.home.id}/scim-tokens`;
  });
  afterAll(() => context.cleanup());

  function scimUsers(token: string, tenant = world.home.id) {
    return fetch(`${server.url}/scim/v2/${tenant}/Users?count=1`, { headers: { Authorization: `Bearer ${token}` } });
  }

  it('answers the token once, keeps only its hash, and lists it without it', async () => {
    const created = await server.api.post(base, { name: 'Okta production' }, { token: world.people.master.token });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Okta production', is_revoked: false, last_used_at: null, created_by: { name: 'Mia Master' } });
    const token = created.body.data.token as string;
    expect(token).toMatch(/^tsc_[\w-]{43}$/);
    const stored = await server.app.knex('scim_tokens').where('id', created.body.data.id).first('token_hash');
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));

    expect((await scimUsers(token)).status).toBe(200);
    const list = await server.api.get(`${base}?search=okta`, { token: world.people.master.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id: created.body.data.id, name: 'Okta production' })]);
    expect(list.body.data[0].token).toBeUndefined();
    expect(list.body.data[0].last_used_at).not.toBeNull();
  });

  it('revokes at once, and a second revoke is 422', async () => {
    const created = await server.api.post(base, { name: 'Entra' }, { token: world.people.owner.token });
    const token = created.body.data.token as string;
    expect((await scimUsers(token)).status).toBe(200);
    const revoked = await del(server, `${base}/${created.body.data.id}`, world.people.master.token);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.is_revoked).toBe(true);
    expect((await scimUsers(token)).status).toBe(401);
    expect((await del(server, `${base}/${created.body.data.id}`, world.people.master.token)).status).toBe(422);
    // Another organization's token id is not found here.
    const other = await server.api.post(`/tenants/${world.other.id}/scim-tokens`, { name: 'Other' }, { token: world.people.outsider.token });
    expect((await del(server, `${base}/${other.body.data.id}`, world.people.master.token)).status).toBe(404);
  });

  it('refuses everyone else: 403 for a learner, an author or a suspended master, 404 for an outsider', async () => {
    const expected: Record<Actor, number> = { owner: 200, master: 200, admin: 403, user: 403, outsider: 404, invited: 404, suspended: 403, unconfirmed: 403 };
    for (const actor of ACTORS) {
      expect((await server.api.get(base, { token: world.people[actor].token })).status, actor).toBe(expected[actor]);
      const create = await server.api.post(base, { name: 'Nope' }, { token: world.people[actor].token });
      expect(create.status, actor).toBe(expected[actor] === 200 ? 201 : expected[actor]);
    }
    expect((await server.api.get(base)).status).toBe(401);
  });

  it('answers 422 for a missing or too long name', async () => {
    const empty = await server.api.post(base, { name: '' }, { token: world.people.master.token });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['name']);
    const long = await server.api.post(base, { name: 'x'.repeat(256) }, { token: world.people.master.token });
    expect(long.status).toBe(422);
  });
});
