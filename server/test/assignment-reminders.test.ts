/**
 * Assignment reminders (issue 34): a learner is reminded once when an assigned check is due within a day, the
 * assigner is told once when it passed its due date uncompleted; completed, archived or far-off ones get nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAssignmentReminders } from '../src/features/knowledge-checks/reminders.js';
import { insertComponent, insertModule } from './support/content.js';
import { checkWithBank } from './support/knowledge-checks.js';
import { insertTenant, person, type Person, type TenantFixture } from './support/people.js';
import { databaseKinds, jobsSettled, readOutbox, startTestServer, type TestContext, type TestServer } from './support/server.js';

const HOUR = 3_600_000;

describe.each(databaseKinds)('assignment reminders on %s', (kind) => {
  let context: TestContext;
  let server: TestServer;
  let tenant: TenantFixture;
  let admin: Person;
  let moduleId: string;

  beforeAll(async () => {
    context = await startTestServer(kind);
    server = context.server;
    tenant = await insertTenant(server);
    admin = await person(server, { tenantId: tenant.id, role: 'admin', name: 'Adam Admin' });
    moduleId = await insertModule(server, tenant.id);
  });
  afterAll(() => context?.cleanup());

  /** A check assigned to a new learner, due `dueInMs` from now; answers the learner and the check. */
  async function assigned(name: string, dueInMs: number) {
    const learner = await person(server, { tenantId: tenant.id, role: 'user', name });
    await server.app.knex('module_tenant_users').insert({ module_id: moduleId, tenant_user_id: learner.membershipId, created_at: new Date() });
    const componentId = await insertComponent(server, tenant.id, moduleId);
    const check = await checkWithBank(server, tenant.id, componentId, admin.token, 2, 2);
    // Due in a week when assigned (the contract's rule for a new assignment), then moved to the case under test.
    const due = new Date(Date.now() + 7 * 24 * HOUR).toISOString();
    const created = await server.api.post(
      `/tenants/${tenant.id}/knowledgechecks/${check}/assignments`,
      { tenant_user_ids: [learner.membershipId], group_ids: [], due_date_time: due },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    await server.app
      .knex('kc_responses')
      .where({ knowledge_check_id: check })
      .update({ due_date_time: new Date(Date.now() + dueInMs).toISOString() });
    return { learner, check, componentId };
  }

  const mailsTo = (email: string, subject: RegExp) => readOutbox(context.dataDir).filter((mail) => mail.to === email && subject.test(mail.subject));

  it('reminds the learner once when the check is due within a day, and tells the assigner once when it is overdue', async () => {
    const soon = await assigned('Sally Soon', 6 * HOUR);
    const late = await assigned('Larry Late', -2 * HOUR);
    const later = await assigned('Fred Far', 3 * 24 * HOUR);
    await jobsSettled(server);

    expect(await sendAssignmentReminders(server.app.services)).toEqual({ reminded: 1, overdue: 1 });
    await jobsSettled(server);
    const reminder = mailsTo(soon.learner.user.email, /due soon/);
    expect(reminder).toHaveLength(1);
    expect(reminder[0].text).toContain('is due by');
    expect(reminder[0].links[0]).toContain(`/knowledgecheck/${soon.check}`);
    const notice = mailsTo(admin.user.email, /overdue: Larry Late/);
    expect(notice).toHaveLength(1);
    expect(notice[0].text).toContain('Larry Late has not completed the knowledge check');
    expect(mailsTo(later.learner.user.email, /due soon/)).toEqual([]);
    expect(mailsTo(late.learner.user.email, /due soon/)).toEqual([]);

    // A second run, and the job the server schedules, send nothing more.
    expect(await sendAssignmentReminders(server.app.services)).toEqual({ reminded: 0, overdue: 0 });
    await server.app.services.jobs.enqueueOncePer('assignment-reminders', 1000);
    await jobsSettled(server);
    expect(mailsTo(soon.learner.user.email, /due soon/)).toHaveLength(1);
    expect(mailsTo(admin.user.email, /overdue: Larry Late/)).toHaveLength(1);
  });

  it('reminds nobody of a completed response, an archived component or a removed member', async () => {
    const done = await assigned('Carla Complete', 6 * HOUR);
    await server.app
      .knex('kc_responses')
      .where({ knowledge_check_id: done.check })
      .update({ status: 'completed', completed_date_time: new Date().toISOString() });
    const archived = await assigned('Archie Archived', -HOUR);
    await server.app.knex('components').where({ id: archived.componentId }).update({ deleted_at: new Date().toISOString() });
    const removed = await assigned('Rita Removed', 6 * HOUR);
    await server.app.knex('tenant_users').where({ id: removed.learner.membershipId }).update({ deleted_at: new Date().toISOString() });
    await jobsSettled(server);

    expect(await sendAssignmentReminders(server.app.services)).toEqual({ reminded: 0, overdue: 0 });
  });
});
