/**
 * The content permission matrix (issue 4), generated from one table like permissions.test.ts: every
 * operation by every kind of caller succeeds for the roles allowed (ARCHITECTURE.md#roles-and-policies:
 * members read and act for themselves, admins author, masters relate groups and members) and answers the
 * designed 401/403/404 for the others without changing the row. A second pass aims each row operation of a
 * master at another organization's row: 404, unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { ACTORS, buildWorld, insertGroup, uniqueName, type Actor, type TenantFixture, type World } from './support/people.js';
import { insertCaptionRow, insertComponent, insertMediaRow, insertModule, insertTree } from './support/content.js';
import { insertSuggestion } from './support/suggestions.js';
import { multipart, type FormParts } from './support/uploads.js';
import { pdf } from './fixtures/media.js';
import { assertOperation, type OperationId } from './support/operations.js';

/** member: anyone in the organization; self: a member acting for themself (not an owner without membership); author: admin+; master: master+. */
type Scope = 'member' | 'self' | 'author' | 'master';

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** Sent as multipart/form-data instead of `body` (uploads). */
  parts?: FormParts;
  snapshot?: () => Promise<unknown>;
}

interface Target {
  server: TestServer;
  world: World;
  pathTenant: TenantFixture;
  rowTenant: TenantFixture;
}

interface Operation {
  name: string;
  /** The contract's operation the call exercises (checked where the call is made; permission-coverage.test.ts). */
  operation: OperationId;
  scope: Scope;
  success: number;
  targetsRow?: boolean;
  prepare(target: Target): Promise<Call>;
}

const row = (server: TestServer, table: string, id: string) => () => server.app.knex(table).where('id', id).first();
const rows = (server: TestServer, table: string, where: Record<string, unknown>) => () => server.app.knex(table).where(where).orderBy('created_at');

/** A suggestion in the row's organization, sent by one of its members. */
async function suggestion(t: Target) {
  const sender = t.rowTenant.id === t.world.home.id ? t.world.people.user : t.world.people.outsider;
  return insertSuggestion(t.server, t.rowTenant.id, sender.membershipId as string);
}

/** A tree in the row's organization, related to the home organization's learner so they may see it. */
async function tree(t: Target) {
  const learner = t.rowTenant.id === t.world.home.id ? [t.world.people.user.membershipId as string] : [];
  return insertTree(t.server, t.rowTenant.id, learner);
}

/** The memberships of the row's organization among the callers (the outsider's is of the other one). */
function memberships(t: Target): string[] {
  const inOther = t.rowTenant.id === t.world.other.id;
  return ACTORS.filter((actor) => actor !== 'owner' && (actor === 'outsider') === inOther).map((actor) => t.world.people[actor].membershipId as string);
}

/**
 * Every member of the row's organization has hidden (or starred) the row, so that an unhide (or unstar)
 * refused to a suspended or unconfirmed member would show in the snapshot had it gone through.
 */
async function markedByAll(t: Target, table: string, column: string, id: string) {
  const now = new Date();
  await t.server.app.knex(table).insert(memberships(t).map((member) => ({ [column]: id, tenant_user_id: member, created_at: now })));
  return () => t.server.app.knex(table).where(column, id).orderBy('tenant_user_id');
}

