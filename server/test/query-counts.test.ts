/**
 * No N+1: the number of SQL queries a request makes does not grow with the page size or with the number of
 * memberships (support/query-counts.ts). A list costs the page and (when rows follow the page) a count, /users/me one
 * grouped count, besides the session lookup these counts leave out. The lists of the platform's first resources are
 * checked here; a later resource checks its lists in its own test (list-query-coverage.test.ts finds them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.js';
import { insertComponent, insertModule, insertTopic } from './support/content.js';
import { countQueries, expectFlatListQueries } from './support/query-counts.js';
import { createUser, databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { insertAccessRequest, insertGroup, insertMembership, insertTenant, person, relate, type Person, type TenantFixture } from './support/people.js';

describe.each(databaseKinds)('queries per request on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let owner: Person;
  let master: Person;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    owner = await person(server, { owner: true });
    master = await person(server, { tenantId: tenant.id, role: 'master' });
    const groups = [];
    for (let index = 0; index < 12; index += 1) groups.push(await insertGroup(server, tenant.id));
    for (let index = 0; index < 40; index += 1) {
      const user = await createUser(server, { name: `Member ${index}` });
      const membership = await insertMembership(server, tenant.id, user.id);
      await relate(server, groups[index % groups.length], membership);
      await insertAccessRequest(server, tenant.id, user.id);
      await insertTenant(server);
    }
  });
  afterAll(() => context.cleanup());

  async function queriesFor(path: string, token: string): Promise<number> {
    return countQueries(server, async () => expect((await server.api.get(path, { token })).status).toBe(200));
  }

  // The page's ids with the total, then their rows (one query when sorting by a count of the select): never more,
  // however many rows the page holds.
  it('members, groups, access requests, organizations and users: no more queries for a full page than for 1 row', async () => {
    const base = `/tenants/${tenant.id}`;
    const members = (size: number) => `${base}/tenant-users?order=joined&search=member&per_page=${size}`;
    expect(await expectFlatListQueries(server, { operation: 'listTenantUsers', path: members, token: master.token, rows: 40 })).toBe(2);
    const groups = (size: number) => `/tenants/${tenant.slug}/groups?order=members&per_page=${size}`;
    expect(await expectFlatListQueries(server, { operation: 'listGroups', path: groups, token: master.token, rows: 12 })).toBe(1);
    const requests = (size: number) => `${base}/access-requests?status=pending&per_page=${size}`;
    expect(await expectFlatListQueries(server, { operation: 'listTenantAccessRequests', path: requests, token: master.token, rows: 40 })).toBe(2);
    expect(
      await expectFlatListQueries(server, {
        operation: 'listTenants',
        path: (size) => `/tenants?order=members&per_page=${size}`,
        rows: 40,
        token: owner.token,
      }),
    ).toBe(1);
    expect(
      await expectFlatListQueries(server, {
        operation: 'listUsers',
        path: (size) => `/users?order=memberships&per_page=${size}`,
        rows: 40,
        token: owner.token,
      }),
    ).toBe(1);
  });

  it('modules, components, topics, starred topics and integration clients: no more queries for 20 rows than for 1', async () => {
    const content = await insertTenant(server);
    const admin = await person(server, { tenantId: content.id, role: 'admin' });
    const learner = await person(server, { tenantId: content.id, role: 'user' });
    const moduleIds: string[] = [];
    for (let index = 0; index < 20; index += 1) moduleIds.push(await insertModule(server, content.id, { members: [learner.membershipId as string] }));
    const componentIds: string[] = [];
    for (let index = 0; index < 20; index += 1) componentIds.push(await insertComponent(server, content.id, moduleIds[0]));
    const topicIds: string[] = [];
    for (let index = 0; index < 20; index += 1) topicIds.push(await insertTopic(server, content.id, componentIds[0]));
    for (const topicId of topicIds) {
      const starred = await server.api.post(`/tenants/${content.id}/components/${componentIds[0]}/topics/favorites/${topicId}`, undefined, {
        token: learner.token,
      });
      expect(starred.status).toBeLessThan(300);
    }
    const contentMaster = await person(server, { tenantId: content.id, role: 'master' });
    for (let index = 0; index < 20; index += 1) {
      const created = await server.api.post(
        `/tenants/${content.id}/integration-clients`,
        { name: `Script ${index}`, role: 'user' },
        { token: contentMaster.token },
      );
      expect(created.status).toBe(201);
    }
    const base = `/tenants/${content.id}`;
    const list = (path: string) => (size: number) => `${base}${path}${path.includes('?') ? '&' : '?'}per_page=${size}`;
    await expectFlatListQueries(server, { operation: 'listModules', path: list('/modules?order=name'), token: learner.token, rows: 20 });
    await expectFlatListQueries(server, { operation: 'listComponents', path: list(`/modules/${moduleIds[0]}/components`), token: admin.token, rows: 20 });
    await expectFlatListQueries(server, {
      operation: 'listTopics',
      path: list(`/components/${componentIds[0]}/topics?search=topic`),
      token: learner.token,
      rows: 20,
    });
    await expectFlatListQueries(server, { operation: 'listFavoriteTopics', path: list('/my-membership/favorite-topics'), token: learner.token, rows: 20 });
    const clients = list('/integration-clients?order=created');
    await expectFlatListQueries(server, { operation: 'listIntegrationClients', path: clients, token: contentMaster.token, rows: 20 });
  });

  it("bioreq lists (the reviewers' and the uploader's): no more queries for 40 documents than for 1", async () => {
    const bioreq = await insertTenant(server, { enableBioreq: true });
    const reviewer = await person(server, { tenantId: bioreq.id, role: 'admin' });
    const uploader = await person(server, { tenantId: bioreq.id, role: 'user' });
    const now = Date.now();
    await server.app.knex('bioreq_documents').insert(
      Array.from({ length: 40 }, (_, index) => ({
        id: newId(),
        tenant_id: bioreq.id,
        tenant_user_id: uploader.membershipId,
        title: `Document ${index}`,
        description: 'd',
        storage_key: `${bioreq.id}/k/${index}.pdf`,
        mime_type: 'application/pdf',
        size: 2000,
        status: index % 2 ? 'underreview' : 'pending',
        reviewer_user_id: index % 2 ? reviewer.user.id : null,
        created_at: new Date(now - index * 1000),
        updated_at: new Date(now - index * 1000),
      })),
    );
    // The page's keys, its rows, and the total, which bioreq's lists count apart and keep until the next commit.
    await expectFlatListQueries(server, {
      operation: 'listBioreqDocuments',
      path: (size) => `/tenants/${bioreq.id}/bioreq?processed=false&search=document&per_page=${size}`,
      token: reviewer.token,
      rows: 40,
    });
    await expectFlatListQueries(server, {
      operation: 'listOwnBioreqDocuments',
      path: (size) => `/tenants/${bioreq.id}/bioreq/user?processed=false&order=title&per_page=${size}`,
      token: uploader.token,
      rows: 40,
    });
  });

  it('webhook endpoints and a delivery log: no more queries for 20 rows than for 1', async () => {
    const now = Date.now();
    const endpoints = Array.from({ length: 20 }, (_, index) => ({
      id: newId(),
      tenant_id: tenant.id,
      url: `https://hooks.partner.example/${index}`,
      events: JSON.stringify(['member.joined']),
      enabled: true,
      secret: `whsec_${index}`,
      created_by: master.user.id,
      created_at: new Date(now),
      updated_at: new Date(now),
    }));
    await server.app.knex('webhook_endpoints').insert(endpoints);
    await server.app.knex('webhook_deliveries').insert(
      Array.from({ length: 20 }, (_, index) => ({
        id: `msg_${index}`,
        tenant_id: tenant.id,
        endpoint_id: endpoints[0].id,
        event_type: 'member.joined',
        payload: '{}',
        state: index % 2 ? 'failed' : 'succeeded',
        attempts: 1,
        retry_step: 0,
        created_at: new Date(now - index * 1000),
      })),
    );
    const webhooks = `/tenants/${tenant.id}/webhooks`;
    await expectFlatListQueries(server, {
      operation: 'listWebhooks',
      path: (size) => `${webhooks}?order=created&per_page=${size}`,
      token: master.token,
      rows: 20,
    });
    await expectFlatListQueries(server, {
      operation: 'listWebhookDeliveries',
      path: (size) => `${webhooks}/${endpoints[0].id}/deliveries?per_page=${size}`,
      token: master.token,
      rows: 20,
    });
  });

  it('SCIM tokens and the audit trail: no more queries for 20 rows than for 1', async () => {
    const now = Date.now();
    await server.app.knex('scim_tokens').insert(
      Array.from({ length: 20 }, (_, index) => ({
        id: newId(),
        tenant_id: tenant.id,
        name: `Provider ${index}`,
        token_hash: `${index}`.padStart(64, '0'),
        created_by: master.user.id,
        created_at: new Date(now - index * 1000),
      })),
    );
    await server.app.knex('audit_events').insert(
      Array.from({ length: 20 }, (_, index) => ({
        id: newId(),
        tenant_id: tenant.id,
        actor_kind: 'scim_token',
        actor_id: null,
        actor_name: 'Okta',
        action: 'scim.user.created',
        target_kind: 'member',
        target_id: null,
        target_name: `member${index}@example.com`,
        details: '{"active":true}',
        created_at: new Date(now - index * 1000),
      })),
    );
    const base = `/tenants/${tenant.id}`;
    await expectFlatListQueries(server, {
      operation: 'listScimTokens',
      path: (size) => `${base}/scim-tokens?order=created&per_page=${size}`,
      token: master.token,
      rows: 20,
    });
    await expectFlatListQueries(server, {
      operation: 'listAuditEvents',
      path: (size) => `${base}/audit-events?action=scim.user&per_page=${size}`,
      token: master.token,
      rows: 20,
    });
  });

  it("the owner's single sign-on domain claims: no more queries for 20 rows than for 1", async () => {
    const now = Date.now();
    const tenants = [];
    for (let index = 0; index < 20; index += 1) tenants.push(await insertTenant(server));
    const connections = tenants.map((claimant) => ({
      id: newId(),
      tenant_id: claimant.id,
      protocol: 'oidc',
      name: 'Provider',
      default_role: 'user',
      just_in_time: true,
      enforce_sso: false,
      scopes: '["openid"]',
      created_at: new Date(now),
      updated_at: new Date(now),
    }));
    await server.app.knex('sso_connections').insert(connections);
    await server.app.knex('sso_domains').insert(
      connections.map((connection, index) => ({
        id: newId(),
        tenant_id: connection.tenant_id,
        connection_id: connection.id,
        domain: `claim${index}.example`,
        status: 'pending',
        requested_at: new Date(now - index * 1000),
      })),
    );
    await expectFlatListQueries(server, {
      operation: 'listSsoDomains',
      path: (size) => `/sso-domains?status=pending&per_page=${size}`,
      token: owner.token,
      rows: 20,
    });
  });

  it("writes a page's size into its SQL and binds its offset (PostgreSQL then keeps a generic plan for the page)", async () => {
    const texts: { sql: string; bindings: unknown[] }[] = [];
    const onQuery = (query: { sql: string; bindings: unknown[] }) => void texts.push(query);
    server.app.knex.on('query', onQuery);
    try {
      expect((await server.api.get(`/tenants/${tenant.id}/tenant-users?order=joined&per_page=7&page=2`, { token: master.token })).status).toBe(200);
    } finally {
      server.app.knex.off('query', onQuery);
    }
    const page = texts.find((query) => /order by/i.test(query.sql) && /limit 7\b/i.test(query.sql));
    expect(page?.sql).toMatch(/offset (\?|\$\d+)/i);
    expect(page?.bindings).toContain(7);
    expect(page?.sql).not.toMatch(/limit (\?|\$\d+)/i);
  });

  it('GET /users/me: the same count for 1 and 30 memberships', async () => {
    const few = await person(server, { tenantId: tenant.id });
    const many = await person(server, { tenantId: tenant.id });
    for (let index = 0; index < 29; index += 1) await insertMembership(server, (await insertTenant(server)).id, many.user.id);
    const fewCount = await queriesFor('/users/me', few.token);
    expect(await queriesFor('/users/me', many.token)).toBe(fewCount);
    expect(fewCount).toBeLessThanOrEqual(2);
  });
});
