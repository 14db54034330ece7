/**
 * The bioreq permission matrix (issue 13), in the style of content-permissions.test.ts: every bioreq operation
 * × every kind of caller (owner, master, admin, user, a member of another organization, a suspended and an
 * unconfirmed member, nobody) × whose document it is (the calling learner's own, or another learner's). Allowed
 * callers get the success status; the others the designed 401/403/404 with the row, its note and its access log
 * unchanged. A second pass aims each row operation of a master at another organization's document: 404,
 * unchanged, nothing of it in the answer. A learner never sees another learner's document (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/db/ids.js';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { ACTORS, buildWorld, person, type Actor, type Person, type TenantFixture, type World } from './support/people.js';
import { mediaTestConfig, multipart, type FormParts } from './support/uploads.js';
import { pdfPart } from './support/bioreq.js';
import { assertOperation, type OperationId } from './support/operations.js';

type Uploader = 'own' | 'other';

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  parts?: FormParts;
  /** The document the call aims at, whose row, note and access log must stay as they were when refused. */
  documentId?: string;
}

interface Target {
  server: TestServer;
  world: World;
  peers: Record<string, Person>;
  pathTenant: TenantFixture;
  rowTenant: TenantFixture;
  uploader: Uploader;
}

/** Expected statuses of owner, master, admin, user for a document of the learner's own and of another learner. */
type Outcomes = Record<'owner' | 'master' | 'admin' | 'user', number>;

interface Operation {
  name: string;
  /** The contract's operation the call exercises (checked where the call is made; permission-coverage.test.ts). */
  operation: OperationId;
  targetsRow: boolean;
  own: Outcomes;
  /** Defaults to `own` (the operation does not depend on the uploader). */
  other?: Outcomes;
  prepare(target: Target): Promise<Call>;
}

/** A document in the row's organization (its file key need not exist for these calls), with a note. */
async function document(t: Target, status: 'pending' | 'underreview' = 'pending'): Promise<{ id: string; noteId: string }> {
  const home = t.rowTenant.id === t.world.home.id;
  const uploader = home ? (t.uploader === 'own' ? t.world.people.user : t.peers.home) : t.world.people.outsider;
  const id = newId();
  const noteId = newId();
  const now = new Date();
  await t.server.app.knex('bioreq_documents').insert({
    id,
    tenant_id: t.rowTenant.id,
    tenant_user_id: uploader.membershipId,
    title: 'Matrix document',
    description: 'd',
    storage_key: `${t.rowTenant.id}/${id}/${newId()}.pdf`,
    mime_type: 'application/pdf',
    size: 2000,
    status,
    created_at: now,
    updated_at: now,
  });
  await t.server.app
    .knex('bioreq_notes')
    .insert({ id: noteId, tenant_id: t.rowTenant.id, document_id: id, note: 'The first note text.', created_at: now, updated_at: now });
  return { id, noteId };
}

const all = (status: number): Outcomes => ({ owner: status, master: status, admin: status, user: status });
const reviewers = (status: number): Outcomes => ({ owner: status, master: status, admin: status, user: 403 });
const visible = (status: number): Outcomes => ({ owner: status, master: status, admin: status, user: 404 });
const masters = (status: number): Outcomes => ({ owner: status, master: status, admin: 403, user: 403 });
const base = (t: Target) => `/tenants/${t.pathTenant.id}/bioreq`;

