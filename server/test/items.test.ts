/**
 * Items of a topic (issue 4): the list with children, media and completions; saving the whole ordered list in
 * one transaction (temporary ids, position-keyed 422s, rollback); deleting; completing procedure rows (feeding
 * the topic's counts); visibility; and the permission matrix from one table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { ACTORS, buildWorld, del, insertTenant, person, type Actor, type Person, type TenantFixture, type World } from './support/people.js';
import { insertItem, insertMediaRow, insertModule, insertComponent, insertTopic, insertTree } from './support/content.js';
import { countQueries } from './support/query-counts.js';

describe.each(databaseKinds)('items on %s', (kind) => {
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

  const itemsPath = (topicId: string, tenantId = tenant.id) => `/tenants/${tenantId}/topics/${topicId}/items`;
  const put = (topicId: string, items: unknown, token = admin.token) => server.api.request('PUT', itemsPath(topicId), { token, json: { items } });
  const storedItems = (topicId: string) =>
    server.app.knex('items').where('topic_id', topicId).orderBy('position').select('id', 'row_id', 'type', 'position', 'text');
  const learnerTree = () => insertTree(server, tenant.id, [learner.membershipId as string]);

  it('lists rows in order with their children in order, media resolved to signed URLs', async () => {
    const { topicId } = await learnerTree();
    const image = await insertMediaRow(server, tenant.id, { name: 'Diagram' });
    const second = await insertItem(server, tenant.id, topicId, { position: 1, text: 'Second row' });
    const first = await insertItem(server, tenant.id, topicId, { position: 0, text: 'First row', procedure: true });
    await insertItem(server, tenant.id, topicId, { rowId: first, type: 'paragraph', position: 1, text: 'After the image' });
    await insertItem(server, tenant.id, topicId, { rowId: first, type: 'image', position: 0, text: null, mediaId: image });

    const response = await server.api.get(itemsPath(topicId), { token: learner.token });
    expect(response.status).toBe(200);
    const [row, other] = response.body.data;
    expect([row.id, other.id]).toEqual([first, second]);
    expect(row).toMatchObject({ type: 'row', order: 0, text: 'First row', is_procedure: true, is_complete: false, row_id: null, media: [] });
    expect(row.children.map((child: { type: string; order: number; row_id: string }) => [child.type, child.order, child.row_id])).toEqual([
      ['image', 0, first],
      ['paragraph', 1, first],
    ]);
    expect(row.children[0].media[0]).toMatchObject({ id: image, name: 'Diagram', type: 'image', thumbnail: null });
    expect(row.children[0].media[0].url).toMatch(new RegExp(`/api/files/${tenant.id}/${image}/file\\?expires=\\d+&signature=`));
    expect(other.children).toEqual([]);
  });

  /** SQL queries of one call, which must succeed (support/query-counts.ts). */
  const queriesOf = (call: () => Promise<{ status: number }>) =>
    countQueries(server, async () => {
      expect((await call()).status).toBe(200);
    });

  it('lists a topic of 2 or 30 items with the same number of queries', async () => {
    const queriesFor = (topicId: string) => queriesOf(() => server.api.get(itemsPath(topicId), { token: learner.token }));
    const small = (await learnerTree()).topicId;
    const large = (await learnerTree()).topicId;
    const media = await insertMediaRow(server, tenant.id);
    await insertItem(server, tenant.id, small, { rowId: await insertItem(server, tenant.id, small, { procedure: true }), type: 'image', mediaId: media });
    for (let row = 0; row < 6; row += 1) {
      const rowId = await insertItem(server, tenant.id, large, { position: row, procedure: true });
      for (let child = 0; child < 4; child += 1) await insertItem(server, tenant.id, large, { rowId, type: 'image', position: child, mediaId: media });
    }
    expect(await queriesFor(large)).toBe(await queriesFor(small));
  });

  it('saves 2 or 30 entries, new or existing, with the same number of queries', async () => {
    const media = await insertMediaRow(server, tenant.id);
    const list = (rows: number, children: number) =>
      Array.from({ length: rows }, (_, row) => [
        { id: `row-${row}`, type: 'row', order: row, text: `Row ${row}`, is_procedure: row % 2 },
        ...Array.from({ length: children }, (_, child) => ({
          id: `child-${row}-${child}`,
          type: 'image',
          row_id: `row-${row}`,
          order: child,
          media_id: media,
        })),
      ]).flat();
    const saveTwice = async (entries: unknown[]) => {
      const { topicId } = await insertTree(server, tenant.id);
      const created = await queriesOf(() => put(topicId, entries));
      const saved = (await server.api.get(itemsPath(topicId), { token: admin.token })).body.data;
      const again = saved.flatMap((row: { id: string; text: string; children: { id: string; media: { id: string }[] }[] }) => [
        { id: row.id, type: 'row', text: `${row.text} again` },
        ...row.children.map((child) => ({ id: child.id, type: 'image', row_id: row.id, media_id: child.media[0].id })),
      ]);
      return [created, await queriesOf(() => put(topicId, again))];
    };
    expect(await saveTwice(list(6, 4))).toEqual(await saveTwice(list(1, 1)));
  });

  it('saves the whole list: rows then children, temporary ids mapped, missing items deleted', async () => {
    const { topicId } = await insertTree(server, tenant.id);
    const kept = await insertItem(server, tenant.id, topicId, { position: 0, text: 'Kept row' });
    const dropped = await insertItem(server, tenant.id, topicId, { position: 1, text: 'Dropped row' });
    const droppedChild = await insertItem(server, tenant.id, topicId, { rowId: dropped, type: 'paragraph', text: 'Goes with its row' });
    const moved = await insertItem(server, tenant.id, topicId, { rowId: dropped, type: 'paragraph', position: 1, text: 'Moves to the new row' });
    const video = await insertMediaRow(server, tenant.id, { type: 'video', mimeType: 'video/mp4' });

    const response = await put(topicId, [
      { id: 'tmp-row', type: 'row', order: 0, text: ' New first row ', is_procedure: 1 },
      { id: kept, type: 'row', order: 1, text: 'Kept row renamed', is_procedure: false },
      { id: 'tmp-video', type: 'video', row_id: 'tmp-row', order: 1, media_id: video },
      { id: moved, type: 'paragraph', row_id: 'tmp-row', order: 0, text: 'Moved paragraph' },
      { type: 'paragraph', row_id: kept, order: 0, text: 'No id at all' },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const ids = response.body.meta.ids;
    expect(Object.keys(ids).sort()).toEqual(['tmp-row', 'tmp-video']);
    const [newRow, keptRow] = response.body.data;
    expect(newRow).toMatchObject({ id: ids['tmp-row'], order: 0, text: 'New first row', is_procedure: true });
    expect(newRow.children.map((child: { id: string }) => child.id)).toEqual([moved, ids['tmp-video']]);
    expect(newRow.children[1].media[0]).toMatchObject({ id: video, type: 'video' });
    expect(keptRow).toMatchObject({ id: kept, order: 1, text: 'Kept row renamed', is_procedure: false });
    expect(keptRow.children.map((child: { text: string; order: number }) => [child.text, child.order])).toEqual([['No id at all', 0]]);

    const stored = await storedItems(topicId);
    expect(stored.map((item) => item.id)).not.toContain(dropped);
    expect(stored.map((item) => item.id)).not.toContain(droppedChild);
    expect(stored).toHaveLength(5);
    expect((await server.api.get(itemsPath(topicId), { token: admin.token })).body.data).toEqual(response.body.data);

    // The id of another topic's item is only a temporary id here: a new item, the other one untouched.
    const { topicId: otherTopic } = await insertTree(server, tenant.id);
    const foreignItem = await insertItem(server, tenant.id, otherTopic, { text: 'Not yours' });
    const claimed = await put(topicId, [{ id: foreignItem, type: 'row', order: 0, text: 'Claimed' }]);
    expect(claimed.body.meta.ids[foreignItem]).toBeDefined();
    expect(claimed.body.meta.ids[foreignItem]).not.toBe(foreignItem);
    expect(await storedItems(otherTopic)).toEqual([expect.objectContaining({ id: foreignItem, text: 'Not yours' })]);

    // An empty list empties the topic.
    expect((await put(topicId, [])).body.data).toEqual([]);
    expect(await storedItems(topicId)).toEqual([]);
  });

  it('answers 422 keyed by position for a missing row title, missing media and invalid entries', async () => {
    const { topicId } = await insertTree(server, tenant.id);
    const before = await insertItem(server, tenant.id, topicId, { text: 'Untouched' });
    const response = await put(topicId, [
      { id: 'r0', type: 'row', order: 0, text: 'Fine' },
      { id: 'r1', type: 'row', order: 1, text: '  ' },
      { type: 'paragraph', row_id: 'r0', order: 0, text: 'Fine too' },
      { type: 'paragraph', row_id: 'r0', order: 1 },
      { type: 'image', row_id: 'r0', order: 2 },
      { type: 'video', row_id: 'r0', order: 3, media_id: null },
      { type: 'pdf', row_id: 'r0', order: 4 },
      { type: 'audio', row_id: 'r0', order: 5, is_procedure: true, media_id: 'not-a-uuid' },
      { type: 'table', order: 6 },
      { type: 'paragraph', order: 7, text: 'Orphan' },
    ]);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      'items.1.text': ['The text field is required.'],
      'items.3.text': ['The text field is required.'],
      'items.4.media_id': ['The media id field is required.'],
      'items.5.media_id': ['The media id field is required.'],
      'items.6.media_id': ['The media id field is required.'],
      'items.7.media_id': ['The media id must be a valid UUID.'],
      'items.7.is_procedure': ['Only rows may be procedures or contain items.'],
      'items.8.type': ['The selected type is invalid.'],
      'items.9.row_id': ['The row id field is required.'],
    });

    const parents = await put(topicId, [
      { id: 'a', type: 'row', text: 'A' },
      { id: 'a', type: 'row', text: 'Twice' },
      { type: 'paragraph', row_id: 'nowhere', text: 'x' },
    ]);
    expect(parents.body.errors).toEqual({ 'items.1.id': ['The selected id is invalid.'], 'items.2.row_id': ['The row id must name a row of this list.'] });
    expect((await put(topicId, undefined)).body.errors).toEqual({ items: ['The items field is required.'] });
    expect((await storedItems(topicId)).map((item) => item.id)).toEqual([before]);
  });

  it('saves nothing when a child fails after valid rows (media of another organization or of the wrong type)', async () => {
    const { topicId } = await insertTree(server, tenant.id);
    const original = await insertItem(server, tenant.id, topicId, { text: 'Original' });
    const foreign = await insertMediaRow(server, (await insertTenant(server)).id);
    const pdf = await insertMediaRow(server, tenant.id, { type: 'pdf', mimeType: 'application/pdf' });
    const response = await put(topicId, [
      { id: original, type: 'row', order: 0, text: 'Renamed' },
      { id: 'new-row', type: 'row', order: 1, text: 'New row' },
      { type: 'image', row_id: 'new-row', order: 0, media_id: foreign },
      { type: 'image', row_id: original, order: 0, media_id: pdf },
    ]);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      'items.2.media_id': ['The selected media id is invalid.'],
      'items.3.media_id': ['The selected media id is invalid.'],
    });
    expect(JSON.stringify(response.body)).not.toContain(foreign);
    expect(await storedItems(topicId)).toEqual([expect.objectContaining({ id: original, text: 'Original' })]);
  });

  it('deletes one item, a row with its children', async () => {
    const { topicId } = await insertTree(server, tenant.id);
    const row = await insertItem(server, tenant.id, topicId, { position: 0 });
    await insertItem(server, tenant.id, topicId, { rowId: row, type: 'paragraph' });
    const other = await insertItem(server, tenant.id, topicId, { position: 1 });
    const child = await insertItem(server, tenant.id, topicId, { rowId: other, type: 'paragraph' });
    const deleted = await del(server, `${itemsPath(topicId)}/${child}`, admin.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.map((item: { id: string; children: unknown[] }) => [item.id, item.children.length])).toEqual([
      [row, 1],
      [other, 0],
    ]);
    expect((await del(server, `${itemsPath(topicId)}/${row}`, admin.token)).body.data.map((item: { id: string }) => item.id)).toEqual([other]);
    expect(await storedItems(topicId)).toHaveLength(1);
    expect((await del(server, `${itemsPath(topicId)}/${row}`, admin.token)).status).toBe(404);
    const elsewhere = await insertItem(server, tenant.id, (await insertTree(server, tenant.id)).topicId);
    expect((await del(server, `${itemsPath(topicId)}/${elsewhere}`, admin.token)).status).toBe(404);
  });

  it('completes procedure rows for the caller only, feeding the topic counts', async () => {
    const { componentId, topicId } = await learnerTree();
    const procedure = await insertItem(server, tenant.id, topicId, { position: 0, procedure: true });
    const plain = await insertItem(server, tenant.id, topicId, { position: 1 });
    const paragraph = await insertItem(server, tenant.id, topicId, { rowId: plain, type: 'paragraph' });
    await insertItem(server, tenant.id, topicId, { position: 2, procedure: true });
    const completed = `${itemsPath(topicId)}/completed`;
    const counts = async (token: string) => {
      const topic = (await server.api.get(`/tenants/${tenant.id}/components/${componentId}/topics/${topicId}`, { token })).body.data;
      return [topic.completed_procedures, topic.total_procedures];
    };

    const marked = await server.api.post(`${completed}/${procedure}`, undefined, { token: learner.token });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ id: procedure, is_complete: true });
    expect((await server.api.post(`${completed}/${procedure}`, undefined, { token: learner.token })).status).toBe(200);
    expect(await counts(learner.token)).toEqual([1, 2]);
    expect(await counts(admin.token)).toEqual([0, 2]);
    const list = await server.api.get(itemsPath(topicId), { token: learner.token });
    expect(list.body.data.map((item: { is_complete: boolean }) => item.is_complete)).toEqual([true, false, false]);
    expect((await server.api.get(itemsPath(topicId), { token: admin.token })).body.data[0].is_complete).toBe(false);
    const listed = (await server.api.get(`/tenants/${tenant.id}/components/${componentId}/topics`, { token: learner.token })).body.data[0];
    expect([listed.completed_procedures, listed.total_procedures]).toEqual([1, 2]);

    for (const notProcedure of [plain, paragraph]) {
      expect((await server.api.post(`${completed}/${notProcedure}`, undefined, { token: learner.token })).status).toBe(404);
    }
    const unmarked = await server.api.request('DELETE', `${completed}/${procedure}`, { token: learner.token });
    expect(unmarked.body.data.is_complete).toBe(false);
    expect(await counts(learner.token)).toEqual([0, 2]);

    const owner = await person(server, { owner: true });
    expect((await server.api.post(`${completed}/${procedure}`, undefined, { token: owner.token })).status).toBe(403);
  });

  it("a learner cannot reach an inactive, archived or unrelated module's items", async () => {
    const tree = await learnerTree();
    const item = await insertItem(server, tenant.id, tree.topicId, { procedure: true });
    const reach = async () => [
      (await server.api.get(itemsPath(tree.topicId), { token: learner.token })).status,
      (await server.api.post(`${itemsPath(tree.topicId)}/completed/${item}`, undefined, { token: learner.token })).status,
    ];
    expect(await reach()).toEqual([200, 200]);
    for (const [table, id, change] of [
      ['modules', tree.moduleId, { is_active: false }],
      ['modules', tree.moduleId, { deleted_at: new Date() }],
      ['components', tree.componentId, { is_active: false }],
      ['topics', tree.topicId, { deleted_at: new Date() }],
    ] as const) {
      const before = await server.app.knex(table).where('id', id).first();
      await server.app.knex(table).where('id', id).update(change);
      expect(await reach(), `${table} ${JSON.stringify(change)}`).toEqual([404, 404]);
      expect((await server.api.get(itemsPath(tree.topicId), { token: admin.token })).status).toBe(200);
      await server.app.knex(table).where('id', id).update({ is_active: before.is_active, deleted_at: before.deleted_at });
    }
    const unrelated = await insertTopic(server, tenant.id, await insertComponent(server, tenant.id, await insertModule(server, tenant.id)));
    expect((await server.api.get(itemsPath(unrelated), { token: learner.token })).status).toBe(404);
  });

  it("answers 404 for another organization's topic and items", async () => {
    const other = await insertTenant(server);
    const { topicId } = await insertTree(server, other.id);
    const item = await insertItem(server, other.id, topicId, { procedure: true });
    expect((await server.api.get(itemsPath(topicId), { token: admin.token })).status).toBe(404);
    expect((await put(topicId, [{ type: 'row', text: 'x' }])).status).toBe(404);
    expect((await del(server, `${itemsPath(topicId)}/${item}`, admin.token)).status).toBe(404);
    expect((await server.api.post(`${itemsPath(topicId)}/completed/${item}`, undefined, { token: admin.token })).status).toBe(404);
    expect(await storedItems(topicId)).toHaveLength(1);
  });
});

