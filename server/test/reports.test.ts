/**
 * The snapshot report (issue 4): exact counts on seeded data — active, inactive and archived content, members
 * by role with suspended and removed ones, the media library by type and size — never another organization's
 * rows nor a suggestion's images, in one query whatever the organization's size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { insertMembership, insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { insertComponent, insertMediaRow, insertModule, insertTopic } from './support/content.js';
import { attachImage, insertSuggestion } from './support/suggestions.js';
import type { Role } from '../src/db/models.js';

/** A fixed mix of rows; `scale` multiplies it (to show the query count does not grow). */
async function seedOrganization(server: TestServer, tenantId: string, scale = 1): Promise<void> {
  for (let round = 0; round < scale; round += 1) {
    const activeModule = await insertModule(server, tenantId);
    await insertModule(server, tenantId);
    await insertModule(server, tenantId, { active: false });
    await insertModule(server, tenantId, { archived: true, active: false });
    const components = [
      await insertComponent(server, tenantId, activeModule),
      await insertComponent(server, tenantId, activeModule),
      await insertComponent(server, tenantId, activeModule),
      await insertComponent(server, tenantId, activeModule, { active: false }),
      await insertComponent(server, tenantId, activeModule, { active: false }),
      await insertComponent(server, tenantId, activeModule, { archived: true }),
    ];
    await insertTopic(server, tenantId, components[0]);
    await insertTopic(server, tenantId, components[0], { active: false });
    await insertTopic(server, tenantId, components[1], { archived: true });
    await insertTopic(server, tenantId, components[1], { archived: true, active: false });

    const roles: [Role, { active?: boolean; archived?: boolean }][] = [
      ['master', {}],
      ['user', {}],
      ['user', {}],
      ['user', { active: false }],
      ['user', { archived: true }],
      ['admin', { archived: true }],
    ];
    for (const [role, options] of roles) await insertMembership(server, tenantId, (await createUser(server)).id, { role, ...options });

    const sized = async (type: string, mimeType: string, size: number) => {
      const id = await insertMediaRow(server, tenantId, { type, mimeType });
      await server.app.knex('media').where('id', id).update({ size });
    };
    await sized('image', 'image/png', 1000);
    await sized('image', 'image/jpeg', 2000);
    await sized('video', 'video/mp4', 5_000_000_000);
    await sized('pdf', 'application/pdf', 300);

    // A suggestion's attached image is not part of the media library.
    const sender = await insertMembership(server, tenantId, (await createUser(server)).id);
    await attachImage(server, tenantId, await insertSuggestion(server, tenantId, sender));
  }
}

describe.each(databaseKinds)('snapshot report on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let admin: Person;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    admin = await person(server, { tenantId: tenant.id, role: 'admin' });
    await seedOrganization(server, tenant.id);
    // Another organization with the same mix, which must not count.
    await seedOrganization(server, (await insertTenant(server)).id);
  });
  afterAll(() => context.cleanup());

  const report = (tenantRef: string, token = admin.token) => server.api.get(`/tenants/${tenantRef}/reports/snapshot`, { token });

  it('counts the organization exactly', async () => {
    const response = await report(tenant.id);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      modules: { active: 2, inactive: 1, archived: 1 },
      components: { active: 3, inactive: 2, archived: 1 },
      topics: { active: 1, inactive: 1, archived: 2 },
      // The caller (admin) and the seeded master, users (one suspended) and the suggestion's sender.
      tenant_users: { master: 1, admin: 1, user: 4, archived: 2 },
      media: { image: 2, video: 1, pdf: 1, audio: 0, total: 4, total_size: 5_000_003_300 },
    });
  });

  it('answers zeros for an empty organization, by slug as well', async () => {
    const empty = await insertTenant(server);
    const owner = await person(server, { owner: true });
    const response = await report(empty.slug, owner.token);
    expect(response.status).toBe(200);
    const zeros = { active: 0, inactive: 0, archived: 0 };
    expect(response.body.data).toEqual({
      modules: zeros,
      components: zeros,
      topics: zeros,
      tenant_users: { master: 0, admin: 0, user: 0, archived: 0 },
      media: { image: 0, video: 0, pdf: 0, audio: 0, total: 0, total_size: 0 },
    });
  });

  it('costs one query, however large the organization', async () => {
    const large = await insertTenant(server);
    // A member: the owner's entry into an organization without a membership is a query of its own.
    const largeAdmin = await person(server, { tenantId: large.id, role: 'admin' });
    await seedOrganization(server, large.id, 3);
    let queries = 0;
    const count = () => {
      queries += 1;
    };
    server.app.knex.on('query', count);
    try {
      const response = await report(large.id, largeAdmin.token);
      expect(response.body.data.modules).toEqual({ active: 6, inactive: 3, archived: 3 });
      expect(response.body.data.media.total).toBe(12);
    } finally {
      server.app.knex.off('query', count);
    }
    expect(queries).toBe(1);
  });
});
