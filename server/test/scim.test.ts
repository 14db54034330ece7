/**
 * SCIM 2.0 provisioning (features/scim, ARCHITECTURE.md#scim-provisioning) through real HTTP, with request bodies as
 * Okta and Microsoft Entra ID send them: Okta's search-before-create, PUT of the whole user and PATCH of `active`
 * without a path; Entra's capitalised ops, string booleans and member batches. Attack cases: another organization's
 * token, a person's access token, a revoked token, filter injection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertContract } from './support/contract.js';
import { buildWorld, person, type World } from './support/people.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';

const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';

interface ScimAnswer {
  status: number;
  type: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- SCIM answers are read freely, as API tests read theirs.
  body: any;
}

describe.each(databaseKinds)('SCIM 2.0 on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    world = await buildWorld(server);
    token = await createToken(world.home.id, world.people.master.token, 'Okta');
    otherToken = await createToken(world.other.id, world.people.outsider.token, 'Entra of other');
  });
  afterAll(() => context.cleanup());

  async function createToken(tenantId: string, personToken: string, name: string): Promise<string> {
    const response = await server.api.post(`/tenants/${tenantId}/scim-tokens`, { name }, { token: personToken });
    expect(response.status).toBe(201);
    return response.body.data.token as string;
  }

  /** A SCIM call; its answer is held to the contract (`undocumented`: a path or method the contract does not have). */
  async function scim(
    method: string,
    path: string,
    body?: unknown,
    options: { token?: string; tenant?: string; type?: string; undocumented?: boolean } = {},
  ): Promise<ScimAnswer> {
    const headers: Record<string, string> = { Accept: 'application/scim+json' };
    const bearer = options.token === undefined ? token : options.token;
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['Content-Type'] = options.type ?? 'application/scim+json';
    const response = await fetch(`${server.url}/scim/v2/${options.tenant ?? world.home.id}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    const answer = { status: response.status, type: response.headers.get('content-type'), body: text ? JSON.parse(text) : undefined };
    const tenant = options.tenant ?? world.home.id;
    if (!options.undocumented) assertContract(method, `/scim/v2/${tenant}${path.split('?')[0]}`, answer.status, answer.body, answer.type);
    return answer;
  }

  function expectScimError(answer: ScimAnswer, status: number, scimType?: string) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.type).toMatch(/^application\/scim\+json/);
    expect(answer.body.schemas).toEqual([ERROR_SCHEMA]);
    expect(answer.body.status).toBe(String(status));
    if (scimType) expect(answer.body.scimType).toBe(scimType);
  }

  /** Okta's create-user body, as its SCIM 2.0 test app sends it. */
  function oktaUser(email: string, externalId: string) {
    return {
      schemas: [USER_SCHEMA],
      userName: email,
      name: { givenName: 'Tessa', familyName: 'Tester' },
      emails: [{ primary: true, value: email, type: 'work' }],
      displayName: 'Tessa Tester',
      locale: 'en-US',
      externalId,
      groups: [],
      password: 'xN6ml3s!ZRa9',
      active: true,
    };
  }

  async function oktaCreate(email: string, externalId = `00u${Math.random().toString(36).slice(2, 12)}`) {
    // Okta searches before each create.
    const search = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`);
    expect(search.status).toBe(200);
    expect(search.body.totalResults).toBe(0);
    const created = await scim('POST', '/Users', oktaUser(email, externalId));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  }

  it('answers the discovery documents', async () => {
    // Okta's "Test connector configuration".
    const probe = await scim('GET', '/Users?count=2&startIndex=1');
    expect(probe.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], startIndex: 1 });

    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.type).toMatch(/^application\/scim\+json/);
    expect(config.body.patch.supported).toBe(true);
    expect(config.body.filter.supported).toBe(true);
    expect((await scim('GET', '/ResourceTypes')).body.Resources.map((type: { name: string }) => type.name)).toEqual(['User', 'Group']);
    expect((await scim('GET', '/Schemas')).body.totalResults).toBe(2);
  });

  it("follows Okta's flow: search, create, read, PUT the whole user, PATCH active without a path", async () => {
    const user = await oktaCreate('Tessa.Okta@Example.com', '00u1okta');
    expect(user).toMatchObject({
      schemas: [USER_SCHEMA],
      userName: 'tessa.okta@example.com',
      externalId: '00u1okta',
      active: true,
      name: { formatted: 'Tessa Tester', givenName: 'Tessa', familyName: 'Tester' },
      meta: { resourceType: 'User', location: `${server.config.publicUrl}/scim/v2/${world.home.id}/Users/${user.id}` },
    });
    // The password Okta sends is ignored: the account has none.
    const account = await server.app.knex('users').where('email', 'tessa.okta@example.com').first('password_hash');
    expect(account.password_hash).toBeNull();

    const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "TESSA.okta@example.com"')}&startIndex=1&count=100`);
    expect(found.body).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(found.body.Resources[0].id).toBe(user.id);

    const replaced = await scim('PUT', `/Users/${user.id}`, {
      ...oktaUser('tessa.okta@example.com', '00u1okta'),
      id: user.id,
      name: { givenName: 'Tessa', familyName: 'Renamed' },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.displayName).toBe('Tessa Renamed');

    const familyName = await scim('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'name.familyName', value: 'Patched' }],
    });
    expect(familyName.body.displayName).toBe('Tessa Patched');

    const deactivated = await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.active).toBe(false);

    const again = await scim('POST', '/Users', oktaUser('tessa.okta@example.com', 'another'));
    expectScimError(again, 409, 'uniqueness');
  });

  it("follows Entra ID's flow: capitalised ops, string booleans, active with and without a path", async () => {
    const created = await scim('POST', '/Users', {
      schemas: [USER_SCHEMA, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      externalId: 'entra-0001',
      userName: 'enzo.entra@example.com',
      active: true,
      displayName: 'Enzo Entra',
      emails: [{ primary: true, type: 'work', value: 'enzo.entra@example.com' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Enzo Entra', familyName: 'Entra', givenName: 'Enzo' },
      roles: [],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    // Entra looks a user up by externalId and by the work email.
    const byExternal = await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "entra-0001"')}`);
    expect(byExternal.body.Resources.map((user: { id: string }) => user.id)).toEqual([id]);
    const byEmail = await scim('GET', `/Users?filter=${encodeURIComponent('emails[type eq "work"].value eq "enzo.entra@example.com"')}`);
    expect(byEmail.body.totalResults).toBe(1);

    const off = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const on = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', value: { active: 'True' } }] });
    expect(on.body.active).toBe(true);
    const renamed = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Add', path: 'name.formatted', value: 'Enzo E. Entra' },
        { op: 'Replace', path: 'externalId', value: 'entra-0002' },
      ],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ displayName: 'Enzo E. Entra', externalId: 'entra-0002' });
  });

  it('ends the access of a deactivated member in the organization at once', async () => {
    const member = await person(server, { tenantId: world.home.id, role: 'user', name: 'Dora Deactivated' });
    const path = `/tenants/${world.home.id}/modules`;
    expect((await server.api.get(path, { token: member.token })).status).toBe(200);
    const off = await scim('PATCH', `/Users/${member.membershipId}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(off.status).toBe(200);
    const refused = await server.api.get(path, { token: member.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('membership_suspended');
  });

  it('DELETE removes the membership and keeps an account that belongs elsewhere', async () => {
    const member = await person(server, { tenantId: world.home.id, role: 'user', name: 'Two Homes' });
    await server.app.knex('tenant_users').insert({
      id: crypto.randomUUID(),
      tenant_id: world.other.id,
      user_id: member.user.id,
      role: 'user',
      is_active: true,
      created_at: new Date(),
      updated_at: new Date(),
    });
    const removed = await scim('DELETE', `/Users/${member.membershipId}`);
    expect(removed.status).toBe(204);
    expectScimError(await scim('GET', `/Users/${member.membershipId}`), 404);
    const account = await server.app.knex('users').where('id', member.user.id).first('id', 'deleted_at');
    expect(account).toMatchObject({ id: member.user.id, deleted_at: null });
    const other = await server.app.knex('tenant_users').where({ user_id: member.user.id, tenant_id: world.other.id }).first('deleted_at');
    expect(other.deleted_at).toBeNull();
  });

  it('brings a deleted user back on a new create, and accepts a waiting invitation', async () => {
    const user = await oktaCreate('returning@example.com');
    expect((await scim('DELETE', `/Users/${user.id}`)).status).toBe(204);
    const back = await oktaCreate('returning@example.com');
    expect(back.id).toBe(user.id);
    expect(back.active).toBe(true);

    const invited = await person(server, { tenantId: world.home.id, role: 'admin', invited: true, name: 'Ines Invited' });
    const accepted = await scim('POST', '/Users', oktaUser(invited.user.email, 'invited-1'));
    expect(accepted.status).toBe(201);
    expect(accepted.body.id).toBe(invited.membershipId);
    expect((await server.api.get(`/tenants/${world.home.id}/modules`, { token: invited.token })).status).toBe(200);
  });

  it('pages with startIndex and count, and shapes with attributes and excludedAttributes', async () => {
    for (let index = 0; index < 5; index += 1) await oktaCreate(`pager${index}@paging.example`);
    const filter = encodeURIComponent('userName ew "@paging.example"');
    const first = await scim('GET', `/Users?filter=${filter}&startIndex=1&count=2`);
    expect(first.body).toMatchObject({ totalResults: 5, startIndex: 1, itemsPerPage: 2 });
    const last = await scim('GET', `/Users?filter=${filter}&startIndex=5&count=2`);
    expect(last.body).toMatchObject({ totalResults: 5, startIndex: 5, itemsPerPage: 1 });
    const ids = new Set(
      [...first.body.Resources, ...(await scim('GET', `/Users?filter=${filter}&startIndex=3&count=2`)).body.Resources, ...last.body.Resources].map(
        (user) => user.id,
      ),
    );
    expect(ids.size).toBe(5);
    const pager = first.body.Resources[0];
    // Every pager was created by now: only a change made after it is more recent.
    const newest = last.body.Resources[0].meta.lastModified as string;
    await scim('PATCH', `/Users/${pager.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] });
    const inactive = await scim('GET', `/Users?filter=${encodeURIComponent('userName ew "@paging.example" and active eq false')}`);
    expect(inactive.body.Resources.map((user: { id: string }) => user.id)).toEqual([pager.id]);
    const negated = await scim('GET', `/Users?filter=${encodeURIComponent('userName ew "@paging.example" and not (active eq true)')}`);
    expect(negated.body.totalResults).toBe(1);
    const recent = await scim('GET', `/Users?filter=${encodeURIComponent(`userName sw "pager" and meta.lastModified gt "${newest}"`)}`);
    expect(recent.body.Resources.map((user: { id: string }) => user.id)).toEqual([pager.id]);
    const either = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "pager0@paging.example" or userName eq "PAGER1@paging.example"')}`);
    expect(either.body.totalResults).toBe(2);
    const only = await scim('GET', `/Users?filter=${filter}&count=1&attributes=userName`);
    expect(Object.keys(only.body.Resources[0]).sort()).toEqual(['id', 'schemas', 'userName']);
    const without = await scim('GET', `/Users?filter=${filter}&count=1&excludedAttributes=emails,name`);
    expect(without.body.Resources[0].emails).toBeUndefined();
    expect(without.body.Resources[0].userName).toMatch(/@paging\.example$/);
  });

  it('answers every error in SCIM shape with its scimType', async () => {
    expectScimError(await scim('GET', `/Users?filter=${encodeURIComponent('nickName eq "x"')}`), 400, 'invalidFilter');
    expectScimError(await scim('GET', `/Users?filter=${encodeURIComponent('userName eq')}`), 400, 'invalidFilter');
    expectScimError(await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: '' }), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: 'x@y.example', active: 'perhaps' }), 400, 'invalidValue');
    // An integration client's account (a reserved .invalid address) never becomes a member through SCIM.
    expectScimError(await scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: 'client@service-accounts.invalid' }), 400, 'invalidValue');
    const user = await oktaCreate('immutable@example.com');
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'userName', value: 'other@example.com' }] }),
      400,
      'mutability',
    );
    expectScimError(await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'remove' }] }), 400, 'noTarget');
    expectScimError(await scim('GET', '/Users/00000000-0000-7000-8000-000000000000'), 404);
    expectScimError(await scim('GET', '/Nothing', undefined, { undocumented: true }), 404);
    expectScimError(await scim('POST', '/ServiceProviderConfig', {}, { undocumented: true }), 405);
    expectScimError(await scim('POST', '/Users', '{"userName": ', { type: 'application/scim+json' }), 400);
    expectScimError(await scim('POST', '/Users', 'x'.repeat(server.config.bodyLimit + 10), { type: 'application/json' }), 413);
    expectScimError(await scim('POST', '/Users', 'userName=x', { type: 'text/plain' }), 415);
  });

  it("refuses another organization's token (by id and by slug), a revoked token and a person's access token", async () => {
    expectScimError(await scim('GET', '/Users', undefined, { token: otherToken }), 404);
    expectScimError(await scim('GET', '/Users', undefined, { token: otherToken, tenant: world.home.slug }), 404);
    expect((await scim('GET', '/Users', undefined, { token: otherToken, tenant: world.other.slug })).status).toBe(200);
    expect((await scim('GET', '/Users', undefined, { tenant: world.home.slug })).status).toBe(200);
    expectScimError(await scim('GET', '/Users', undefined, { token: world.people.master.token }), 401);
    expectScimError(await scim('GET', '/Users', undefined, { token: '' }), 401);
    const revoked = await server.api.post(`/tenants/${world.home.id}/scim-tokens`, { name: 'Soon revoked' }, { token: world.people.master.token });
    expect((await scim('GET', '/Users', undefined, { token: revoked.body.data.token })).status).toBe(200);
    await server.api.request('DELETE', `/tenants/${world.home.id}/scim-tokens/${revoked.body.data.id}`, { token: world.people.master.token });
    expectScimError(await scim('GET', '/Users', undefined, { token: revoked.body.data.token }), 401);
  });

  it('never answers other rows to a filter injection', async () => {
    const attempts = [
      'userName eq "x" or 1 eq 1',
      `userName eq "x' or '1'='1"`,
      'userName eq "x\\" or \\"1\\"=\\"1"',
      'userName eq "%"',
      'userName co "%"',
      'userName sw "_"',
      'userName eq "x"; drop table users; --"',
      'userName eq "x" or userName pr) --',
      'externalId eq "x" or tenant_id pr',
    ];
    for (const filter of attempts) {
      const answer = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      if (answer.status === 200) expect(answer.body.totalResults, filter).toBe(0);
      else expectScimError(answer, 400, 'invalidFilter');
    }
    // The other organization's members are never among a broad filter's answers.
    const everyone = await scim('GET', `/Users?filter=${encodeURIComponent('userName pr')}&count=200`);
    const emails = everyone.body.Resources.map((user: { userName: string }) => user.userName);
    expect(emails).not.toContain(world.people.outsider.user.email);
  });

  it('manages groups as Entra ID does: create, add members in a batch, remove one by filter, rename', async () => {
    const one = await oktaCreate('group.one@example.com');
    const two = await oktaCreate('group.two@example.com');
    const created = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      externalId: 'grp-1',
      displayName: 'Pilots',
      members: [],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expectScimError(await scim('POST', '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'pilots' }), 409, 'uniqueness');

    const added = await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: one.id }, { value: two.id }] }],
    });
    expect(added.status).toBe(200);
    expect(added.body.members.map((member: { value: string }) => member.value).sort()).toEqual([one.id, two.id].sort());
    const removed = await scim('PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Remove', path: `members[value eq "${one.id}"]` }] });
    expect(removed.body.members.map((member: { value: string }) => member.value)).toEqual([two.id]);
    const renamed = await scim('PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'displayName', value: 'Senior pilots' }] });
    expect(renamed.body.displayName).toBe('Senior pilots');

    // Okta renames with the id inside a path-less replace.
    const oktaRename = await scim('PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id, displayName: 'Captains' } }],
    });
    expect(oktaRename.body).toMatchObject({ id, displayName: 'Captains' });

    const byName = await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "captains"')}&excludedAttributes=members`);
    expect(byName.body.Resources).toEqual([expect.not.objectContaining({ members: expect.anything() })]);
    expect(byName.body.Resources[0].id).toBe(id);
    const byMember = await scim('GET', `/Groups?filter=${encodeURIComponent(`members[value eq "${two.id}"]`)}`);
    expect(byMember.body.totalResults).toBe(1);
    expectScimError(
      await scim('PATCH', `/Groups/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: world.people.outsider.user.id }] }],
      }),
      400,
      'invalidValue',
    );

    const stored = await server.app.knex('group_tenant_users').where('group_id', id).pluck('tenant_user_id');
    expect(stored).toEqual([two.id]);
    expect((await scim('DELETE', `/Groups/${id}`)).status).toBe(204);
    expectScimError(await scim('GET', `/Groups/${id}`), 404);
  });

  it('records every change in the audit trail with the token name, readable by masters', async () => {
    const user = await oktaCreate('audited@example.com');
    await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    const trail = await server.api.get(`/tenants/${world.home.id}/audit-events?action=scim.user&per_page=100`, { token: world.people.master.token });
    expect(trail.status).toBe(200);
    const mine = trail.body.data.filter((event: { target: { id: string } | null }) => event.target?.id === user.id);
    expect(mine.map((event: { action: string }) => event.action)).toEqual(['scim.user.deactivated', 'scim.user.created']);
    expect(mine[0].actor).toMatchObject({ kind: 'scim_token', name: 'Okta' });
    expect((await server.api.get(`/tenants/${world.home.id}/audit-events`, { token: world.people.admin.token })).status).toBe(403);
    const otherTrail = await server.api.get(`/tenants/${world.other.id}/audit-events`, { token: world.people.outsider.token });
    expect(otherTrail.body.data.some((event: { target: { id: string } | null }) => event.target?.id === user.id)).toBe(false);
  });
});