// -------------------------------------------------------------------------------------------------
// The permission matrix, generated from one table (as content-permissions.test.ts).

/** member: anyone in the organization; self: a member acting for themself; author: admin+. */
type Scope = 'member' | 'self' | 'author';

interface Call {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  snapshot: () => Promise<unknown>;
}

interface Operation {
  name: string;
  scope: Scope;
  prepare(server: TestServer, world: World, rowTenant: TenantFixture): Promise<Call>;
}

/** A topic with a procedure row and a paragraph in it, seen by the home organization's learner. */
async function topicWithItems(server: TestServer, world: World, rowTenant: TenantFixture) {
  const learner = rowTenant.id === world.home.id ? [world.people.user.membershipId as string] : [];
  const { topicId } = await insertTree(server, rowTenant.id, learner);
  const rowId = await insertItem(server, rowTenant.id, topicId, { procedure: true });
  const childId = await insertItem(server, rowTenant.id, topicId, { rowId, type: 'paragraph' });
  const base = `/tenants/${world.home.id}/topics/${topicId}/items`;
  const items = () => server.app.knex('items').where('topic_id', topicId).orderBy('id');
  const completions = () => server.app.knex('item_completions').where('item_id', rowId);
  return { base, rowId, childId, items, completions };
}

const OPERATIONS: Operation[] = [
  {
    name: 'GET items',
    scope: 'member',
    prepare: async (server, world, rowTenant) => {
      const { base, items } = await topicWithItems(server, world, rowTenant);
      return { method: 'GET', path: base, snapshot: items };
    },
  },
  {
    name: 'PUT items',
    scope: 'author',
    prepare: async (server, world, rowTenant) => {
      const { base, rowId, items } = await topicWithItems(server, world, rowTenant);
      return { method: 'PUT', path: base, body: { items: [{ id: rowId, type: 'row', order: 0, text: 'Renamed' }] }, snapshot: items };
    },
  },
  {
    name: 'DELETE items/{id}',
    scope: 'author',
    prepare: async (server, world, rowTenant) => {
      const { base, childId, items } = await topicWithItems(server, world, rowTenant);
      return { method: 'DELETE', path: `${base}/${childId}`, snapshot: items };
    },
  },
  {
    name: 'POST items/completed/{id}',
    scope: 'self',
    prepare: async (server, world, rowTenant) => {
      const { base, rowId, completions } = await topicWithItems(server, world, rowTenant);
      return { method: 'POST', path: `${base}/completed/${rowId}`, snapshot: completions };
    },
  },
  {
    name: 'DELETE items/completed/{id}',
    scope: 'self',
    prepare: async (server, world, rowTenant) => {
      const { base, rowId, completions } = await topicWithItems(server, world, rowTenant);
      return { method: 'DELETE', path: `${base}/completed/${rowId}`, snapshot: completions };
    },
  },
];

