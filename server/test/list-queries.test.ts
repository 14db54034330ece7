/**
 * Query strings are validated like bodies (ARCHITECTURE.md#lists-and-query-conventions): a malformed value answers 422
 * naming every failing parameter, an empty one is a parameter left out, and the leniencies the contract documents hold
 * (an unknown sort key sorts by the default, `per_page` above 100 reads as 100). A signed file URL answers its one 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { insertModule } from './support/content.js';
import { CONTRACT_OPERATIONS } from './support/operations.js';

describe.each(databaseKinds)('list query strings on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let admin: Person;
  let owner: Person;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    admin = await person(server, { tenantId: tenant.id, role: 'master' });
    owner = await person(server, { owner: true });
    for (const name of ['Alpha', 'Bravo', 'Charlie']) await insertModule(server, tenant.id, { name });
  });
  afterAll(() => context.cleanup());

  const get = (path: string) => server.api.get(`/tenants/${tenant.id}${path}`, { token: admin.token });

  it('answers 422 naming every malformed parameter at once, with the messages of bodies', async () => {
    const refused = await get('/modules?page=0&per_page=ten&desc=maybe&archived=2&search=' + 's'.repeat(256));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'validation_failed' });
    expect(refused.body.errors).toEqual({
      page: ['The page must be at least 1.'],
      per_page: ['The per page must be an integer.'],
      desc: ['The desc field must be true or false.'],
      archived: ['The archived field must be true or false.'],
      search: ['The search may not be greater than 255 characters.'],
    });
  });

  it('answers a NUL in a search with the documented 422 naming search, on every call that takes one', async () => {
    // The bioreq lists need bioreq on; every other call takes the term as it is.
    await server.app.knex('tenants').where('id', tenant.id).update({ enable_bioreq: true });
    const searching = CONTRACT_OPERATIONS.filter((operation) => operation.method === 'GET' && operation.queryParameters.includes('search'));
    expect(searching.map((operation) => operation.id)).toEqual(expect.arrayContaining(['listOwnBioreqDocuments', 'listKnowledgeCheckAssignable']));
    for (const operation of searching) {
      const path = operation.template.replace('{tenantId}', tenant.id).replace(/\{[^}]+\}/g, '00000000-0000-7000-8000-000000000000');
      // The organization's calls as its master, the platform's (organizations, accounts) as the owner. The contract
      // check of the test client fails an undocumented 422 (its assertContract).
      const token = operation.template.startsWith('/tenants/{tenantId}') ? admin.token : owner.token;
      const answer = await server.api.get(`${path}?search=%00`, { token });
      expect(answer.status, operation.id).toBe(422);
      expect(Object.keys(answer.body.errors), operation.id).toEqual(['search']);
    }
  });

  it('refuses a filter value the list does not know; an id filter naming nothing finds nothing', async () => {
    expect((await get('/media?type=gif')).body.errors).toEqual({ type: ['The selected type is invalid.'] });
    expect((await get('/access-requests?status=maybe')).body.errors).toEqual({ status: ['The selected status is invalid.'] });
    expect((await get('/reports/knowledgechecks/00000000-0000-7000-8000-000000000000/item-analysis?attempts=latest')).status).toBe(422);
    const noModule = await get('/media?module=not-a-module');
    expect(noModule.status).toBe(200);
    expect(noModule.body.data).toEqual([]);
  });

  it('reads an empty parameter as left out, per_page above 100 as 100, and an unknown sort key as the default', async () => {
    const lenient = await get('/modules?active=&search=&per_page=500&order=retired');
    expect(lenient.status).toBe(200);
    expect(lenient.body.meta).toMatchObject({ per_page: 100, order: 'order', desc: false, search: null });
    const byName = await get('/modules?order=name&desc=1&per_page=2&page=2');
    expect(byName.body.data.map((row: { name: string }) => row.name)).toEqual(['Alpha']);
    expect(byName.body.meta).toMatchObject({ current_page: 2, per_page: 2, total: 3, order: 'name', desc: true });
  });

  it('answers a signed file URL without its signature with the one 403 of a bad signature, never 422', async () => {
    const unsigned = await server.api.get(`/files/${tenant.id}/00000000-0000-7000-8000-000000000000/file`);
    expect(unsigned.status).toBe(403);
    expect(unsigned.body.code).toBe('invalid_signature');
  });
});
