/**
 * Every webhook event, from the change that causes it to a receiver (features/webhooks, events/): each body matches
 * its schema in the contract (`WebhookEvent`), is signed (checked with the official `standardwebhooks` package) and
 * names the right member, check, document or topic.
 */
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENT_TYPES } from '@tessera/sdk/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAssignmentReminders } from '../src/features/knowledge-checks/reminders.js';
import { uploadDocument } from './support/bioreq.js';
import { assertSchema } from './support/contract.js';
import { insertItem, insertTree } from './support/content.js';
import { insertCheck, insertResponse, put } from './support/knowledge-checks.js';
import { del, insertAccessRequest, insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { createUser, databaseKinds, startTestServer, type TestContext, type TestServer } from './support/server.js';
import { until } from './support/until.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

interface Event {
  type: string;
  tenant_id: string;
  data: Record<string, unknown>;
}

describe.each(databaseKinds)('webhook events on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let receiver: Receiver;
  let tenant: TenantFixture;
  let master: Person;
  let learner: Person;
  let secret: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    context = await startTestServer(kind, {
      webhooks: { allowedHosts: ['127.0.0.1'], retryDelaysMs: [100], disableAfterMs: 3_600_000, timeoutMs: 2000, rotationOverlapMs: 1000 },
    });
    server = context.server;
    tenant = await insertTenant(server, { enableBioreq: true });
    master = await person(server, { tenantId: tenant.id, role: 'master', name: 'Mia Master' });
    learner = await person(server, { tenantId: tenant.id, role: 'user', name: 'Lena Learner' });
    const endpoint = await server.api.post(
      `/tenants/${tenant.id}/webhooks`,
      { url: `${receiver.url}/events`, events: WEBHOOK_EVENT_TYPES },
      { token: master.token },
    );
    expect(endpoint.status).toBe(201);
    secret = endpoint.body.data.secret;
  });
  afterAll(async () => {
    await context.cleanup();
    await receiver.close();
  });

  /** The next event of `type` the receiver gets after `since` requests, verified and held to the contract. */
  async function nextEvent(type: string, since: number): Promise<Event> {
    let found: Event | undefined;
    await until(
      `a ${type} event`,
      () => {
        const request = receiver.received.slice(since).find((entry) => (JSON.parse(entry.body) as Event).type === type);
        if (request) found = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as Event;
        return found !== undefined;
      },
      5000,
    );
    assertSchema('WebhookEvent', found);
    expect(found!.tenant_id).toBe(tenant.id);
    return found!;
  }

  const memberOf = (someone: Person) => ({ id: someone.membershipId, user_id: someone.user.id, name: someone.user.name, email: someone.user.email });

  it('member.suspended, member.removed and member.joined (restored) as a master changes a membership', async () => {
    const someone = await person(server, { tenantId: tenant.id, role: 'admin', name: 'Sid Someone' });
    const path = `/tenants/${tenant.id}/tenant-users/${someone.membershipId}`;
    let since = receiver.received.length;
    expect((await server.api.patch(path, { is_active: false }, { token: master.token })).status).toBe(200);
    expect((await nextEvent('member.suspended', since)).data).toEqual({ member: memberOf(someone), role: 'admin' });
    since = receiver.received.length;
    expect((await del(server, path, master.token)).status).toBe(200);
    expect((await nextEvent('member.removed', since)).data).toEqual({ member: memberOf(someone), role: 'admin' });
    since = receiver.received.length;
    expect((await server.api.patch(path, { is_deleted: false }, { token: master.token })).status).toBe(200);
    expect((await nextEvent('member.joined', since)).data).toEqual({ member: memberOf(someone), role: 'admin' });
  });

  it('member.joined when an access request is approved', async () => {
    const user = await createUser(server, { name: 'Ada Asker' });
    const request = await insertAccessRequest(server, tenant.id, user.id);
    const since = receiver.received.length;
    const approved = await server.api.patch(`/tenants/${tenant.id}/access-requests/${request}`, { status: 'approved' }, { token: master.token });
    expect(approved.status).toBe(200);
    const event = await nextEvent('member.joined', since);
    expect(event.data).toMatchObject({ role: 'user', member: { user_id: user.id, name: 'Ada Asker', email: user.email } });
  });

  it('procedure.completed when the last procedure row of a topic is ticked, once', async () => {
    const { moduleId, componentId, topicId } = await insertTree(server, tenant.id, [learner.membershipId!]);
    const first = await insertItem(server, tenant.id, topicId, { position: 0, procedure: true });
    const second = await insertItem(server, tenant.id, topicId, { position: 1, procedure: true });
    const tick = (item: string) => server.api.post(`/tenants/${tenant.id}/topics/${topicId}/items/completed/${item}`, undefined, { token: learner.token });
    const since = receiver.received.length;
    expect((await tick(first)).status).toBe(200);
    expect((await tick(second)).status).toBe(200);
    // Ticking a ticked row again completes nothing new.
    expect((await tick(second)).status).toBe(200);
    const event = await nextEvent('procedure.completed', since);
    expect(event.data).toMatchObject({ topic: { id: topicId }, module_id: moduleId, component_id: componentId, member: memberOf(learner) });
    await server.app.services.jobs.settled();
    const completions = receiver.received.slice(since).filter((entry) => (JSON.parse(entry.body) as Event).type === 'procedure.completed');
    expect(completions).toHaveLength(1);
  });

  it('knowledge_check.response.completed with the score when a learner completes a check', async () => {
    const { componentId } = await insertTree(server, tenant.id, [learner.membershipId!]);
    const check = await insertCheck(server, tenant.id, { componentId }, { questions: 2, number: 2 });
    const responseId = await insertResponse(server, tenant.id, check, learner.membershipId!, 'in-progress', true);
    const since = receiver.received.length;
    const done = await put(server, `/tenants/${tenant.id}/knowledgechecks/${check.id}/responses/${responseId}/complete`, {}, learner.token);
    expect(done.status).toBe(200);
    const event = await nextEvent('knowledge_check.response.completed', since);
    expect(event.data).toMatchObject({
      response_id: responseId,
      knowledge_check: { id: check.id },
      member: memberOf(learner),
      attempt: 1,
      score: 100,
      correct_answers: 2,
      incorrect_answers: 0,
    });
  });

  it('knowledge_check.assignment.overdue once, when the assigner is told', async () => {
    const { componentId } = await insertTree(server, tenant.id, [learner.membershipId!]);
    const check = await insertCheck(server, tenant.id, { componentId }, { questions: 2, number: 2 });
    const responseId = await insertResponse(server, tenant.id, check, learner.membershipId!, 'assigned');
    const assignment = crypto.randomUUID();
    const due = new Date(Date.now() - 3_600_000);
    await server.app.knex('kc_assignments').insert({
      id: assignment,
      tenant_id: tenant.id,
      knowledge_check_id: check.id,
      assigned_by_user_id: master.user.id,
      due_date_time: due,
      created_at: new Date(),
    });
    await server.app.knex('kc_responses').where('id', responseId).update({ assignment_id: assignment, due_date_time: due });
    const since = receiver.received.length;
    expect((await sendAssignmentReminders(server.app.services)).overdue).toBe(1);
    const event = await nextEvent('knowledge_check.assignment.overdue', since);
    expect(event.data).toMatchObject({
      response_id: responseId,
      knowledge_check: { id: check.id },
      member: memberOf(learner),
      due_date_time: due.toISOString(),
    });
    expect((await sendAssignmentReminders(server.app.services)).overdue).toBe(0);
  });

  it('bioreq.document.decided with the verdict and the reviewer', async () => {
    const documentId = await uploadDocument(server, tenant.id, learner.token);
    // Under review, as a reviewer's first download leaves it.
    await server.app
      .knex('bioreq_documents')
      .where('id', documentId)
      .update({ status: 'underreview', reviewer_user_id: master.user.id, downloaded_at: new Date() });
    const since = receiver.received.length;
    const decided = await server.api.post(
      `/tenants/${tenant.id}/bioreq/${documentId}/match`,
      { match: true, message: 'The name matches the passport.' },
      { token: master.token },
    );
    expect(decided.status).toBe(200);
    const event = await nextEvent('bioreq.document.decided', since);
    expect(event.data).toMatchObject({
      document_id: documentId,
      status: 'match',
      member: memberOf(learner),
      reviewer: { id: master.user.id, name: 'Mia Master' },
    });
  });
});