const ROLE_RANK: Partial<Record<Actor, number>> = { user: 0, admin: 1, master: 2 };
const SCOPE_RANK: Record<Scope, number> = { member: 0, self: 0, author: 1 };

function expected(scope: Scope, actor: Actor | 'anonymous'): number | { status: number; code: string } {
  if (actor === 'anonymous') return { status: 401, code: 'unauthenticated' };
  if (actor === 'owner') return scope === 'self' ? { status: 403, code: 'forbidden' } : 200;
  // An invited person has not accepted: an outsider until then (ARCHITECTURE.md#member-invitations).
  if (actor === 'outsider' || actor === 'invited') return { status: 404, code: 'not_found' };
  if (actor === 'suspended') return { status: 403, code: 'membership_suspended' };
  if (actor === 'unconfirmed') return { status: 403, code: 'email_unconfirmed' };
  return (ROLE_RANK[actor] as number) >= SCOPE_RANK[scope] ? 200 : { status: 403, code: 'forbidden' };
}

describe.each(databaseKinds)('items permission matrix on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    world = await buildWorld(server);
  });
  afterAll(() => context.cleanup());

  const send = (call: Call, token: string | undefined) => server.api.request(call.method, call.path, { token, json: call.body });

  describe.each(OPERATIONS)('$name', (operation) => {
    it.each([...ACTORS, 'anonymous' as const])('as %s', async (actor) => {
      const call = await operation.prepare(server, world, world.home);
      const before = await call.snapshot();
      const response = await send(call, actor === 'anonymous' ? undefined : world.people[actor].token);
      const outcome = expected(operation.scope, actor);
      if (typeof outcome === 'number') {
        expect(response.status, JSON.stringify(response.body)).toBe(outcome);
        return;
      }
      expect(response.status, JSON.stringify(response.body)).toBe(outcome.status);
      expect(response.body.code).toBe(outcome.code);
      expect(await call.snapshot()).toEqual(before);
    });
  });

  it.each(OPERATIONS)("$name by a master at another organization's topic answers 404 and changes nothing", async (operation) => {
    const call = await operation.prepare(server, world, world.other);
    const before = await call.snapshot();
    const response = await send(call, world.people.master.token);
    expect(response.status).toBe(404);
    expect(await call.snapshot()).toEqual(before);
  });
});
