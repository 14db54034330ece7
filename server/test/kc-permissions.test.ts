/**
 * The knowledge checks' permission matrix (issue 11), in the style of bioreq-permissions.test.ts: every operation ×
 * every kind of caller (owner, master, admin, user, a member of another organization, a suspended, an unconfirmed
 * and an invited member, nobody) × the target: a check the learner can see with the caller's own response, the
 * same with another member's response, and a check the learner cannot see (its module is not related to them).
 * Allowed callers get the success status; the others the designed 401/403/404 with the check, its bank, its
 * responses and its assignments unchanged. A second pass aims each operation of a master at another
 * organization's check: 404, unchanged, nothing of it in the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { ACTORS, buildWorld, insertGroup, person, type Actor, type Person, type TenantFixture, type World } from './support/people.js';
import { insertComponent, insertModule, insertTopic } from './support/content.js';
import { insertCheck, insertResponse, type InsertedCheck } from './support/knowledge-checks.js';
import { insertResponse as insertSeededResponse } from './support/kc.js';
import { assertOperation, type OperationId } from './support/operations.js';

/** own: a visible check and the caller's own response; other: another member's response; hidden: a check the learner cannot see. */
type Variant = 'own' | 'other' | 'hidden';

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** A body sent as is (a multipart upload) with its content type, instead of JSON. */
  raw?: { text: string; contentType: string };
  checkId: string;
}

interface Target {
  server: TestServer;
  world: World;
  peer: Person;
  pathTenant: TenantFixture;
  rowTenant: TenantFixture;
  variant: Variant;
  /** The caller's membership in the row's organization, when they have one. */
  memberId: string | undefined;
}

type Outcomes = Record<'owner' | 'master' | 'admin' | 'user', number>;

interface Operation {
  name: string;
  /** The contract's operation the call exercises (checked where the call is made; permission-coverage.test.ts). */
  operation: OperationId;
  own: Outcomes;
  other?: Outcomes;
  hidden?: Outcomes;
  /** The operation names one of the caller's responses (the `other` variant applies). */
  response?: boolean;
  /**
   * The operation lists checks (My Knowledge Checks): an allowed caller gets 200 with the check listed when they may
   * take it and absent when not (hidden from a learner, another organization's).
   */
  lists?: boolean;
  prepare(target: Target): Promise<Call>;
}

interface Place {
  check: InsertedCheck;
  componentId: string;
  topicId: string | null;
}

/** A fresh module (related to the learner unless hidden), component and topic, and a check of the component or the topic. */
async function place(t: Target, on: 'component' | 'topic' = 'component', withCheck = true): Promise<Place> {
  const home = t.rowTenant.id === t.world.home.id;
  const members = home && t.variant !== 'hidden' ? [t.world.people.user.membershipId as string, t.peer.membershipId as string] : [];
  const moduleId = await insertModule(t.server, t.rowTenant.id, { members });
  const componentId = await insertComponent(t.server, t.rowTenant.id, moduleId);
  const topicId = on === 'topic' ? await insertTopic(t.server, t.rowTenant.id, componentId) : null;
  const check = withCheck
    ? await insertCheck(t.server, t.rowTenant.id, topicId ? { topicId } : { componentId }, { questions: 3, number: 3 })
    : { id: '', questions: [] };
  return { check, componentId, topicId };
}

/** Whose response a call names: the caller's own (when they are a member of the row's organization), else the peer's. */
function responder(t: Target): string {
  if (t.variant === 'other' || !t.memberId) return t.peer.membershipId as string;
  return t.memberId;
}

const all = (status: number): Outcomes => ({ owner: status, master: status, admin: status, user: status });
const authors = (status: number): Outcomes => ({ owner: status, master: status, admin: status, user: 403 });
const members = (status: number): Outcomes => ({ owner: 403, master: status, admin: status, user: status });
const seen = (status: number): Outcomes => ({ owner: status, master: status, admin: status, user: 404 });
const tenantPath = (t: Target) => `/tenants/${t.pathTenant.id}`;
const kcPath = (t: Target, id: string) => `${tenantPath(t)}/knowledgechecks/${id}`;
const questionBody = {
  text: 'New question',
  type: 'checkbox',
  choices: [
    { label: 'A', is_answer: true },
    { label: 'B', is_answer: false },
  ],
};

