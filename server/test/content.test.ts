/** Modules, components and topics (issue 4): authoring, visibility per role, hide, favourites, reorder, copy and move. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { del, insertGroup, insertTenant, person, relate, type Person, type TenantFixture } from './support/people.js';
import { insertComponent, insertItem, insertMediaRow, insertModule, insertTopic, insertTree } from './support/content.js';

describe.each(databaseKinds)('content on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let admin: Person;
  let learner: Person;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    admin = await person(server, { tenantId: tenant.id, role: 'admin' });
    learner = await person(server, { tenantId: tenant.id, role: 'user' });
  });
  afterAll(() => context.cleanup());

  const t = () => `/tenants/${tenant.id}`;
  const ids = (body: { data: { id: string }[] }) => body.data.map((row) => row.id);

  describe('modules', () => {
    it('creates a module with the spec messages for missing fields', async () => {
      const missing = await server.api.post(`${t()}/modules`, { name: ' ' }, { token: admin.token });
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ name: ['The name field is required.'], description: ['The description field is required.'] });

      const image = await insertMediaRow(server, tenant.id);
      const created = await server.api.post(`${t()}/modules`, { name: ' Safety ', description: 'Basics', image_id: image }, { token: admin.token });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ name: 'Safety', description: 'Basics', is_active: true, is_hidden: false, media: [], groups: [], members: [] });
      expect(created.body.data.main_image).toMatchObject({ id: image, type: 'image' });
      expect(created.body.data.main_image.url).toMatch(/\/api\/files\/.+\/file\?expires=\d+&signature=/);

      const pdf = await insertMediaRow(server, tenant.id, { type: 'pdf', mimeType: 'application/pdf' });
      const wrong = await server.api.post(`${t()}/modules`, { name: 'x', description: 'y', image_id: pdf }, { token: admin.token });
      expect(wrong.body.errors).toEqual({ image_id: ['The selected image id is invalid.'] });
    });

    it('updates, archives and restores (restore reactivates)', async () => {
      const id = await insertModule(server, tenant.id, { active: false });
      const updated = await server.api.post(`${t()}/modules/${id}`, { name: 'Renamed', image_id: null }, { token: admin.token });
      expect(updated.body.data).toMatchObject({ name: 'Renamed', is_active: false, main_image: null });
      expect((await del(server, `${t()}/modules/${id}`, admin.token)).body.data).toMatchObject({
        is_deleted: true,
        abilities: { restore: true, update: false },
      });
      expect((await server.api.post(`${t()}/modules/${id}`, { name: 'x' }, { token: admin.token })).body.errors).toEqual({
        is_deleted: ['This module is archived: restore it first.'],
      });
      const restored = await server.api.post(`${t()}/modules/${id}`, { is_deleted: false }, { token: admin.token });
      expect(restored.body.data).toMatchObject({ is_deleted: false, is_active: true });
    });

    it('relates media, groups and members (master), counting them in lists', async () => {
      const master = await person(server, { tenantId: tenant.id, role: 'master' });
      const id = await insertModule(server, tenant.id, { name: 'Related module' });
      const media = await insertMediaRow(server, tenant.id);
      const group = await insertGroup(server, tenant.id);
      expect(
        (await server.api.post(`${t()}/modules/${id}/media`, { media: [media] }, { token: admin.token })).body.data.media.map((m: { id: string }) => m.id),
      ).toEqual([media]);
      expect((await server.api.post(`${t()}/modules/${id}/groups`, { groups: [group] }, { token: admin.token })).status).toBe(403);
      expect((await server.api.post(`${t()}/modules/${id}/groups`, { groups: [group] }, { token: master.token })).body.data.groups).toEqual([
        expect.objectContaining({ id: group }),
      ]);
      const members = await server.api.post(`${t()}/modules/${id}/tenant-users`, { tenant_users: [learner.membershipId] }, { token: master.token });
      expect(members.body.data.members.map((m: { id: string }) => m.id)).toEqual([learner.membershipId]);
      const foreign = await insertGroup(server, (await insertTenant(server)).id);
      expect((await server.api.post(`${t()}/modules/${id}/groups`, { groups: [foreign] }, { token: master.token })).body.errors).toEqual({
        groups: ['The selected groups is invalid.'],
      });
      const listed = (await server.api.get(`${t()}/modules?search=Related`, { token: admin.token })).body.data[0];
      expect(listed).toMatchObject({ media_count: 1, groups_count: 1, members_count: 1, components_count: 0 });
      expect((await server.api.get(`${t()}/modules?search=Related&short=1`, { token: admin.token })).body.data[0].media_count).toBeUndefined();
    });
  });

  describe('module list parameters', () => {
    /** Five modules in their own organization: order, names, creation and update times all differ. */
    async function library() {
      const local = await insertTenant(server);
      const author = await person(server, { tenantId: local.id, role: 'admin' });
      const reader = await person(server, { tenantId: local.id, role: 'user' });
      const member = [reader.membershipId as string];
      const spec = [
        { name: 'Charlie', position: 0, day: 4 },
        { name: 'alpha', position: 1, day: 2 },
        { name: 'Echo', position: 2, day: 5, active: false },
        { name: 'Bravo', position: 3, day: 1 },
        { name: 'Delta', position: 4, day: 3, archived: true },
      ];
      const made: Record<string, string> = {};
      for (const { name, position, day, active, archived } of spec) {
        const id = await insertModule(server, local.id, { name, position, active, archived, members: member });
        await server.app
          .knex('modules')
          .where('id', id)
          .update({ created_at: new Date(Date.UTC(2024, 0, day)), updated_at: new Date(Date.UTC(2024, 1, 6 - day)) });
        made[name] = id;
      }
      const list = async (query: string, token = author.token) => {
        const response = await server.api.get(`/tenants/${local.id}/modules?${query}`, { token });
        expect(response.status, query).toBe(200);
        return response.body as { data: { id: string; name: string }[]; meta: Record<string, unknown> };
      };
      const names = async (query: string, token?: string) => (await list(query, token)).data.map((row) => row.name);
      return { made, list, names, reader };
    }

    it('filters on active and archived (authors); a learner sees only active, live modules whatever they ask', async () => {
      const { names, reader } = await library();
      expect(await names('')).toEqual(['Charlie', 'alpha', 'Echo', 'Bravo']);
      expect(await names('active=true')).toEqual(['Charlie', 'alpha', 'Bravo']);
      expect(await names('active=0')).toEqual(['Echo']);
      expect(await names('archived=true')).toEqual(['Delta']);
      expect(await names('archived=1&active=false')).toEqual([]);
      expect(await names('', reader.token)).toEqual(['Charlie', 'alpha', 'Bravo']);
      expect(await names('archived=true', reader.token)).toEqual(['Charlie', 'alpha', 'Bravo']);
      expect(await names('active=false', reader.token)).toEqual([]);
    });

    it('sorts by order, name, created and updated, ascending or with desc', async () => {
      const { list, names } = await library();
      expect(await names('order=order')).toEqual(['Charlie', 'alpha', 'Echo', 'Bravo']);
      expect(await names('order=order&desc=true')).toEqual(['Bravo', 'Echo', 'alpha', 'Charlie']);
      expect(await names('order=name')).toEqual(['alpha', 'Bravo', 'Charlie', 'Echo']);
      expect(await names('order=name&desc=1')).toEqual(['Echo', 'Charlie', 'Bravo', 'alpha']);
      expect(await names('order=created')).toEqual(['Bravo', 'alpha', 'Charlie', 'Echo']);
      expect(await names('order=created&desc=true')).toEqual(['Echo', 'Charlie', 'alpha', 'Bravo']);
      expect(await names('order=updated')).toEqual(['Echo', 'Charlie', 'alpha', 'Bravo']);
      expect((await list('order=name&desc=true')).meta).toMatchObject({ order: 'name', desc: true });
      // An unknown key falls back to the default sort.
      expect(await names('order=nope')).toEqual(['Charlie', 'alpha', 'Echo', 'Bravo']);
    });

    it('pages with page and per_page, or answers everything with paginate=false', async () => {
      const { list } = await library();
      const first = await list('per_page=3');
      expect(first.data.map((row) => row.name)).toEqual(['Charlie', 'alpha', 'Echo']);
      expect(first.meta).toMatchObject({ current_page: 1, last_page: 2, per_page: 3, total: 4 });
      const second = await list('per_page=3&page=2');
      expect(second.data.map((row) => row.name)).toEqual(['Bravo']);
      expect(second.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 3, total: 4 });
      const past = await list('per_page=3&page=3');
      expect(past.data).toEqual([]);
      expect(past.meta).toMatchObject({ current_page: 3, last_page: 2, total: 4 });
      const sortedPage = await list('per_page=2&page=2&order=name&desc=true');
      expect(sortedPage.data.map((row) => row.name)).toEqual(['Bravo', 'alpha']);

      const everything = await list('paginate=false&per_page=1&page=2');
      expect(everything.data.map((row) => row.name)).toEqual(['Charlie', 'alpha', 'Echo', 'Bravo']);
      expect(everything.meta).toMatchObject({ current_page: 1, last_page: 1, per_page: 4, total: 4 });
    });
  });

  describe('what a learner sees', () => {
    it('only active, live modules related directly or through a live group, not hidden ones', async () => {
      const local = await insertTenant(server);
      const me = await person(server, { tenantId: local.id, role: 'user' });
      const group = await insertGroup(server, local.id);
      await relate(server, group, me.membershipId as string);
      const direct = await insertModule(server, local.id, { members: [me.membershipId as string], position: 0 });
      const viaGroup = await insertModule(server, local.id, { groups: [group], position: 1 });
      const inactive = await insertModule(server, local.id, { members: [me.membershipId as string], active: false });
      const archived = await insertModule(server, local.id, { members: [me.membershipId as string], archived: true });
      const unrelated = await insertModule(server, local.id);
      const list = (query = '') => server.api.get(`/tenants/${local.id}/modules?${query}`, { token: me.token });
      expect(ids((await list()).body)).toEqual([direct, viaGroup]);
      for (const hiddenFromMe of [inactive, archived, unrelated]) {
        expect((await server.api.get(`/tenants/${local.id}/modules/${hiddenFromMe}`, { token: me.token })).status).toBe(404);
      }

      expect((await server.api.post(`/tenants/${local.id}/modules/hidden/${viaGroup}`, undefined, { token: me.token })).body.data.is_hidden).toBe(true);
      expect(ids((await list()).body)).toEqual([direct]);
      expect(ids((await list('show-hidden=1')).body)).toEqual([direct, viaGroup]);
      await server.api.request('DELETE', `/tenants/${local.id}/modules/hidden/${viaGroup}`, { token: me.token });
      expect(ids((await list()).body)).toEqual([direct, viaGroup]);

      await server.app.knex('groups').where('id', group).update({ deleted_at: new Date() });
      expect(ids((await list()).body)).toEqual([direct]);
    });

    it('cannot reach a topic of an inactive module, component or topic by id', async () => {
      const tree = await insertTree(server, tenant.id, [learner.membershipId as string]);
      const topicPath = `${t()}/components/${tree.componentId}/topics/${tree.topicId}`;
      expect((await server.api.get(topicPath, { token: learner.token })).status).toBe(200);
      for (const table of ['modules', 'components', 'topics']) {
        const id = { modules: tree.moduleId, components: tree.componentId, topics: tree.topicId }[table];
        await server.app.knex(table).where('id', id).update({ is_active: false });
        expect((await server.api.get(topicPath, { token: learner.token })).status, table).toBe(404);
        expect((await server.api.get(topicPath, { token: admin.token })).status, table).toBe(200);
        await server.app.knex(table).where('id', id).update({ is_active: true });
      }
    });
  });

  describe('components', () => {
    it('creates, lists with topic counts, hides, reorders from 0 and moves', async () => {
      const moduleId = await insertModule(server, tenant.id, { members: [learner.membershipId as string] });
      const base = `${t()}/modules/${moduleId}/components`;
      const made: string[] = [];
      for (const name of ['One', 'Two', 'Three']) {
        const response = await server.api.post(base, { name, description: `${name} described` }, { token: admin.token });
        expect(response.status).toBe(201);
        made.push(response.body.data.id);
      }
      expect((await server.api.post(base, {}, { token: admin.token })).body.errors).toEqual({
        name: ['The name field is required.'],
        description: ['The description field is required.'],
      });
      await insertTopic(server, tenant.id, made[0]);
      const listed = await server.api.get(base, { token: learner.token });
      expect(listed.body.data.map((c: { order: number; topics_count: number }) => [c.order, c.topics_count])).toEqual([
        [0, 1],
        [1, 0],
        [2, 0],
      ]);

      await server.api.post(`${base}/hidden/${made[1]}`, undefined, { token: learner.token });
      expect(ids((await server.api.get(base, { token: learner.token })).body)).toEqual([made[0], made[2]]);
      expect(ids((await server.api.get(base, { token: admin.token })).body)).toEqual(made);

      const reordered = await server.api.patch(
        base,
        {
          components: [
            { id: made[2], order: 0 },
            { id: made[0], order: 1 },
          ],
        },
        { token: admin.token },
      );
      expect(reordered.status).toBe(200);
      expect(reordered.body.data.map((c: { id: string; order: number }) => [c.id, c.order])).toEqual([
        [made[2], 0],
        [made[0], 1],
        [made[1], 2],
      ]);
      const foreign = await server.api.patch(
        base,
        { components: [{ id: await insertComponent(server, tenant.id, await insertModule(server, tenant.id)), order: 0 }] },
        { token: admin.token },
      );
      expect(foreign.body.errors).toEqual({ components: ['The selected components is invalid.'] });

      const target = await insertModule(server, tenant.id);
      await insertComponent(server, tenant.id, target, { position: 4 });
      const moved = await server.api.post(`${base}/move/${made[0]}`, { module_id: target }, { token: admin.token });
      expect(moved.body.data).toMatchObject({ module_id: target, order: 5 });
      expect((await server.api.get(`${base}/${made[0]}`, { token: admin.token })).status).toBe(404);
      expect((await server.api.post(`${base}/move/${made[2]}`, { module_id: 'nope' }, { token: admin.token })).body.errors).toEqual({
        module_id: ['The module id must be a valid UUID.'],
      });
    });

    it('archives with DELETE, restores with is_deleted false and unhides, as the lists show', async () => {
      const moduleId = await insertModule(server, tenant.id, { members: [learner.membershipId as string] });
      const base = `${t()}/modules/${moduleId}/components`;
      const [first, second, third] = [
        await insertComponent(server, tenant.id, moduleId, { position: 0 }),
        await insertComponent(server, tenant.id, moduleId, { position: 1 }),
        await insertComponent(server, tenant.id, moduleId, { position: 2 }),
      ];
      const list = async (query: string, token = admin.token) => {
        const response = await server.api.get(`${base}?${query}`, { token });
        expect(response.status, query).toBe(200);
        return response.body as { data: { id: string; is_hidden: boolean; is_deleted: boolean }[] };
      };

      // Archive: out of the lists (the learner cannot reach it at all), into the authors' archived view.
      await server.api.post(`${base}/${second}`, { is_active: false }, { token: admin.token });
      const archived = await del(server, `${base}/${second}`, admin.token);
      expect(archived.status).toBe(200);
      expect(archived.body.data).toMatchObject({ id: second, is_deleted: true, abilities: { update: false, archive: false, restore: true } });
      expect(archived.body.data.deleted_at).toEqual(expect.any(String));
      expect(ids(await list(''))).toEqual([first, third]);
      expect(ids(await list('archived=true'))).toEqual([second]);
      expect(ids(await list('', learner.token))).toEqual([first, third]);
      expect((await server.api.get(`${base}/${second}`, { token: learner.token })).status).toBe(404);
      expect((await del(server, `${base}/${second}`, admin.token)).body.errors).toEqual({ is_deleted: ['This component is already archived.'] });
      expect((await server.api.post(`${base}/${second}`, { name: 'x' }, { token: admin.token })).body.errors).toEqual({
        is_deleted: ['This component is archived: restore it first.'],
      });

      // Restore (POST with is_deleted false, as the contract says): back in its place, and reactivated.
      expect((await server.api.post(`${base}/${second}`, { is_deleted: false }, { token: learner.token })).status).toBe(403);
      const restored = await server.api.post(`${base}/${second}`, { is_deleted: false }, { token: admin.token });
      expect(restored.status).toBe(200);
      expect(restored.body.data).toMatchObject({
        id: second,
        is_deleted: false,
        deleted_at: null,
        is_active: true,
        abilities: { update: true, archive: true, restore: false },
      });
      expect(ids(await list(''))).toEqual([first, second, third]);
      expect(ids(await list('archived=true'))).toEqual([]);
      expect(ids(await list('', learner.token))).toEqual([first, second, third]);
      expect((await server.api.post(`${base}/${second}`, { is_deleted: 0 }, { token: admin.token })).body.errors).toEqual({
        is_deleted: ['This component is not archived.'],
      });

      // Hide, then unhide: the client view leaves a hidden component out unless show-hidden is asked.
      expect((await server.api.post(`${base}/hidden/${second}`, undefined, { token: learner.token })).body.data.is_hidden).toBe(true);
      expect(ids(await list('', learner.token))).toEqual([first, third]);
      expect((await list('show-hidden=true', learner.token)).data.map((row) => [row.id, row.is_hidden])).toEqual([
        [first, false],
        [second, true],
        [third, false],
      ]);
      const unhidden = await server.api.request('DELETE', `${base}/hidden/${second}`, { token: learner.token });
      expect(unhidden.status).toBe(200);
      expect(unhidden.body.data).toMatchObject({ id: second, is_hidden: false });
      expect(ids(await list('', learner.token))).toEqual([first, second, third]);
      expect((await list('show-hidden=true', learner.token)).data.map((row) => row.is_hidden)).toEqual([false, false, false]);
      expect((await server.api.request('DELETE', `${base}/hidden/${second}`, { token: learner.token })).body.data.is_hidden).toBe(false);
      expect(Number((await server.app.knex('component_hidden').where('component_id', second).count({ n: '*' }))[0].n)).toBe(0);

      // An archived component can be neither hidden nor unhidden by a learner (it is not found).
      await del(server, `${base}/${third}`, admin.token);
      expect((await server.api.request('DELETE', `${base}/hidden/${third}`, { token: learner.token })).status).toBe(404);
    });

    it('moving a component to another module renumbers the ones it left from 0', async () => {
      const source = await insertModule(server, tenant.id);
      const target = await insertModule(server, tenant.id);
      const made: string[] = [];
      for (let position = 0; position < 4; position += 1) made.push(await insertComponent(server, tenant.id, source, { position }));
      const archivedSibling = await insertComponent(server, tenant.id, source, { position: 9, archived: true });
      const moved = await server.api.post(`${t()}/modules/${source}/components/move/${made[1]}`, { module_id: target }, { token: admin.token });
      expect(moved.body.data).toMatchObject({ module_id: target, order: 0 });
      const left = (await server.api.get(`${t()}/modules/${source}/components`, { token: admin.token })).body.data;
      expect(left.map((c: { id: string; order: number }) => [c.id, c.order])).toEqual([
        [made[0], 0],
        [made[2], 1],
        [made[3], 2],
      ]);
      expect((await server.app.knex('components').where('id', archivedSibling).first()).position).toBe(9);
      // A move within the same module changes nothing.
      const stay = await server.api.post(`${t()}/modules/${source}/components/move/${made[3]}`, { module_id: source }, { token: admin.token });
      expect(stay.body.data).toMatchObject({ module_id: source, order: 2 });
    });

    it('copies deeply: 3 topics and 20 items with media and procedure rows, equal but independent', async () => {
      const moduleId = await insertModule(server, tenant.id);
      const source = await insertComponent(server, tenant.id, moduleId, { name: 'Source' });
      const media = await insertMediaRow(server, tenant.id);
      const topics: string[] = [];
      for (let index = 0; index < 3; index += 1) topics.push(await insertTopic(server, tenant.id, source, { position: index }));
      let items = 0;
      for (const topicId of topics) {
        for (let row = 0; row < 2 && items < 19; row += 1) {
          const rowId = await insertItem(server, tenant.id, topicId, { position: row, procedure: row === 0, text: `Row ${row}` });
          items += 1;
          for (let child = 0; child < 3 && items < 19; child += 1) {
            await insertItem(server, tenant.id, topicId, {
              rowId,
              position: child,
              type: child === 0 ? 'image' : 'paragraph',
              mediaId: child === 0 ? media : null,
              text: child === 0 ? null : `P${child}`,
            });
            items += 1;
          }
        }
      }
      await insertItem(server, tenant.id, topics[2], { position: 9, text: 'Last row' });
      items += 1;
      expect(items).toBe(20);
      await server.app.knex('item_completions').insert({
        item_id: (await server.app.knex('items').where({ topic_id: topics[0], is_procedure: true }).first()).id,
        tenant_user_id: admin.membershipId,
        created_at: new Date(),
      });

      const copy = await server.api.post(`${t()}/modules/${moduleId}/components/copy/${source}`, undefined, { token: admin.token });
      expect(copy.status).toBe(201);
      // Named as a copy, and the answer says where it landed: last in the same module (issue 14).
      expect(copy.body.data).toMatchObject({ name: 'Source (copy)', module_id: moduleId, topics_count: 3, order: 1 });
      const shape = async (componentId: string) => {
        const knex = server.app.knex;
        const topicRows = await knex('topics').where('component_id', componentId).orderBy('position');
        return Promise.all(
          topicRows.map(async (topic) => {
            const found = await knex('items').where('topic_id', topic.id);
            const byId = new Map(found.map((row) => [row.id, row]));
            // Rows and their children in tree order: a row's key is its position, a child's its row's position then its own.
            const key = (row: { row_id: string | null; position: number }) =>
              row.row_id ? [byId.get(row.row_id).position, 1, row.position] : [row.position, 0, 0];
            const rows = found.sort((a, b) => String(key(a)).localeCompare(String(key(b)), undefined, { numeric: true }));
            return {
              name: topic.name,
              position: topic.position,
              items: rows.map((row) => ({
                type: row.type,
                position: row.position,
                text: row.text,
                procedure: Boolean(row.is_procedure),
                media: row.media_id,
                parent: row.row_id ? byId.get(row.row_id)?.text : null,
              })),
              ids: rows.map((row) => row.id),
              topicId: topic.id,
            };
          }),
        );
      };
      const [original, copied] = [await shape(source), await shape(copy.body.data.id)];
      expect(copied.map(({ name, position, items: list }) => ({ name, position, items: list }))).toEqual(
        original.map(({ name, position, items: list }) => ({ name, position, items: list })),
      );
      const originalIds = new Set(original.flatMap((topic) => [topic.topicId, ...topic.ids]));
      expect(copied.flatMap((topic) => [topic.topicId, ...topic.ids]).some((id) => originalIds.has(id))).toBe(false);
      expect(
        Number(
          (
            await server.app
              .knex('item_completions')
              .whereIn(
                'item_id',
                copied.flatMap((topic) => topic.ids),
              )
              .count({ n: '*' })
          )[0].n,
        ),
      ).toBe(0);
      // Independent: editing the copy leaves the original alone.
      await server.app.knex('items').whereIn('id', copied[0].ids).update({ text: 'changed' });
      expect(await shape(source)).toEqual(original);
    });
  });

  describe('topics', () => {
    it('lists with item, procedure and completion counts; favourites with their parents', async () => {
      const tree = await insertTree(server, tenant.id, [learner.membershipId as string]);
      const row = await insertItem(server, tenant.id, tree.topicId, { procedure: true });
      await insertItem(server, tenant.id, tree.topicId, { procedure: true, position: 1 });
      await insertItem(server, tenant.id, tree.topicId, { rowId: row, type: 'paragraph' });
      await server.app.knex('item_completions').insert({ item_id: row, tenant_user_id: learner.membershipId, created_at: new Date() });
      const base = `${t()}/components/${tree.componentId}/topics`;
      const [topic] = (await server.api.get(base, { token: learner.token })).body.data;
      expect(topic).toMatchObject({
        id: tree.topicId,
        items_count: 3,
        total_procedures: 2,
        completed_procedures: 1,
        is_favorite: false,
        knowledgecheck_id: null,
      });
      expect(topic.component.module.id).toBe(tree.moduleId);

      expect((await server.api.post(`${base}/favorites/${tree.topicId}`, undefined, { token: learner.token })).body.data.is_favorite).toBe(true);
      const favorites = await server.api.get(`${t()}/my-membership/favorite-topics`, { token: learner.token });
      expect(ids(favorites.body)).toEqual([tree.topicId]);
      expect(favorites.body.data[0].component.name).toEqual(expect.any(String));
      await server.api.request('DELETE', `${base}/favorites/${tree.topicId}`, { token: learner.token });
      expect((await server.api.get(`${t()}/my-membership/favorite-topics`, { token: learner.token })).body.data).toEqual([]);
    });

    it('leaves out of the starred topics what the member hid: its module or its component (issue 14)', async () => {
      const tree = await insertTree(server, tenant.id, [learner.membershipId as string]);
      const base = `${t()}/components/${tree.componentId}/topics`;
      const starred = async (token = learner.token) => ids((await server.api.get(`${t()}/my-membership/favorite-topics`, { token })).body);
      for (const who of [learner, admin]) {
        await server.api.post(`${base}/favorites/${tree.topicId}`, undefined, { token: who.token });
        expect(await starred(who.token)).toContain(tree.topicId);
        for (const hidden of [`modules/hidden/${tree.moduleId}`, `modules/${tree.moduleId}/components/hidden/${tree.componentId}`]) {
          expect((await server.api.post(`${t()}/${hidden}`, undefined, { token: who.token })).status).toBe(200);
          expect(await starred(who.token)).not.toContain(tree.topicId);
          await server.api.request('DELETE', `${t()}/${hidden}`, { token: who.token });
          expect(await starred(who.token)).toContain(tree.topicId);
        }
      }
    });

    it('leaves the counts out of short lists (the ids a move up or down renumbers)', async () => {
      const tree = await insertTree(server, tenant.id, [learner.membershipId as string]);
      const second = await insertTopic(server, tenant.id, tree.componentId, { position: 1 });
      await insertItem(server, tenant.id, tree.topicId, { procedure: true });
      const base = `${t()}/components/${tree.componentId}/topics`;
      for (const token of [admin.token, learner.token]) {
        const full = (await server.api.get(`${base}?paginate=false&order=order`, { token })).body.data;
        expect(full.map((topic: Record<string, unknown>) => [topic.id, topic.items_count, topic.total_procedures])).toEqual([
          [tree.topicId, 1, 1],
          [second, 0, 0],
        ]);
        const short = await server.api.get(`${base}?paginate=false&short=true&order=order`, { token });
        expect(short.status).toBe(200);
        expect(ids(short.body)).toEqual([tree.topicId, second]);
        for (const topic of short.body.data) {
          expect(topic).not.toHaveProperty('items_count');
          expect(topic).not.toHaveProperty('total_procedures');
          expect(topic).not.toHaveProperty('completed_procedures');
          expect(topic).toMatchObject({ is_favorite: false, component: { id: tree.componentId } });
        }
        // Paginated pages read their rows by id: short there too.
        const page = (await server.api.get(`${base}?per_page=1&page=2&short=1`, { token })).body;
        expect(ids(page)).toEqual([second]);
        expect(page.data[0]).not.toHaveProperty('items_count');
        expect((await server.api.get(`${base}?per_page=1&short=0`, { token })).body.data[0].items_count).toBe(1);
      }
    });

    it('moving a topic to another component renumbers the ones it left from 0', async () => {
      const tree = await insertTree(server, tenant.id);
      const base = `${t()}/components/${tree.componentId}/topics`;
      const made = [tree.topicId];
      for (let position = 1; position < 4; position += 1) made.push(await insertTopic(server, tenant.id, tree.componentId, { position }));
      const target = await insertComponent(server, tenant.id, tree.moduleId);
      await insertTopic(server, tenant.id, target, { position: 0 });
      const moved = await server.api.post(`${base}/move/${made[0]}`, { component_id: target }, { token: admin.token });
      expect(moved.body.data).toMatchObject({ component_id: target, order: 1 });
      const left = (await server.api.get(base, { token: admin.token })).body.data;
      expect(left.map((topic: { id: string; order: number }) => [topic.id, topic.order])).toEqual([
        [made[1], 0],
        [made[2], 1],
        [made[3], 2],
      ]);
    });

    it('creates, edits, moves to a place, reorders, archives, restores, copies and moves', async () => {
      const tree = await insertTree(server, tenant.id);
      const base = `${t()}/components/${tree.componentId}/topics`;
      expect((await server.api.post(base, { name: 'x' }, { token: admin.token })).body.errors).toEqual({ description: ['The description field is required.'] });
      const second = (await server.api.post(base, { name: 'Second', description: 'd' }, { token: admin.token })).body.data;
      const third = (await server.api.post(base, { name: 'Third', description: 'd' }, { token: admin.token })).body.data;
      expect([second.order, third.order]).toEqual([1, 2]);
      expect((await server.api.patch(`${base}/${third.id}`, { order: 0, name: 'First now' }, { token: admin.token })).body.data).toMatchObject({
        order: 0,
        name: 'First now',
      });
      expect(ids((await server.api.get(base, { token: admin.token })).body)).toEqual([third.id, tree.topicId, second.id]);
      const reordered = await server.api.patch(base, { topics: [{ id: second.id, order: 0 }] }, { token: admin.token });
      expect(reordered.body.data.map((topic: { order: number }) => topic.order)).toEqual([0, 1, 2]);
      expect(ids(reordered.body)).toEqual([second.id, third.id, tree.topicId]);

      expect((await del(server, `${base}/${second.id}`, admin.token)).body.data.is_deleted).toBe(true);
      expect(ids((await server.api.get(`${base}?archived=1`, { token: admin.token })).body)).toEqual([second.id]);
      expect((await server.api.patch(`${base}/${second.id}`, { is_deleted: false }, { token: admin.token })).body.data).toMatchObject({
        is_deleted: false,
        is_active: true,
      });

      await insertItem(server, tenant.id, third.id);
      const copy = await server.api.post(`${base}/copy/${third.id}`, undefined, { token: admin.token });
      expect(copy.body.data).toMatchObject({ name: 'First now (copy)', component_id: tree.componentId, items_count: 1, order: 3 });
      // A name at the length limit makes room for the suffix.
      const long = 'L'.repeat(255);
      await server.api.patch(`${base}/${third.id}`, { name: long }, { token: admin.token });
      const longCopy = await server.api.post(`${base}/copy/${third.id}`, undefined, { token: admin.token });
      expect(longCopy.body.data.name).toBe(`${'L'.repeat(248)} (copy)`);
      const otherComponent = await insertComponent(server, tenant.id, tree.moduleId);
      const moved = await server.api.post(`${base}/move/${copy.body.data.id}`, { component_id: otherComponent }, { token: admin.token });
      expect(moved.body.data).toMatchObject({ component_id: otherComponent, order: 0 });
    });
  });
});
