/**
 * No N+1: the number of SQL queries a request makes does not grow with the page size or with the
 * number of memberships (counted with knex's 'query' event on the in-process server). The session
 * lookup of every authenticated request is a compiled read not announced to knex (http/session.ts), so
 * these counts leave it out: a list costs it plus the page and (when rows follow the page) a count, /users/me it
 * plus one grouped count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.js';
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
    let queries = 0;
    const onQuery = () => {
      queries += 1;
    };
    server.app.knex.on('query', onQuery);
    try {
      const response = await server.api.get(path, { token });
      expect(response.status).toBe(200);
    } finally {
      server.app.knex.off('query', onQuery);
    }
    return queries;
  }

  it.each([
    ['members', (size: number) => `/tenants/${tenant.id}/tenant-users?order=joined&search=member&per_page=${size}`, 'master'],
    ['groups', (size: number) => `/tenants/${tenant.slug}/groups?order=members&per_page=${size}`, 'master'],
    ['access requests', (size: number) => `/tenants/${tenant.id}/access-requests?status=pending&per_page=${size}`, 'master'],
    ['organizations', (size: number) => `/tenants?order=members&per_page=${size}`, 'owner'],
    ['users', (size: number) => `/users?order=memberships&per_page=${size}`, 'owner'],
  ] as const)('%s: no more queries for 40 rows than for 1', async (_name, path, who) => {
    const token = who === 'owner' ? owner.token : master.token;
    const one = await queriesFor(path(1), token);
    const many = await queriesFor(path(40), token);
    // The page's ids with the total, then their rows (one query when sorting by a count of the select): never
    // more, however many rows the page holds.
    expect(one).toBe(path(1).includes('order=joined') || path(1).includes('status=') ? 2 : 1);
    expect(many).toBe(one);
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
    for (const [path, token] of [
      [(size: number) => `/tenants/${bioreq.id}/bioreq?processed=false&search=document&per_page=${size}`, reviewer.token],
      [(size: number) => `/tenants/${bioreq.id}/bioreq/user?processed=false&order=title&per_page=${size}`, uploader.token],
    ] as const) {
      // The page's keys, its rows, and the total, which bioreq's lists count apart and keep until the next commit.
      expect(await queriesFor(path(1), token)).toBeLessThanOrEqual(3);
      expect(await queriesFor(path(40), token)).toBeLessThanOrEqual(3);
    }
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
    for (const path of [
      (size: number) => `/tenants/${tenant.id}/webhooks?order=created&per_page=${size}`,
      (size: number) => `/tenants/${tenant.id}/webhooks/${endpoints[0].id}/deliveries?per_page=${size}`,
    ]) {
      const one = await queriesFor(path(1), master.token);
      expect(await queriesFor(path(20), master.token)).toBe(one);
      expect(one).toBeLessThanOrEqual(3);
    }
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
    for (const path of [
      (size: number) => `/tenants/${tenant.id}/scim-tokens?order=created&per_page=${size}`,
      (size: number) => `/tenants/${tenant.id}/audit-events?action=scim.user&per_page=${size}`,
    ]) {
      const one = await queriesFor(path(1), master.token);
      expect(await queriesFor(path(20), master.token)).toBe(one);
      expect(one).toBeLessThanOrEqual(3);
    }
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
    const path = (size: number) => `/sso-domains?status=pending&per_page=${size}`;
    const one = await queriesFor(path(1), owner.token);
    expect(await queriesFor(path(20), owner.token)).toBe(one);
    expect(one).toBeLessThanOrEqual(3);
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