const OPERATIONS: Operation[] = [
  {
    name: 'GET modules',
    operation: 'listModules',
    scope: 'member',
    success: 200,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/modules` }),
  },
  {
    name: 'POST modules',
    operation: 'createModule',
    scope: 'author',
    success: 201,
    prepare: async (t) => ({
      method: 'POST',
      path: `/tenants/${t.pathTenant.id}/modules`,
      body: { name: uniqueName('M'), description: 'd' },
      snapshot: rows(t.server, 'modules', { tenant_id: t.pathTenant.id }),
    }),
  },
  {
    name: 'GET modules/{id}',
    operation: 'getModule',
    scope: 'member',
    success: 200,
    targetsRow: true,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/modules/${(await tree(t)).moduleId}` }),
  },
  {
    name: 'POST modules/{id} (update)',
    operation: 'updateModule',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId } = await tree(t);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/modules/${moduleId}`,
        body: { name: 'Renamed' },
        snapshot: row(t.server, 'modules', moduleId),
      };
    },
  },
  {
    name: 'DELETE modules/{id}',
    operation: 'archiveModule',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId } = await tree(t);
      return { method: 'DELETE', path: `/tenants/${t.pathTenant.id}/modules/${moduleId}`, snapshot: row(t.server, 'modules', moduleId) };
    },
  },
  {
    name: 'POST modules/{id}/media',
    operation: 'relateModuleMedia',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId } = await tree(t);
      const media = await insertMediaRow(t.server, t.rowTenant.id);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/modules/${moduleId}/media`,
        body: { media: [media] },
        snapshot: rows(t.server, 'module_media', { module_id: moduleId }),
      };
    },
  },
  {
    name: 'POST modules/{id}/groups',
    operation: 'relateModuleGroups',
    scope: 'master',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId } = await tree(t);
      const group = await insertGroup(t.server, t.rowTenant.id);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/modules/${moduleId}/groups`,
        body: { groups: [group] },
        snapshot: rows(t.server, 'module_groups', { module_id: moduleId }),
      };
    },
  },
  {
    name: 'POST modules/{id}/tenant-users',
    operation: 'relateModuleTenantUsers',
    scope: 'master',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId } = await tree(t);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/modules/${moduleId}/tenant-users`,
        body: { tenant_users: [] },
        snapshot: rows(t.server, 'module_tenant_users', { module_id: moduleId }),
      };
    },
  },
  {
    name: 'POST modules/hidden/{id}',
    operation: 'hideModule',
    scope: 'self',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId } = await tree(t);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/modules/hidden/${moduleId}`,
        snapshot: rows(t.server, 'module_hidden', { module_id: moduleId }),
      };
    },
  },
  {
    name: 'DELETE modules/hidden/{id}',
    operation: 'unhideModule',
    scope: 'self',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId } = await tree(t);
      const snapshot = await markedByAll(t, 'module_hidden', 'module_id', moduleId);
      return { method: 'DELETE', path: `/tenants/${t.pathTenant.id}/modules/hidden/${moduleId}`, snapshot };
    },
  },
  {
    name: 'GET my-membership/content-tree',
    operation: 'getContentTree',
    scope: 'member',
    success: 200,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/my-membership/content-tree` }),
  },
  {
    name: 'GET components',
    operation: 'listComponents',
    scope: 'member',
    success: 200,
    targetsRow: true,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/modules/${(await tree(t)).moduleId}/components` }),
  },
  {
    name: 'POST components',
    operation: 'createComponent',
    scope: 'author',
    success: 201,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId } = await tree(t);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/modules/${moduleId}/components`,
        body: { name: 'C', description: 'd' },
        snapshot: rows(t.server, 'components', { module_id: moduleId }),
      };
    },
  },
  {
    name: 'PATCH components (order)',
    operation: 'reorderComponents',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId, componentId } = await tree(t);
      return {
        method: 'PATCH',
        path: `/tenants/${t.pathTenant.id}/modules/${moduleId}/components`,
        body: { components: [{ id: componentId, order: 0 }] },
        snapshot: row(t.server, 'components', componentId),
      };
    },
  },
  {
    name: 'POST components/{id} (update)',
    operation: 'updateComponent',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId, componentId } = await tree(t);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/modules/${moduleId}/components/${componentId}`,
        body: { is_active: false },
        snapshot: row(t.server, 'components', componentId),
      };
    },
  },
  {
    name: 'POST components/copy/{id}',
    operation: 'copyComponent',
    scope: 'author',
    success: 201,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId, componentId } = await tree(t);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/modules/${moduleId}/components/copy/${componentId}`,
        snapshot: rows(t.server, 'components', { module_id: moduleId }),
      };
    },
  },
  {
    name: 'POST components/hidden/{id}',
    operation: 'hideComponent',
    scope: 'self',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId, componentId } = await tree(t);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/modules/${moduleId}/components/hidden/${componentId}`,
        snapshot: rows(t.server, 'component_hidden', { component_id: componentId }),
      };
    },
  },
  {
    name: 'DELETE components/hidden/{id}',
    operation: 'unhideComponent',
    scope: 'self',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId, componentId } = await tree(t);
      const snapshot = await markedByAll(t, 'component_hidden', 'component_id', componentId);
      return { method: 'DELETE', path: `/tenants/${t.pathTenant.id}/modules/${moduleId}/components/hidden/${componentId}`, snapshot };
    },
  },
  {
    name: 'DELETE components/{id} (archive)',
    operation: 'archiveComponent',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId, componentId } = await tree(t);
      return {
        method: 'DELETE',
        path: `/tenants/${t.pathTenant.id}/modules/${moduleId}/components/${componentId}`,
        snapshot: row(t.server, 'components', componentId),
      };
    },
  },
  {
    name: 'POST components/move/{id}',
    operation: 'moveComponent',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId, componentId } = await tree(t);
      const target = await insertModule(t.server, t.rowTenant.id);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/modules/${moduleId}/components/move/${componentId}`,
        body: { module_id: target },
        snapshot: row(t.server, 'components', componentId),
      };
    },
  },
  {
    name: 'GET components/{id}',
    operation: 'getComponent',
    scope: 'member',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId, componentId } = await tree(t);
      return { method: 'GET', path: `/tenants/${t.pathTenant.id}/modules/${moduleId}/components/${componentId}` };
    },
  },
  {
    name: 'GET /tenants/{t}/components/{id}',
    operation: 'getComponentById',
    scope: 'member',
    success: 200,
    targetsRow: true,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/components/${(await tree(t)).componentId}` }),
  },
  {
    name: 'GET topics',
    operation: 'listTopics',
    scope: 'member',
    success: 200,
    targetsRow: true,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/components/${(await tree(t)).componentId}/topics` }),
  },
  {
    name: 'POST topics',
    operation: 'createTopic',
    scope: 'author',
    success: 201,
    targetsRow: true,
    prepare: async (t) => {
      const { componentId } = await tree(t);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/components/${componentId}/topics`,
        body: { name: 'T', description: 'd' },
        snapshot: rows(t.server, 'topics', { component_id: componentId }),
      };
    },
  },
  {
    name: 'PATCH topics (order)',
    operation: 'reorderTopics',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { componentId, topicId } = await tree(t);
      return {
        method: 'PATCH',
        path: `/tenants/${t.pathTenant.id}/components/${componentId}/topics`,
        body: { topics: [{ id: topicId, order: 0 }] },
        snapshot: row(t.server, 'topics', topicId),
      };
    },
  },
  {
    name: 'GET topics/{id}',
    operation: 'getTopic',
    scope: 'member',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { componentId, topicId } = await tree(t);
      return { method: 'GET', path: `/tenants/${t.pathTenant.id}/components/${componentId}/topics/${topicId}` };
    },
  },
  {
    name: 'GET /tenants/{t}/topics/{id}',
    operation: 'getTopicById',
    scope: 'member',
    success: 200,
    targetsRow: true,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/topics/${(await tree(t)).topicId}` }),
  },
  {
    name: 'POST topics/copy/{id}',
    operation: 'copyTopic',
    scope: 'author',
    success: 201,
    targetsRow: true,
    prepare: async (t) => {
      const { componentId, topicId } = await tree(t);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/components/${componentId}/topics/copy/${topicId}`,
        snapshot: rows(t.server, 'topics', { component_id: componentId }),
      };
    },
  },
  {
    name: 'POST topics/move/{id}',
    operation: 'moveTopic',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { moduleId, componentId, topicId } = await tree(t);
      const target = await insertComponent(t.server, t.rowTenant.id, moduleId);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/components/${componentId}/topics/move/${topicId}`,
        body: { component_id: target },
        snapshot: row(t.server, 'topics', topicId),
      };
    },
  },
  {
    name: 'PATCH topics/{id}',
    operation: 'updateTopic',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { componentId, topicId } = await tree(t);
      return {
        method: 'PATCH',
        path: `/tenants/${t.pathTenant.id}/components/${componentId}/topics/${topicId}`,
        body: { name: 'T2' },
        snapshot: row(t.server, 'topics', topicId),
      };
    },
  },
  {
    name: 'DELETE topics/{id}',
    operation: 'archiveTopic',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { componentId, topicId } = await tree(t);
      return { method: 'DELETE', path: `/tenants/${t.pathTenant.id}/components/${componentId}/topics/${topicId}`, snapshot: row(t.server, 'topics', topicId) };
    },
  },
  {
    name: 'POST topics/favorites/{id}',
    operation: 'favoriteTopic',
    scope: 'self',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { componentId, topicId } = await tree(t);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/components/${componentId}/topics/favorites/${topicId}`,
        snapshot: rows(t.server, 'topic_favorites', { topic_id: topicId }),
      };
    },
  },
  {
    name: 'DELETE topics/favorites/{id}',
    operation: 'unfavoriteTopic',
    scope: 'self',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const { componentId, topicId } = await tree(t);
      const snapshot = await markedByAll(t, 'topic_favorites', 'topic_id', topicId);
      return { method: 'DELETE', path: `/tenants/${t.pathTenant.id}/components/${componentId}/topics/favorites/${topicId}`, snapshot };
    },
  },
  {
    name: 'GET favorite-topics',
    operation: 'listFavoriteTopics',
    scope: 'member',
    success: 200,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/my-membership/favorite-topics` }),
  },
  {
    name: 'POST suggestions',
    operation: 'createSuggestion',
    scope: 'self',
    success: 201,
    prepare: async (t) => ({
      method: 'POST',
      path: `/tenants/${t.pathTenant.id}/suggestions`,
      body: { text: 'An idea' },
      snapshot: rows(t.server, 'suggestions', { tenant_id: t.pathTenant.id }),
    }),
  },
  {
    name: 'GET suggestions',
    operation: 'listSuggestions',
    scope: 'master',
    success: 200,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/suggestions` }),
  },
  {
    name: 'GET suggestions/{id}',
    operation: 'getSuggestion',
    scope: 'master',
    success: 200,
    targetsRow: true,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/suggestions/${await suggestion(t)}` }),
  },
  {
    name: 'PATCH suggestions/{id}',
    operation: 'updateSuggestion',
    scope: 'master',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const id = await suggestion(t);
      return { method: 'PATCH', path: `/tenants/${t.pathTenant.id}/suggestions/${id}`, body: { is_active: false }, snapshot: row(t.server, 'suggestions', id) };
    },
  },
  {
    name: 'DELETE suggestions/{id}',
    operation: 'deleteSuggestion',
    scope: 'master',
    success: 204,
    targetsRow: true,
    prepare: async (t) => {
      const id = await suggestion(t);
      return { method: 'DELETE', path: `/tenants/${t.pathTenant.id}/suggestions/${id}`, snapshot: row(t.server, 'suggestions', id) };
    },
  },
  {
    name: 'GET reports/snapshot',
    operation: 'getSnapshotReport',
    scope: 'author',
    success: 200,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/reports/snapshot` }),
  },
  {
    name: 'GET reports/knowledgechecks/responses/completed',
    operation: 'listCompletedKnowledgeCheckResponses',
    scope: 'author',
    success: 200,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/reports/knowledgechecks/responses/completed` }),
  },
  // The media library.
  {
    name: 'GET media',
    operation: 'listMedia',
    scope: 'author',
    success: 200,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/media` }),
  },
  {
    name: 'POST media (multipart upload)',
    operation: 'createMedia',
    scope: 'author',
    success: 201,
    prepare: async (t) => ({
      method: 'POST',
      path: `/tenants/${t.pathTenant.id}/media`,
      parts: { name: uniqueName('Manual'), file: { data: pdf(2_000), filename: 'manual.pdf', type: 'application/pdf' } },
      snapshot: rows(t.server, 'media', { tenant_id: t.pathTenant.id }),
    }),
  },
  {
    name: 'GET media/{id}',
    operation: 'getMedia',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => ({ method: 'GET', path: `/tenants/${t.pathTenant.id}/media/${await insertMediaRow(t.server, t.rowTenant.id)}` }),
  },
  {
    name: 'POST media/{id} (rename)',
    operation: 'updateMedia',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const id = await insertMediaRow(t.server, t.rowTenant.id);
      return { method: 'POST', path: `/tenants/${t.pathTenant.id}/media/${id}`, body: { name: 'Renamed' }, snapshot: row(t.server, 'media', id) };
    },
  },
  {
    name: 'POST media/{id}/modules',
    operation: 'relateMediaModules',
    scope: 'author',
    success: 200,
    targetsRow: true,
    prepare: async (t) => {
      const id = await insertMediaRow(t.server, t.rowTenant.id);
      const { moduleId } = await tree(t);
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/media/${id}/modules`,
        body: { modules: [moduleId] },
        snapshot: rows(t.server, 'module_media', { media_id: id }),
      };
    },
  },
  {
    name: 'DELETE media/{id}',
    operation: 'deleteMedia',
    scope: 'author',
    success: 204,
    targetsRow: true,
    prepare: async (t) => {
      const id = await insertMediaRow(t.server, t.rowTenant.id);
      return { method: 'DELETE', path: `/tenants/${t.pathTenant.id}/media/${id}`, snapshot: row(t.server, 'media', id) };
    },
  },
  {
    name: 'POST media/{id}/captions (multipart upload)',
    operation: 'uploadMediaCaption',
    scope: 'author',
    success: 201,
    targetsRow: true,
    prepare: async (t) => {
      const id = await insertMediaRow(t.server, t.rowTenant.id, { type: 'video', mimeType: 'video/mp4' });
      return {
        method: 'POST',
        path: `/tenants/${t.pathTenant.id}/media/${id}/captions`,
        parts: {
          language: 'en',
          label: 'English',
          file: { data: Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n'), filename: 'en.vtt', type: 'text/vtt' },
        },
        snapshot: rows(t.server, 'media_captions', { media_id: id }),
      };
    },
  },
  {
    name: 'DELETE media/{id}/captions/{captionId}',
    operation: 'deleteMediaCaption',
    scope: 'author',
    success: 204,
    targetsRow: true,
    prepare: async (t) => {
      const id = await insertMediaRow(t.server, t.rowTenant.id, { type: 'video', mimeType: 'video/mp4' });
      const captionId = await insertCaptionRow(t.server, t.rowTenant.id, id);
      return { method: 'DELETE', path: `/tenants/${t.pathTenant.id}/media/${id}/captions/${captionId}`, snapshot: row(t.server, 'media_captions', captionId) };
    },
  },
];

