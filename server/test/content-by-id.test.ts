/** The second form of the content paths: a component or a topic by its id alone (admin routes name no parent). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { insertComponent, insertModule, insertTopic } from './support/content.js';

describe.each(databaseKinds)('content by id on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let admin: Person;
  let learner: Person;
  let moduleId: string;
  let componentId: string;
  let topicId: string;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    admin = await person(server, { tenantId: tenant.id, role: 'admin' });
    learner = await person(server, { tenantId: tenant.id, role: 'user' });
    moduleId = await insertModule(server, tenant.id, { name: 'Safety' });
    componentId = await insertComponent(server, tenant.id, moduleId, { name: 'Ladders', active: false });
    topicId = await insertTopic(server, tenant.id, componentId, { name: 'Footing' });
  });
  afterAll(() => context.cleanup());

  const t = () => `/tenants/${tenant.id}`;

  it('answers a component with its module for an author, inactive ones included', async () => {
    const answer = await server.api.get(`${t()}/components/${componentId}`, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: componentId, module_id: moduleId, name: 'Ladders', is_active: false });
  });

  it('answers a topic with its component and module', async () => {
    const answer = await server.api.get(`${t()}/topics/${topicId}`, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: topicId,
      name: 'Footing',
      component: { id: componentId, name: 'Ladders', module: { id: moduleId, name: 'Safety' } },
    });
  });

  it('answers 401 without a token and 403 to a suspended member', async () => {
    expect((await server.api.get(`${t()}/components/${componentId}`)).status).toBe(401);
    expect((await server.api.get(`${t()}/topics/${topicId}`)).status).toBe(401);
    const suspended = await person(server, { tenantId: tenant.id, role: 'admin', active: false });
    const answer = await server.api.get(`${t()}/topics/${topicId}`, { token: suspended.token });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('membership_suspended');
  });

  it('answers 404 for what a learner may not see and for another organization', async () => {
    expect((await server.api.get(`${t()}/components/${componentId}`, { token: learner.token })).status).toBe(404);
    expect((await server.api.get(`${t()}/topics/${topicId}`, { token: learner.token })).status).toBe(404);
    const other = await insertTenant(server);
    const outsider = await person(server, { tenantId: other.id, role: 'admin' });
    expect((await server.api.get(`/tenants/${other.id}/components/${componentId}`, { token: outsider.token })).status).toBe(404);
    expect((await server.api.get(`/tenants/${other.id}/topics/${topicId}`, { token: outsider.token })).status).toBe(404);
  });
});
