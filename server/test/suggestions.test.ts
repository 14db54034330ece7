/**
 * Suggestions (issue 4): a member sends one (text, what it relates to), the masters' inbox lists, searches,
 * sorts, shows, marks read or unread and deletes them. Every answer is checked against the contract by the
 * test client. Images are covered in suggestions-images.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { del, insertMembership, insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { insertComponent, insertModule, insertTopic, insertTree } from './support/content.js';
import { expectFlatListQueries } from './support/query-counts.js';
import { attachImage, insertSuggestion } from './support/suggestions.js';

describe.each(databaseKinds)('suggestions on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let master: Person;
  let admin: Person;
  let learner: Person;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    master = await person(server, { tenantId: tenant.id, role: 'master', name: 'Mia Master' });
    admin = await person(server, { tenantId: tenant.id, role: 'admin', name: 'Adam Admin' });
    learner = await person(server, { tenantId: tenant.id, role: 'user', name: 'Lena Learner' });
  });
  afterAll(() => context.cleanup());

  const base = (tenantId = tenant.id) => `/tenants/${tenantId}/suggestions`;
  const send = (body: unknown, token = learner.token, tenantId = tenant.id) => server.api.post(base(tenantId), body, { token });
  const ids = (body: { data: { id: string }[] }) => body.data.map((row) => row.id);

  describe('sending', () => {
    it('a learner sends text only; the answer names the sender and is unread', async () => {
      const response = await send({ text: '  Please add a glossary.  ' });
      expect(response.status).toBe(201);
      expect(response.body.data).toEqual({
        id: expect.any(String),
        user: { id: learner.user.id, name: 'Lena Learner', email: learner.user.email, is_active: true, is_confirmed: true },
        text: 'Please add a glossary.',
        media: [],
        module: null,
        component: null,
        topic: null,
        is_active: true,
        created_at: expect.any(String),
        abilities: { update: false, delete: false },
      });
      const row = await server.app.knex('suggestions').where('id', response.body.data.id).first();
      expect(row).toMatchObject({ tenant_id: tenant.id, tenant_user_id: learner.membershipId, text: 'Please add a glossary.' });
    });

    it.each([
      ['missing text', {}, { text: ['The text field is required.'] }],
      ['blank text', { text: '   ' }, { text: ['The text field is required.'] }],
      ['text that is not a string', { text: 42 }, { text: ['The text must be a string.'] }],
      ['text over 1000 characters', { text: 'x'.repeat(1001) }, { text: ['The text may not be greater than 1000 characters.'] }],
      [
        'ids that are not UUIDs',
        { text: 'Idea', module_id: 'abc', component_id: 7, topic_id: 'not-a-uuid' },
        {
          module_id: ['The module id must be a valid UUID.'],
          component_id: ['The component id must be a valid UUID.'],
          topic_id: ['The topic id must be a valid UUID.'],
        },
      ],
    ])('answers 422 for %s and stores nothing', async (_name, body, errors) => {
      const before = await server.app.knex('suggestions').count({ total: '*' }).first();
      const response = await send(body);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ code: 'validation_failed', errors });
      expect(Object.keys(response.body.errors).sort()).toEqual(Object.keys(errors).sort());
      expect(await server.app.knex('suggestions').count({ total: '*' }).first()).toEqual(before);
    });

    it('a topic fills in its component and module; a component its module', async () => {
      const moduleId = await insertModule(server, tenant.id, { name: 'Safety', members: [learner.membershipId as string] });
      const componentId = await insertComponent(server, tenant.id, moduleId, { name: 'Ladders' });
      const topicId = await insertTopic(server, tenant.id, componentId, { name: 'Footing' });

      const byTopic = await send({ text: 'About footing', topic_id: topicId });
      expect(byTopic.status).toBe(201);
      expect(byTopic.body.data).toMatchObject({
        module: { id: moduleId, name: 'Safety' },
        component: { id: componentId, name: 'Ladders' },
        topic: { id: topicId, name: 'Footing' },
      });

      const byComponent = await send({ text: 'About ladders', component_id: componentId, module_id: moduleId, topic_id: null });
      expect(byComponent.body.data).toMatchObject({ module: { id: moduleId }, component: { id: componentId }, topic: null });

      const byModule = await send({ text: 'About safety', module_id: moduleId.toUpperCase(), component_id: '' });
      expect(byModule.body.data).toMatchObject({ module: { id: moduleId, name: 'Safety' }, component: null, topic: null });
      expect(await server.app.knex('suggestions').where('id', byTopic.body.data.id).first('module_id', 'component_id', 'topic_id')).toEqual({
        module_id: moduleId,
        component_id: componentId,
        topic_id: topicId,
      });
    });

    it('refuses content the sender cannot see, and parents that do not contain the child', async () => {
      const visible = await insertTree(server, tenant.id, [learner.membershipId as string]);
      const unrelated = await insertTree(server, tenant.id);
      const inactiveTopic = await insertTopic(server, tenant.id, visible.componentId, { active: false });
      const archivedComponent = await insertComponent(server, tenant.id, visible.moduleId, { archived: true });
      const foreign = await insertTree(server, (await insertTenant(server)).id);

      const cases: [Record<string, string>, string][] = [
        [{ module_id: unrelated.moduleId }, 'module_id'],
        [{ topic_id: unrelated.topicId }, 'topic_id'],
        [{ topic_id: inactiveTopic }, 'topic_id'],
        [{ component_id: archivedComponent }, 'component_id'],
        [{ module_id: foreign.moduleId }, 'module_id'],
        [{ topic_id: foreign.topicId }, 'topic_id'],
        [{ topic_id: visible.topicId, component_id: unrelated.componentId }, 'component_id'],
        [{ topic_id: visible.topicId, module_id: unrelated.moduleId }, 'module_id'],
        [{ component_id: visible.componentId, module_id: foreign.moduleId }, 'module_id'],
        [{ module_id: '0190a4d2-0000-7000-8000-000000000000' }, 'module_id'],
      ];
      for (const [relation, field] of cases) {
        const response = await send({ text: 'Idea', ...relation });
        expect(response.status, JSON.stringify(relation)).toBe(422);
        expect(response.body.errors).toEqual({ [field]: [`The selected ${field.replace('_', ' ')} is invalid.`] });
      }
      // An admin sees every row of the organization, inactive and archived ones too.
      const byAdmin = await send({ text: 'Idea', topic_id: inactiveTopic }, admin.token);
      expect(byAdmin.status).toBe(201);
      expect(byAdmin.body.data.topic.id).toBe(inactiveTopic);
    });

    it('masters and admins send suggestions too; an owner needs a membership', async () => {
      expect((await send({ text: 'From a master' }, master.token)).status).toBe(201);
      const owner = await person(server, { owner: true });
      const refused = await send({ text: 'From the owner' }, owner.token);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('forbidden');
      const memberOwner = await person(server, { owner: true, tenantId: tenant.id, role: 'user' });
      expect((await send({ text: 'From a member owner' }, memberOwner.token)).status).toBe(201);
    });
  });

  describe('the inbox', () => {
    let inbox: TenantFixture;
    let boss: Person;
    let first: string;
    let second: string;
    let third: string;
    let read: string;

    beforeAll(async () => {
      inbox = await insertTenant(server);
      boss = await person(server, { tenantId: inbox.id, role: 'master', name: 'Bo Boss' });
      const zoe = await createUser(server, { name: 'Zoe Zimmer', email: `zoe.${Date.now()}@corp.org` });
      const amy = await createUser(server, { name: 'Amy Archer', email: `amy.${Date.now()}@sample.net` });
      const zoeMember = await insertMembership(server, inbox.id, zoe.id);
      const amyMember = await insertMembership(server, inbox.id, amy.id);
      const start = Date.UTC(2025, 0, 1);
      first = await insertSuggestion(server, inbox.id, zoeMember, { text: 'Videos are too quiet', createdAt: new Date(start) });
      second = await insertSuggestion(server, inbox.id, amyMember, { text: 'Add a PDF of the checklist', createdAt: new Date(start + 60_000) });
      third = await insertSuggestion(server, inbox.id, zoeMember, { text: 'Search is slow', createdAt: new Date(start + 120_000) });
      read = await insertSuggestion(server, inbox.id, amyMember, { text: 'Thanks for the videos', unread: false, createdAt: new Date(start + 180_000) });
      // Another organization's suggestion, with the same words, never shows.
      const elsewhere = await insertTenant(server);
      const stranger = await createUser(server, { name: 'Zoe Stranger' });
      await insertSuggestion(server, elsewhere.id, await insertMembership(server, elsewhere.id, stranger.id), { text: 'Videos elsewhere' });
    });

    const list = (query = '') => server.api.get(`${base(inbox.id)}${query}`, { token: boss.token });

    it('lists newest first by default, with the spec meta', async () => {
      const response = await list();
      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual([read, third, second, first]);
      expect(response.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 4, order: 'sent', desc: true, search: null });
      expect(response.body.data[0]).toMatchObject({ is_active: false, abilities: { update: true, delete: true }, user: { name: 'Amy Archer' } });
    });

    it('Unread and Read tabs filter on is_active', async () => {
      expect(ids((await list('?active=true')).body)).toEqual([third, second, first]);
      expect(ids((await list('?active=1')).body)).toEqual([third, second, first]);
      expect(ids((await list('?active=false')).body)).toEqual([read]);
    });

    it('sorts by sent ascending or by sender name, and pages', async () => {
      expect(ids((await list('?order=sent')).body)).toEqual([first, second, third, read]);
      const byUser = await list('?order=user');
      expect(byUser.body.data.map((row: { user: { name: string } }) => row.user.name)).toEqual(['Amy Archer', 'Amy Archer', 'Zoe Zimmer', 'Zoe Zimmer']);
      expect(byUser.body.meta).toMatchObject({ order: 'user', desc: false });
      expect((await list('?order=user&desc=1')).body.data[0].user.name).toBe('Zoe Zimmer');
      // An unknown key falls back to the default key, ascending (the shared list convention).
      expect((await list('?order=bogus')).body.meta).toMatchObject({ order: 'sent', desc: false });

      const page2 = await list('?per_page=3&page=2');
      expect(ids(page2.body)).toEqual([first]);
      expect(page2.body.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 3, total: 4 });
      const all = await list('?paginate=false&active=true');
      expect(all.body.meta).toMatchObject({ total: 3, last_page: 1 });
    });

    it.each([
      ['a name (index path)', 'zimmer', () => [third, first]],
      ['part of a name (short term)', 'am', () => [read, second]],
      ['an email domain', 'sample.net', () => [read, second]],
      ['the text', 'VIDEOS', () => [read, first]],
      ['a short part of a name', 'zo', () => [third, first]],
      ['the text of one and the name of others', 'arch', () => [read, third, second]],
      ['a literal percent sign', '%', () => []],
    ])('searches %s', async (_name, term, expected) => {
      const response = await list(`?search=${encodeURIComponent(term)}`);
      expect(ids(response.body)).toEqual(expected());
      expect(response.body.meta.search).toBe(term);
    });

    it('shows one suggestion with its images as signed URLs, and relations by name', async () => {
      const tree = await insertTree(server, inbox.id);
      const sender = await person(server, { tenantId: inbox.id, name: 'Ivy Images' });
      const id = await insertSuggestion(server, inbox.id, sender.membershipId as string, {
        text: 'See the pictures',
        moduleId: tree.moduleId,
        componentId: tree.componentId,
        topicId: tree.topicId,
      });
      const image = await attachImage(server, inbox.id, id, 'screenshot');
      const response = await server.api.get(`${base(inbox.id)}/${id}`, { token: boss.token });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        id,
        text: 'See the pictures',
        module: { id: tree.moduleId },
        component: { id: tree.componentId },
        topic: { id: tree.topicId },
      });
      expect(response.body.data.media).toEqual([expect.objectContaining({ id: image, name: 'screenshot', type: 'image', mime_type: 'image/png', size: 1234 })]);
      expect(response.body.data.media[0].url).toMatch(new RegExp(`/api/files/${inbox.id}/${image}/file\\?expires=\\d+&signature=`));
      const listed = (await list(`?search=${encodeURIComponent('pictures')}`)).body.data;
      expect(listed.map((row: { media: { id: string }[] }) => row.media.map((m) => m.id))).toEqual([[image]]);
      await del(server, `${base(inbox.id)}/${id}`, boss.token);
    });

    it('marks read and unread', async () => {
      const readIt = await server.api.patch(`${base(inbox.id)}/${second}`, { is_active: false }, { token: boss.token });
      expect(readIt.status).toBe(200);
      expect(readIt.body.data).toMatchObject({ id: second, is_active: false });
      expect(ids((await list('?active=false')).body)).toEqual([read, second]);
      const unread = await server.api.patch(`${base(inbox.id)}/${second}`, { is_active: '1' }, { token: boss.token });
      expect(unread.body.data.is_active).toBe(true);
    });

    it.each([
      ['missing', {}, 'The is active field is required.'],
      ['not a flag', { is_active: 'maybe' }, 'The is active field must be true or false.'],
    ])('PATCH answers 422 when is_active is %s', async (_name, body, message) => {
      const response = await server.api.patch(`${base(inbox.id)}/${first}`, body, { token: boss.token });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ is_active: [message] });
    });

    it('deletes permanently, with its image rows', async () => {
      const sender = await person(server, { tenantId: inbox.id });
      const id = await insertSuggestion(server, inbox.id, sender.membershipId as string);
      const image = await attachImage(server, inbox.id, id);
      const response = await del(server, `${base(inbox.id)}/${id}`, boss.token);
      expect(response.status).toBe(204);
      expect(response.body).toBeUndefined();
      expect(await server.app.knex('suggestions').where('id', id).first()).toBeUndefined();
      expect(await server.app.knex('media').where('id', image).first()).toBeUndefined();
      expect((await server.api.get(`${base(inbox.id)}/${id}`, { token: boss.token })).status).toBe(404);
      expect((await del(server, `${base(inbox.id)}/${id}`, boss.token)).status).toBe(404);
    });

    it('a page costs the same queries for 1 row as for 30 rows with images', async () => {
      const busy = await insertTenant(server);
      const busyMaster = await person(server, { tenantId: busy.id, role: 'master' });
      for (let index = 0; index < 30; index += 1) {
        const sender = await insertMembership(server, busy.id, (await createUser(server)).id);
        await attachImage(server, busy.id, await insertSuggestion(server, busy.id, sender, { text: `Idea ${index}` }));
      }
      const page = await server.api.get(`${base(busy.id)}?per_page=30`, { token: busyMaster.token });
      expect(page.body.data.every((row: { media: unknown[] }) => row.media.length === 1)).toBe(true);
      // The page, a count (rows follow it), and the images of the whole page.
      const path = (size: number) => `${base(busy.id)}?per_page=${size}`;
      expect(await expectFlatListQueries(server, { operation: 'listSuggestions', path, token: busyMaster.token, rows: 30 })).toBe(3);
    });

    it("another organization's suggestion, or an unknown id, is 404 for every inbox call", async () => {
      const elsewhere = await insertTenant(server);
      const stranger = await person(server, { tenantId: elsewhere.id });
      const foreign = await insertSuggestion(server, elsewhere.id, stranger.membershipId as string);
      for (const id of [foreign, '0190a4d2-0000-7000-8000-000000000000', 'not-an-id']) {
        expect((await server.api.get(`${base(inbox.id)}/${id}`, { token: boss.token })).status).toBe(404);
        expect((await server.api.patch(`${base(inbox.id)}/${id}`, { is_active: false }, { token: boss.token })).status).toBe(404);
        expect((await del(server, `${base(inbox.id)}/${id}`, boss.token)).status).toBe(404);
      }
      const untouched = await server.app.knex('suggestions').where('id', foreign).first('is_active');
      expect(Boolean(untouched.is_active)).toBe(true);
    });
  });
});