interface Denial {
  status: number;
  code: string;
}

const RANK: Record<Scope, number> = { member: 0, self: 0, author: 1, master: 2 };
const ROLE_RANK: Partial<Record<Actor, number>> = { user: 0, admin: 1, master: 2 };

function expected(scope: Scope, actor: Actor | 'anonymous', success: number): number | Denial {
  if (actor === 'anonymous') return { status: 401, code: 'unauthenticated' };
  if (actor === 'owner') return scope === 'self' ? { status: 403, code: 'forbidden' } : success;
  // An invitation not yet accepted is no membership: the invited person is an outsider.
  if (actor === 'outsider' || actor === 'invited') return { status: 404, code: 'not_found' };
  if (actor === 'suspended') return { status: 403, code: 'membership_suspended' };
  if (actor === 'unconfirmed') return { status: 403, code: 'email_unconfirmed' };
  return (ROLE_RANK[actor] as number) >= RANK[scope] ? success : { status: 403, code: 'forbidden' };
}

describe.each(databaseKinds)('content permission matrix on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    world = await buildWorld(server);
  });
  afterAll(() => context.cleanup());

  const send = (operation: Operation, call: Call, token: string | undefined) => {
    assertOperation(operation.operation, call);
    return call.parts ? multipart(server, call.path, call.parts, token, call.method) : server.api.request(call.method, call.path, { token, json: call.body });
  };

  describe.each(OPERATIONS)('$name', (operation) => {
    it.each([...ACTORS, 'anonymous' as const])('as %s', async (actor) => {
      const call = await operation.prepare({ server, world, pathTenant: world.home, rowTenant: world.home });
      const before = await call.snapshot?.();
      const response = await send(operation, call, actor === 'anonymous' ? undefined : world.people[actor].token);
      const outcome = expected(operation.scope, actor, operation.success);
      if (typeof outcome === 'number') {
        expect(response.status, JSON.stringify(response.body)).toBe(outcome);
        return;
      }
      expect(response.status, JSON.stringify(response.body)).toBe(outcome.status);
      expect(response.body.code).toBe(outcome.code);
      expect(Object.keys(response.body).sort()).toEqual(['code', 'message']);
      if (call.snapshot) expect(await call.snapshot()).toEqual(before);
    });
  });

  describe("a master aiming at another organization's rows", () => {
    it.each(OPERATIONS.filter((operation) => operation.targetsRow))('$name answers 404 and changes nothing', async (operation) => {
      const call = await operation.prepare({ server, world, pathTenant: world.home, rowTenant: world.other });
      const before = await call.snapshot?.();
      const response = await send(operation, call, world.people.master.token);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain(world.other.id);
      if (call.snapshot) expect(await call.snapshot()).toEqual(before);
    });
  });
});
