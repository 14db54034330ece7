/**
 * A learner's access to a component or topic is kept until the database changes (content/visibility.ts
 * `keptVisibility`): any change that takes it away answers 404 at once, and inside a transaction nothing is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireVisibleComponent } from '../src/features/components/hot.js';
import { insertComponent, insertModule, insertTopic } from './support/content.js';
import { insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';

describe.each(databaseKinds)('kept visibility on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let learner: Person;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    learner = await person(server, { tenantId: tenant.id, role: 'user' });
  });
  afterAll(() => context.cleanup());

  async function learnersTree() {
    const moduleId = await insertModule(server, tenant.id, { members: [learner.membershipId as string] });
    const componentId = await insertComponent(server, tenant.id, moduleId);
    const topicId = await insertTopic(server, tenant.id, componentId);
    return { moduleId, componentId, topicId };
  }

  const topicsOf = (componentId: string) => server.api.get(`/tenants/${tenant.id}/components/${componentId}/topics`, { token: learner.token });
  const itemsOf = (topicId: string) => server.api.get(`/tenants/${tenant.id}/topics/${topicId}/items`, { token: learner.token });

  it('stops letting a learner in at once when a component is deactivated or the module unrelated', async () => {
    const first = await learnersTree();
    expect((await topicsOf(first.componentId)).status).toBe(200);
    expect((await itemsOf(first.topicId)).status).toBe(200);
    await server.app.knex('components').where('id', first.componentId).update({ is_active: false });
    expect((await topicsOf(first.componentId)).status).toBe(404);
    expect((await itemsOf(first.topicId)).status).toBe(404);

    const second = await learnersTree();
    expect((await itemsOf(second.topicId)).status).toBe(200);
    await server.app.knex('module_tenant_users').where('module_id', second.moduleId).delete();
    expect((await itemsOf(second.topicId)).status).toBe(404);
    expect((await topicsOf(second.componentId)).status).toBe(404);
  });

  it('lets a learner in at once when a module is related to them', async () => {
    const moduleId = await insertModule(server, tenant.id);
    const componentId = await insertComponent(server, tenant.id, moduleId);
    expect((await topicsOf(componentId)).status).toBe(404);
    await server.app.knex('module_tenant_users').insert({ module_id: moduleId, tenant_user_id: learner.membershipId, created_at: new Date() });
    expect((await topicsOf(componentId)).status).toBe(200);
  });

  it('decides afresh inside a transaction, which sees its own uncommitted changes', async () => {
    const { componentId } = await learnersTree();
    const viewer = { tenantId: tenant.id, memberId: learner.membershipId as string, seesAll: false, isMember: true };
    await requireVisibleComponent(server.app.db, viewer, componentId);
    await expect(
      server.app.db.transaction(async (tx) => {
        await tx.knex('components').where('id', componentId).update({ is_active: false });
        await requireVisibleComponent(tx, viewer, componentId);
      }),
    ).rejects.toMatchObject({ status: 404 });
    // Rolled back: still visible.
    await requireVisibleComponent(server.app.db, viewer, componentId);
  });
});