const BOUNDARY = 'tessera-permission-matrix';
/** A question bank upload: one GIFT question. */
const giftUpload = {
  text: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bank.gift"\r\nContent-Type: text/plain\r\n\r\n::Q::Pick one {=A ~B}\r\n--${BOUNDARY}--\r\n`,
  contentType: `multipart/form-data; boundary=${BOUNDARY}`,
};

const OPERATIONS: Operation[] = [
  {
    name: 'GET topics/{id}/kc',
    operation: 'getTopicKnowledgeCheck',
    own: all(200),
    hidden: seen(200),
    prepare: async (t) => {
      const p = await place(t, 'topic');
      return { method: 'GET', path: `${tenantPath(t)}/topics/${p.topicId}/kc`, checkId: p.check.id };
    },
  },
  {
    name: 'POST topics/{id}/kc',
    operation: 'createTopicKnowledgeCheck',
    own: authors(201),
    prepare: async (t) => {
      const p = await place(t, 'topic', false);
      const other = await insertCheck(t.server, t.rowTenant.id, { componentId: p.componentId });
      return { method: 'POST', path: `${tenantPath(t)}/topics/${p.topicId}/kc`, body: { instructions: 'Go' }, checkId: other.id };
    },
  },
  {
    name: 'GET topics/{id}/kc/{id}',
    operation: 'getTopicKnowledgeCheckById',
    own: all(200),
    hidden: seen(200),
    prepare: async (t) => {
      const p = await place(t, 'topic');
      return { method: 'GET', path: `${tenantPath(t)}/topics/${p.topicId}/kc/${p.check.id}`, checkId: p.check.id };
    },
  },
  {
    name: 'PUT topics/{id}/kc/{id}',
    operation: 'updateTopicKnowledgeCheck',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t, 'topic');
      return {
        method: 'PUT',
        path: `${tenantPath(t)}/topics/${p.topicId}/kc/${p.check.id}`,
        body: { id: p.check.id, instructions: 'Changed' },
        checkId: p.check.id,
      };
    },
  },
  {
    name: 'GET components/{id}/knowledgechecks',
    operation: 'getComponentKnowledgeCheck',
    own: all(200),
    hidden: seen(200),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'GET', path: `${tenantPath(t)}/components/${p.componentId}/knowledgechecks`, checkId: p.check.id };
    },
  },
  {
    name: 'POST components/{id}/knowledgechecks',
    operation: 'createComponentKnowledgeCheck',
    own: authors(201),
    prepare: async (t) => {
      const p = await place(t, 'topic', false);
      const other = await insertCheck(t.server, t.rowTenant.id, { topicId: p.topicId as string });
      return { method: 'POST', path: `${tenantPath(t)}/components/${p.componentId}/knowledgechecks`, body: { number_questions: 4 }, checkId: other.id };
    },
  },
  {
    name: 'GET knowledgechecks/{id}',
    operation: 'getKnowledgeCheck',
    own: all(200),
    hidden: seen(200),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'GET', path: kcPath(t, p.check.id), checkId: p.check.id };
    },
  },
  {
    name: 'PUT knowledgechecks/{id}',
    operation: 'updateKnowledgeCheck',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'PUT', path: kcPath(t, p.check.id), body: { instructions: 'New', number_questions: 2 }, checkId: p.check.id };
    },
  },
  {
    name: 'GET knowledgechecks/{id}/questions/archived',
    operation: 'listArchivedKnowledgeCheckQuestions',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'GET', path: `${kcPath(t, p.check.id)}/questions/archived`, checkId: p.check.id };
    },
  },
  {
    name: 'POST knowledgechecks/{id}/questions',
    operation: 'createKnowledgeCheckQuestion',
    own: authors(201),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'POST', path: `${kcPath(t, p.check.id)}/questions`, body: questionBody, checkId: p.check.id };
    },
  },
  {
    name: 'PUT knowledgechecks/{id}/questions/order',
    operation: 'reorderKnowledgeCheckQuestions',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t);
      const last = p.check.questions[2]?.questionId as string;
      return { method: 'PUT', path: `${kcPath(t, p.check.id)}/questions/order`, body: { questions: [{ id: last, order: 0 }] }, checkId: p.check.id };
    },
  },
  {
    name: 'PUT knowledgechecks/{id}/questions/{id}',
    operation: 'updateKnowledgeCheckQuestion',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'PUT', path: `${kcPath(t, p.check.id)}/questions/${p.check.questions[0]?.questionId}`, body: questionBody, checkId: p.check.id };
    },
  },
  {
    name: 'DELETE knowledgechecks/{id}/questions/{id}',
    operation: 'archiveKnowledgeCheckQuestion',
    own: authors(204),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'DELETE', path: `${kcPath(t, p.check.id)}/questions/${p.check.questions[0]?.questionId}`, checkId: p.check.id };
    },
  },
  {
    name: 'PUT knowledgechecks/{id}/questions/{id}/restore',
    operation: 'restoreKnowledgeCheckQuestion',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t);
      const questionId = p.check.questions[0]?.questionId as string;
      await t.server.app.knex('kc_questions').where('id', questionId).update({ archived_at: new Date() });
      return { method: 'PUT', path: `${kcPath(t, p.check.id)}/questions/${questionId}/restore`, checkId: p.check.id };
    },
  },
  {
    name: 'POST knowledgechecks/{id}/questions/import',
    operation: 'importKnowledgeCheckQuestions',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'POST', path: `${kcPath(t, p.check.id)}/questions/import`, raw: giftUpload, checkId: p.check.id };
    },
  },
  {
    name: 'GET knowledgechecks/{id}/questions/export',
    operation: 'exportKnowledgeCheckQuestions',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'GET', path: `${kcPath(t, p.check.id)}/questions/export?format=gift`, checkId: p.check.id };
    },
  },
  {
    name: 'GET knowledgechecks/mine',
    operation: 'listMyKnowledgeChecks',
    lists: true,
    own: members(200),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'GET', path: `${tenantPath(t)}/knowledgechecks/mine?paginate=false`, checkId: p.check.id };
    },
  },
  {
    name: 'GET knowledgechecks/{id}/responses',
    operation: 'listKnowledgeCheckResponses',
    own: members(200),
    hidden: { owner: 403, master: 200, admin: 200, user: 404 },
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'GET', path: `${kcPath(t, p.check.id)}/responses`, checkId: p.check.id };
    },
  },
  {
    name: 'POST knowledgechecks/{id}/responses',
    operation: 'createKnowledgeCheckResponse',
    own: members(201),
    hidden: { owner: 403, master: 201, admin: 201, user: 404 },
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'POST', path: `${kcPath(t, p.check.id)}/responses`, body: {}, checkId: p.check.id };
    },
  },
  {
    name: 'GET knowledgechecks/{id}/responses/{id}',
    operation: 'getKnowledgeCheckResponse',
    response: true,
    own: members(200),
    other: members(404),
    hidden: { owner: 403, master: 200, admin: 200, user: 404 },
    prepare: async (t) => {
      const p = await place(t);
      const responseId = await insertResponse(t.server, t.rowTenant.id, p.check, responder(t), 'in-progress');
      return { method: 'GET', path: `${kcPath(t, p.check.id)}/responses/${responseId}`, checkId: p.check.id };
    },
  },
  {
    name: 'PUT knowledgechecks/{id}/responses/{id}/start',
    operation: 'startKnowledgeCheckResponse',
    response: true,
    own: members(200),
    other: members(404),
    hidden: { owner: 403, master: 200, admin: 200, user: 404 },
    prepare: async (t) => {
      const p = await place(t);
      const responseId = await insertResponse(t.server, t.rowTenant.id, p.check, responder(t), 'assigned');
      return { method: 'PUT', path: `${kcPath(t, p.check.id)}/responses/${responseId}/start`, checkId: p.check.id };
    },
  },
  {
    name: 'PUT knowledgechecks/{id}/responses/{id}/complete',
    operation: 'completeKnowledgeCheckResponse',
    response: true,
    own: members(200),
    other: members(404),
    hidden: { owner: 403, master: 200, admin: 200, user: 404 },
    prepare: async (t) => {
      const p = await place(t);
      const responseId = await insertResponse(t.server, t.rowTenant.id, p.check, responder(t), 'in-progress', true);
      return { method: 'PUT', path: `${kcPath(t, p.check.id)}/responses/${responseId}/complete`, checkId: p.check.id };
    },
  },
  {
    name: 'POST knowledgechecks/{id}/responses/{id}/questions/{id}',
    operation: 'answerKnowledgeCheckQuestion',
    response: true,
    own: members(200),
    other: members(404),
    hidden: { owner: 403, master: 200, admin: 200, user: 404 },
    prepare: async (t) => {
      const p = await place(t);
      const responseId = await insertResponse(t.server, t.rowTenant.id, p.check, responder(t), 'in-progress');
      const question = p.check.questions[0] as InsertedCheck['questions'][number];
      return {
        method: 'POST',
        path: `${kcPath(t, p.check.id)}/responses/${responseId}/questions/${question.questionId}`,
        body: { choice_ids: [question.choices[1]] },
        checkId: p.check.id,
      };
    },
  },
  {
    name: 'GET knowledgechecks/{id}/preview',
    operation: 'previewKnowledgeCheck',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'GET', path: `${kcPath(t, p.check.id)}/preview?seed=5`, checkId: p.check.id };
    },
  },
  {
    name: 'GET knowledgechecks/{id}/print',
    operation: 'printKnowledgeCheck',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'GET', path: `${kcPath(t, p.check.id)}/print?number=2`, checkId: p.check.id };
    },
  },
  {
    name: 'GET knowledgechecks/{id}/assignable',
    operation: 'listKnowledgeCheckAssignable',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'GET', path: `${kcPath(t, p.check.id)}/assignable?search=a`, checkId: p.check.id };
    },
  },
  {
    name: 'GET knowledgechecks/{id}/assignments',
    operation: 'listKnowledgeCheckAssignments',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'GET', path: `${kcPath(t, p.check.id)}/assignments`, checkId: p.check.id };
    },
  },
  {
    name: 'POST knowledgechecks/{id}/assignments',
    operation: 'createKnowledgeCheckAssignments',
    own: authors(201),
    prepare: async (t) => {
      const p = await place(t);
      const group = await insertGroup(t.server, t.rowTenant.id);
      return { method: 'POST', path: `${kcPath(t, p.check.id)}/assignments`, body: { group_ids: [group] }, checkId: p.check.id };
    },
  },
  {
    name: 'DELETE knowledgechecks/{id}/assignments/{id}',
    operation: 'deleteKnowledgeCheckAssignment',
    own: authors(204),
    prepare: async (t) => {
      const p = await place(t);
      const now = new Date();
      const [assignment] = await t.server.app
        .knex('kc_assignments')
        .insert({
          id: crypto.randomUUID(),
          tenant_id: t.rowTenant.id,
          knowledge_check_id: p.check.id,
          tenant_user_id: t.peer.membershipId ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning('id');
      const id = typeof assignment === 'object' ? (assignment as { id: string }).id : String(assignment);
      return { method: 'DELETE', path: `${kcPath(t, p.check.id)}/assignments/${id}`, checkId: p.check.id };
    },
  },
  {
    name: 'GET reports/knowledgechecks/responses/{id}',
    operation: 'getKnowledgeCheckResponseReport',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t);
      const answers = p.check.questions.map((version) => ({ version, chosen: [version.choices[0] as string] }));
      const responseId = await insertSeededResponse(t.server, t.rowTenant.id, p.check.id, t.peer.membershipId as string, answers);
      return { method: 'GET', path: `${tenantPath(t)}/reports/knowledgechecks/responses/${responseId}`, checkId: p.check.id };
    },
  },
  {
    name: 'GET reports/knowledgechecks/{id}/item-analysis',
    operation: 'getKnowledgeCheckItemAnalysis',
    own: authors(200),
    prepare: async (t) => {
      const p = await place(t);
      return { method: 'GET', path: `${tenantPath(t)}/reports/knowledgechecks/${p.check.id}/item-analysis`, checkId: p.check.id };
    },
  },
];