const OPERATIONS: Operation[] = [
  {
    name: 'GET bioreq',
    operation: 'listBioreqDocuments',
    targetsRow: false,
    own: reviewers(200),
    prepare: async (t) => ({ method: 'GET', path: `${base(t)}?paginate=true` }),
  },
  {
    name: 'GET bioreq/user',
    operation: 'listOwnBioreqDocuments',
    targetsRow: false,
    own: { owner: 403, master: 200, admin: 200, user: 200 },
    prepare: async (t) => ({ method: 'GET', path: `${base(t)}/user?paginate=true` }),
  },
  {
    name: 'POST bioreq (upload)',
    operation: 'createBioreqDocument',
    targetsRow: false,
    own: { owner: 403, master: 201, admin: 201, user: 201 },
    prepare: async (t) => ({ method: 'POST', path: base(t), parts: { title: 'T', description: 'd', file: pdfPart() } }),
  },
  {
    name: 'GET bioreq/settings',
    operation: 'getBioreqSettings',
    targetsRow: false,
    own: masters(200),
    prepare: async (t) => ({ method: 'GET', path: `${base(t)}/settings` }),
  },
  {
    name: 'PUT bioreq/settings',
    operation: 'updateBioreqSettings',
    targetsRow: false,
    own: masters(200),
    prepare: async (t) => ({ method: 'PUT', path: `${base(t)}/settings`, body: { retention_days: null } }),
  },
  {
    name: 'GET bioreq/{id}',
    operation: 'getBioreqDocument',
    targetsRow: true,
    own: all(200),
    other: visible(200),
    prepare: async (t) => {
      const { id } = await document(t);
      return { method: 'GET', path: `${base(t)}/${id}`, documentId: id };
    },
  },
  {
    name: 'DELETE bioreq/{id}',
    operation: 'cancelBioreqDocument',
    targetsRow: true,
    own: { owner: 403, master: 403, admin: 403, user: 204 },
    other: { owner: 403, master: 403, admin: 403, user: 404 },
    prepare: async (t) => {
      const { id } = await document(t);
      return { method: 'DELETE', path: `${base(t)}/${id}`, documentId: id };
    },
  },
  {
    name: 'GET bioreq/{id}/download',
    operation: 'downloadBioreqDocument',
    targetsRow: true,
    own: all(200),
    other: visible(200),
    prepare: async (t) => {
      const { id } = await document(t);
      return { method: 'GET', path: `${base(t)}/${id}/download`, documentId: id };
    },
  },
  {
    name: 'POST bioreq/{id}/match',
    operation: 'decideBioreqDocument',
    targetsRow: true,
    own: reviewers(200),
    prepare: async (t) => {
      const { id } = await document(t, 'underreview');
      return { method: 'POST', path: `${base(t)}/${id}/match`, body: { match: true, message: 'Matches.' }, documentId: id };
    },
  },
  {
    name: 'GET bioreq/{id}/notes',
    operation: 'listBioreqNotes',
    targetsRow: true,
    own: all(200),
    other: visible(200),
    prepare: async (t) => {
      const { id } = await document(t);
      return { method: 'GET', path: `${base(t)}/${id}/notes`, documentId: id };
    },
  },
  {
    name: 'POST bioreq/{id}/notes',
    operation: 'createBioreqNote',
    targetsRow: true,
    own: reviewers(201),
    prepare: async (t) => {
      const { id } = await document(t);
      await t.server.app.knex('bioreq_notes').where('document_id', id).delete();
      return { method: 'POST', path: `${base(t)}/${id}/notes`, body: { note: 'A note of at least ten characters.' }, documentId: id };
    },
  },
  {
    name: 'POST bioreq/{id}/notes/{noteId}',
    operation: 'updateBioreqNote',
    targetsRow: true,
    own: reviewers(200),
    prepare: async (t) => {
      const { id, noteId } = await document(t);
      return { method: 'POST', path: `${base(t)}/${id}/notes/${noteId}`, body: { note: 'A changed note of some length.' }, documentId: id };
    },
  },
  {
    name: 'GET bioreq/{id}/notes/{noteId}/history',
    operation: 'listBioreqNoteHistory',
    targetsRow: true,
    own: all(200),
    other: visible(200),
    prepare: async (t) => {
      const { id, noteId } = await document(t);
      return { method: 'GET', path: `${base(t)}/${id}/notes/${noteId}/history`, documentId: id };
    },
  },
  {
    name: 'GET bioreq/{id}/access-log',
    operation: 'listBioreqAccessLog',
    targetsRow: true,
    own: masters(200),
    prepare: async (t) => {
      const { id } = await document(t);
      return { method: 'GET', path: `${base(t)}/${id}/access-log`, documentId: id };
    },
  },
];

