/** GET /tenants/{t}/my-membership/content-tree: the caller's visible tree with hidden flags, in constant queries. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from './support/api.js';
import { assertContract } from './support/contract.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { insertComponent, insertModule, insertTopic } from './support/content.js';
import { countQueries } from './support/query-counts.js';

describe.each(databaseKinds)('content tree on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let learner: Person;
  let admin: Person;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    learner = await person(server, { tenantId: tenant.id });
    admin = await person(server, { tenantId: tenant.id, role: 'admin' });
  });
  afterAll(() => context.cleanup());

  async function queriesFor(token: string) {
    let response!: ApiResponse;
    const queries = await countQueries(server, async () => {
      response = await server.api.get(`/tenants/${tenant.id}/my-membership/content-tree`, { token });
    });
    expect(response.status).toBe(200);
    return { queries, tree: response.body.data };
  }

  it('shows active, live content the learner may see, with hidden flags, in the same queries for any size', async () => {
    const me = learner.membershipId as string;
    const seen = await insertModule(server, tenant.id, { name: 'Seen', members: [me] });
    await insertModule(server, tenant.id, { name: 'Unrelated' });
    await insertModule(server, tenant.id, { name: 'Inactive', members: [me], active: false });
    const second = await insertComponent(server, tenant.id, seen, { name: 'Second', position: 1 });
    const first = await insertComponent(server, tenant.id, seen, { name: 'First', position: 0 });
    await insertComponent(server, tenant.id, seen, { name: 'Archived', archived: true });
    const topic = await insertTopic(server, tenant.id, first, { name: 'Topic' });
    await insertTopic(server, tenant.id, first, { name: 'Off', active: false });
    await server.app.knex('component_hidden').insert({ component_id: second, tenant_user_id: me, created_at: new Date() });

    const small = await queriesFor(learner.token);
    expect(small.tree).toEqual([
      {
        id: seen,
        name: 'Seen',
        order: 0,
        is_hidden: false,
        components: [
          { id: first, name: 'First', order: 0, is_hidden: false, topics: [{ id: topic, name: 'Topic', order: 0 }] },
          { id: second, name: 'Second', order: 1, is_hidden: true, topics: [] },
        ],
      },
    ]);
    expect((await queriesFor(admin.token)).tree.map((module: { name: string }) => module.name).sort()).toEqual(['Seen', 'Unrelated']);

    for (let index = 0; index < 5; index += 1) {
      const moduleId = await insertModule(server, tenant.id, { members: [me], position: index + 1 });
      for (let c = 0; c < 3; c += 1) await insertTopic(server, tenant.id, await insertComponent(server, tenant.id, moduleId, { position: c }));
    }
    const large = await queriesFor(learner.token);
    expect(large.tree).toHaveLength(6);
    expect(large.queries).toBe(small.queries);
    expect(small.queries).toBeLessThanOrEqual(3);
  });

  it('adds inactive live rows for authors asking include-inactive (the Move Topic targets), never for learners (issue 14)', async () => {
    const local = await insertTenant(server);
    const author = await person(server, { tenantId: local.id, role: 'admin' });
    const reader = await person(server, { tenantId: local.id });
    const active = await insertModule(server, local.id, { name: 'Open', members: [reader.membershipId as string] });
    const dormant = await insertModule(server, local.id, { name: 'Dormant', active: false, members: [reader.membershipId as string] });
    const live = await insertComponent(server, local.id, active, { name: 'Live' });
    const resting = await insertComponent(server, local.id, active, { name: 'Resting', active: false, position: 1 });
    const inDormant = await insertComponent(server, local.id, dormant, { name: 'Inside dormant' });
    await insertComponent(server, local.id, active, { name: 'Gone', archived: true, position: 2 });
    const tree = async (token: string, query = '') => {
      const response = await server.api.get(`/tenants/${local.id}/my-membership/content-tree${query}`, { token });
      expect(response.status).toBe(200);
      return response.body.data as { id: string; is_active?: boolean; components: { id: string; is_active?: boolean }[] }[];
    };
    const components = (modules: Awaited<ReturnType<typeof tree>>) => modules.flatMap((m) => m.components.map((c) => [c.id, m.is_active, c.is_active]));

    expect(components(await tree(author.token))).toEqual([[live, undefined, undefined]]);
    expect(components(await tree(author.token, '?include-inactive=true'))).toEqual([
      [live, true, true],
      [resting, true, false],
      [inDormant, false, true],
    ]);
    // A learner never sees inactive content, whatever they ask.
    expect(components(await tree(reader.token, '?include-inactive=1'))).toEqual([[live, undefined, undefined]]);

    // And the move lands there.
    const topic = await insertTopic(server, local.id, live);
    for (const target of [resting, inDormant]) {
      const from = (await server.app.knex('topics').where('id', topic).first('component_id')).component_id;
      const moved = await server.api.post(`/tenants/${local.id}/components/${from}/topics/move/${topic}`, { component_id: target }, { token: author.token });
      expect(moved.status).toBe(200);
      expect(moved.body.data.component_id).toBe(target);
    }
  });

  it('answers gzip to clients that accept it, the same tree as without', async () => {
    const url = `${server.url}/api/tenants/${tenant.id}/my-membership/content-tree`;
    const ask = (encoding: string) => fetch(url, { headers: { Authorization: `Bearer ${learner.token}`, 'Accept-Encoding': encoding } });
    const plain = await ask('identity');
    const zipped = await ask('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/i);
    // fetch decodes the gzipped body: both carry the same tree, as the contract describes it.
    const [zippedTree, plainTree] = [await zipped.json(), await plain.json()];
    expect(zippedTree).toEqual(plainTree);
    assertContract('GET', `/tenants/${tenant.id}/my-membership/content-tree`, zipped.status, zippedTree);
  });
});