interface Denial {
  status: number;
  code: string;
}

const CODES: Record<number, string> = { 403: 'forbidden', 404: 'not_found' };

function expected(operation: Operation, variant: Variant, actor: Actor | 'anonymous'): number | Denial {
  if (actor === 'anonymous') return { status: 401, code: 'unauthenticated' };
  // An invited person has not accepted: an outsider until then.
  if (actor === 'outsider' || actor === 'invited') return { status: 404, code: 'not_found' };
  if (actor === 'suspended') return { status: 403, code: 'membership_suspended' };
  if (actor === 'unconfirmed') return { status: 403, code: 'email_unconfirmed' };
  const table = variant === 'other' ? (operation.other ?? operation.own) : variant === 'hidden' ? (operation.hidden ?? operation.own) : operation.own;
  const status = table[actor];
  return status < 400 ? status : { status, code: CODES[status] as string };
}

describe.each(databaseKinds)('knowledge check permission matrix on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let world: World;
  let peer: Person;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    world = await buildWorld(server);
    peer = await person(server, { tenantId: world.home.id, role: 'user', name: 'Pat Peer' });
  });
  afterAll(() => context.cleanup());

  const send = (operation: Operation, call: Call, token: string | undefined) => {
    assertOperation(operation.operation, call);
    if (call.raw) return server.api.request(call.method, call.path, { token, raw: call.raw.text, headers: { 'Content-Type': call.raw.contentType } });
    return server.api.request(call.method, call.path, { token, json: call.body });
  };

  /** What a refused call must leave as it was. */
  const snapshot = async (checkId: string) => {
    const knex = server.app.knex;
    const questions = await knex('kc_questions').where('knowledge_check_id', checkId).orderBy('id');
    return {
      check: await knex('knowledge_checks').where('id', checkId).first(),
      questions,
      versions: await knex('kc_question_versions')
        .whereIn(
          'question_id',
          questions.map((question: { id: string }) => question.id),
        )
        .orderBy('id'),
      responses: await knex('kc_responses').where('knowledge_check_id', checkId).orderBy('id'),
      drawn: await knex('kc_response_questions as rq')
        .join('kc_responses as r', 'r.id', 'rq.response_id')
        .where('r.knowledge_check_id', checkId)
        .orderBy('rq.id')
        .select('rq.*'),
      assignments: await knex('kc_assignments').where('knowledge_check_id', checkId).orderBy('id'),
    };
  };

  describe.each(OPERATIONS)('$name', (operation) => {
    const variants: Variant[] = operation.response ? ['own', 'other', 'hidden'] : ['own', 'hidden'];
    describe.each(variants)('%s', (variant) => {
      it.each([...ACTORS, 'anonymous' as const])('as %s', async (actor) => {
        const caller = actor === 'anonymous' ? undefined : world.people[actor];
        const call = await operation.prepare({ server, world, peer, pathTenant: world.home, rowTenant: world.home, variant, memberId: caller?.membershipId });
        const before = await snapshot(call.checkId);
        const response = await send(operation, call, caller?.token);
        const outcome = expected(operation, variant, actor);
        if (typeof outcome === 'number') {
          expect(response.status, JSON.stringify(response.body)).toBe(outcome);
          if (operation.lists) {
            const listed = (response.body.data as { id: string }[]).some((row) => row.id === call.checkId);
            expect(listed, 'listed').toBe(variant !== 'hidden' || actor !== 'user');
          }
          return;
        }
        expect(response.status, JSON.stringify(response.body)).toBe(outcome.status);
        expect(response.body.code).toBe(outcome.code);
        expect(Object.keys(response.body).sort()).toEqual(['code', 'message']);
        expect(await snapshot(call.checkId)).toEqual(before);
      });
    });
  });

  describe("a master aiming at another organization's checks", () => {
    it.each(OPERATIONS)('$name answers 404 and changes nothing', async (operation) => {
      const call = await operation.prepare({ server, world, peer, pathTenant: world.home, rowTenant: world.other, variant: 'own', memberId: undefined });
      const before = await snapshot(call.checkId);
      const response = await send(operation, call, world.people.master.token);
      // A list answers the caller's own organization: the other's check is simply not in it.
      expect(response.status, JSON.stringify(response.body)).toBe(operation.lists ? 200 : 404);
      expect(JSON.stringify(response.body)).not.toContain(world.other.id);
      expect(JSON.stringify(response.body)).not.toContain(call.checkId);
      expect(await snapshot(call.checkId)).toEqual(before);
    });
  });
});