interface Denial {
  status: number;
  code: string;
}

const CODES: Record<number, string> = { 403: 'forbidden', 404: 'not_found' };

function expected(operation: Operation, uploader: Uploader, actor: Actor | 'anonymous'): number | Denial {
  if (actor === 'anonymous') return { status: 401, code: 'unauthenticated' };
  // An invited person has not accepted: an outsider until then.
  if (actor === 'outsider' || actor === 'invited') return { status: 404, code: 'not_found' };
  if (actor === 'suspended') return { status: 403, code: 'membership_suspended' };
  if (actor === 'unconfirmed') return { status: 403, code: 'email_unconfirmed' };
  const status = (uploader === 'other' ? (operation.other ?? operation.own) : operation.own)[actor];
  return status < 400 ? status : { status, code: CODES[status] as string };
}

describe.each(databaseKinds)('bioreq permission matrix on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;
  const peers: Record<string, Person> = {};

  beforeAll(async () => {
    context = await startTestServer(kind, mediaTestConfig());
    server = context.server;
    world = await buildWorld(server);
    await server.app.knex('tenants').whereIn('id', [world.home.id, world.other.id]).update({ enable_bioreq: true });
    peers.home = await person(server, { tenantId: world.home.id, role: 'user', name: 'Pat Peer' });
  });
  afterAll(() => context.cleanup());

  const send = (operation: Operation, call: Call, token: string | undefined) => {
    assertOperation(operation.operation, call);
    return call.parts ? multipart(server, call.path, call.parts, token, call.method) : server.api.request(call.method, call.path, { token, json: call.body });
  };

  /** What a refused call must leave as it was: the document, its note and its access log. */
  const snapshot = async (id: string | undefined) =>
    id
      ? {
          document: await server.app.knex('bioreq_documents').where('id', id).first(),
          notes: await server.app.knex('bioreq_notes').where('document_id', id),
          log: await server.app.knex('bioreq_downloads').where('document_id', id),
        }
      : undefined;

  describe.each(OPERATIONS)('$name', (operation) => {
    const uploaders: Uploader[] = operation.targetsRow ? ['own', 'other'] : ['own'];
    describe.each(uploaders)("on the learner's %s document", (uploader) => {
      it.each([...ACTORS, 'anonymous' as const])('as %s', async (actor) => {
        const call = await operation.prepare({ server, world, peers, pathTenant: world.home, rowTenant: world.home, uploader });
        const before = await snapshot(call.documentId);
        const response = await send(operation, call, actor === 'anonymous' ? undefined : world.people[actor].token);
        const outcome = expected(operation, uploader, actor);
        if (typeof outcome === 'number') {
          expect(response.status, JSON.stringify(response.body)).toBe(outcome);
          return;
        }
        expect(response.status, JSON.stringify(response.body)).toBe(outcome.status);
        expect(response.body.code).toBe(outcome.code);
        expect(Object.keys(response.body).sort()).toEqual(['code', 'message']);
        expect(await snapshot(call.documentId)).toEqual(before);
      });
    });
  });

  describe("a master aiming at another organization's documents", () => {
    it.each(OPERATIONS.filter((operation) => operation.targetsRow))('$name answers 404 and changes nothing', async (operation) => {
      const call = await operation.prepare({ server, world, peers, pathTenant: world.home, rowTenant: world.other, uploader: 'other' });
      const before = await snapshot(call.documentId);
      const response = await send(operation, call, world.people.master.token);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain(world.other.id);
      expect(await snapshot(call.documentId)).toEqual(before);
    });
  });
});
