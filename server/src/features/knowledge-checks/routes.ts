/**
 * Knowledge checks (knowledge-checks-and-bioreq.md sections 2-9, issue 11; ARCHITECTURE.md#knowledge-checks):
 * checks of topics and components, the versioned question bank, responses with their stored draw, preview, print
 * and assignments, under /tenants/{tenantId}. The reports are another feature's. Every call runs `inTenant`, then
 * its policy step, then its form; the check is looked up as the caller may see it (404 otherwise).
 */
import type { Context } from 'koa';
import { formCodeOf, kcForms, kcMessages, queryForms } from '@tessera/sdk/rules';
import { queueMail } from '../../jobs/mail.js';
import type { AppServices } from '../../context.js';
import { can } from '../../http/policy.js';
import { Routes } from '../../http/router.js';
import { accessOf, inTenant } from '../../http/tenant-access.js';
import { listBody, listParams } from '../../http/list-query.js';
import { inputOf, validate } from '../../http/validate.js';
import { knowledgeCheckAssignedEmail } from '../../mail/templates.js';
import { requireMembership } from '../content/policy.js';
import { viewerOf } from '../content/visibility.js';
import { assignable, createAssignments, deleteAssignment, learnerCheckUrl, listAssignments } from './assignments.js';
import { draw, newSeed } from './draw.js';
import { MY_CHECKS, myChecks } from './mine.js';
import { kcPolicy } from './policy.js';
import {
  presentAssignment,
  presentCheck,
  presentMyCheck,
  presentPreview,
  presentQuestion,
  presentResponse,
  presentResponseSummary,
  type CheckRow,
} from './presenter.js';
import * as responses from './responses.js';
import * as kc from './service.js';

const TENANT = '/tenants/:tenantId';
const TOPIC_KC = `${TENANT}/topics/:topicId/kc`;
const COMPONENT_KC = `${TENANT}/components/:componentId/knowledgechecks`;
const KC = `${TENANT}/knowledgechecks/:knowledgeCheckId`;
const RESPONSE = `${KC}/responses/:responseId`;

export function routes(services: AppServices): Routes {
  const router = new Routes();
  const { db, signer } = services;

  const viewer = (ctx: Context) => viewerOf(accessOf(ctx));
  const requireCheck = (ctx: Context) => kc.requireCheck(db, viewer(ctx), ctx.params.knowledgeCheckId);
  const isAuthor = (ctx: Context) => kcPolicy.allows(accessOf(ctx).role, 'questions');

  /** The check as the caller may read it: authors get the active bank with the key, learners never. */
  async function presentFor(ctx: Context, check: CheckRow) {
    if (!isAuthor(ctx)) return presentCheck(check);
    const bank = await kc.bankOf(db, check);
    const media = await kc.mediaOf(
      db,
      check.tenant_id,
      bank.flatMap((question) => (question.currentVersion ? [question.currentVersion] : [])),
    );
    const questions = bank.flatMap((question) => {
      const view = kc.bankView(question);
      return view ? [presentQuestion(view, true, media, signer)] : [];
    });
    return presentCheck(check, questions);
  }

  async function answerCheck(ctx: Context, id: string) {
    ctx.body = { data: await presentFor(ctx, await kc.requireCheck(db, viewer(ctx), id)) };
  }

  async function answerQuestion(ctx: Context, check: CheckRow, questionId: string) {
    const question = await kc.questionOf(db, check, questionId);
    const view = kc.bankView(question);
    if (!view) throw new Error('a question without a current version');
    const media = await kc.mediaOf(db, check.tenant_id, [view.version]);
    return presentQuestion(view, true, media, signer);
  }

  async function answerResponse(ctx: Context, check: CheckRow, memberId: string, responseId: string) {
    const response = await responses.readResponse(db, check, memberId, responseId);
    const media = await kc.mediaOf(
      db,
      check.tenant_id,
      response.questions.flatMap((entry) => (entry.version ? [entry.version] : [])),
    );
    return presentResponse(response, check, media, signer);
  }

  /** A draw of the active bank (preview and print): nothing stored. */
  async function drawnQuestions(check: CheckRow, count: number, seed: number, withKey: boolean) {
    const bank = (await kc.bankOf(db, check)).flatMap((question) => {
      const view = kc.bankView(question);
      return view ? [view] : [];
    });
    const drawn = draw(bank, count, seed);
    const media = await kc.mediaOf(
      db,
      check.tenant_id,
      drawn.map((view) => view.version),
    );
    return drawn.map((view, index) => presentQuestion({ ...view, order: index + 1 }, withKey, media, signer));
  }

  // Topic checks ------------------------------------------------------------------------------

  router.get(TOPIC_KC, inTenant, can(kcPolicy, 'view'), async (ctx) => {
    const check = await kc.checkOf(db, viewer(ctx), { topicId: ctx.params.topicId });
    ctx.body = { data: check ? await presentFor(ctx, check) : null };
  });

  router.post(TOPIC_KC, inTenant, can(kcPolicy, 'create'), validate(kcForms.topicKnowledgeCheckCreate), async (ctx) => {
    const input = inputOf(ctx, kcForms.topicKnowledgeCheckCreate);
    const id = await kc.createCheck(db, viewer(ctx), { topicId: ctx.params.topicId }, { instructions: input.instructions, number_questions: 10 });
    ctx.status = 201;
    await answerCheck(ctx, id);
  });

  router.get(`${TOPIC_KC}/:knowledgeCheckId`, inTenant, can(kcPolicy, 'view'), async (ctx) => {
    const check = await requireCheck(ctx);
    if (check.topic_id !== ctx.params.topicId) throw kcNotFound();
    ctx.body = { data: await presentFor(ctx, check) };
  });

  router.put(`${TOPIC_KC}/:knowledgeCheckId`, inTenant, can(kcPolicy, 'update'), validate(kcForms.topicKnowledgeCheckUpdate), async (ctx) => {
    const check = await requireCheck(ctx);
    if (check.topic_id !== ctx.params.topicId) throw kcNotFound();
    const input = inputOf(ctx, kcForms.topicKnowledgeCheckUpdate);
    kc.requireSameId('id', input.id, check.id, kcMessages.pathMismatch('id'));
    await kc.updateCheck(db, check, { instructions: input.instructions });
    await answerCheck(ctx, check.id);
  });

  // Component checks --------------------------------------------------------------------------

  router.get(COMPONENT_KC, inTenant, can(kcPolicy, 'view'), async (ctx) => {
    const check = await kc.checkOf(db, viewer(ctx), { componentId: ctx.params.componentId });
    ctx.body = { data: check ? await presentFor(ctx, check) : null };
  });

  router.post(COMPONENT_KC, inTenant, can(kcPolicy, 'create'), validate(kcForms.knowledgeCheckCreate), async (ctx) => {
    const input = inputOf(ctx, kcForms.knowledgeCheckCreate);
    const id = await kc.createCheck(db, viewer(ctx), { componentId: ctx.params.componentId }, input);
    ctx.status = 201;
    await answerCheck(ctx, id);
  });

  // One check ---------------------------------------------------------------------------------

  router.get(KC, inTenant, can(kcPolicy, 'view'), async (ctx) => {
    ctx.body = { data: await presentFor(ctx, await requireCheck(ctx)) };
  });

  router.put(KC, inTenant, can(kcPolicy, 'update'), validate(kcForms.knowledgeCheckUpdate), async (ctx) => {
    const check = await requireCheck(ctx);
    const input = inputOf(ctx, kcForms.knowledgeCheckUpdate);
    kc.requireSameId('id', input.id, check.id, kcMessages.pathMismatch('id'));
    await kc.updateCheck(db, check, input);
    await answerCheck(ctx, check.id);
  });

  // The question bank -------------------------------------------------------------------------

  router.get(`${KC}/questions/archived`, inTenant, can(kcPolicy, 'questions'), async (ctx) => {
    const check = await requireCheck(ctx);
    const archived = await kc.bankOf(db, check, true);
    const media = await kc.mediaOf(
      db,
      check.tenant_id,
      archived.flatMap((question) => (question.currentVersion ? [question.currentVersion] : [])),
    );
    ctx.body = {
      data: archived.flatMap((question, index) => {
        const view = kc.bankView(question);
        return view ? [presentQuestion({ ...view, order: index + 1 }, true, media, signer)] : [];
      }),
    };
  });

  router.post(`${KC}/questions`, inTenant, can(kcPolicy, 'questions'), validate(kcForms.knowledgeCheckQuestion), async (ctx) => {
    const check = await requireCheck(ctx);
    const id = await kc.createQuestion(db, check, inputOf(ctx, kcForms.knowledgeCheckQuestion));
    ctx.status = 201;
    ctx.body = { data: await answerQuestion(ctx, check, id) };
  });

  router.put(`${KC}/questions/order`, inTenant, can(kcPolicy, 'questions'), validate(kcForms.knowledgeCheckQuestionOrder), async (ctx) => {
    const check = await requireCheck(ctx);
    await kc.reorderQuestions(db, check, inputOf(ctx, kcForms.knowledgeCheckQuestionOrder).questions);
    const bank = await kc.bankOf(db, check);
    const media = await kc.mediaOf(
      db,
      check.tenant_id,
      bank.flatMap((question) => (question.currentVersion ? [question.currentVersion] : [])),
    );
    ctx.body = {
      data: bank.flatMap((question) => {
        const view = kc.bankView(question);
        return view ? [presentQuestion(view, true, media, signer)] : [];
      }),
    };
  });

  router.put(`${KC}/questions/:questionId`, inTenant, can(kcPolicy, 'questions'), validate(kcForms.knowledgeCheckQuestion), async (ctx) => {
    const check = await requireCheck(ctx);
    await kc.updateQuestion(db, check, ctx.params.questionId, inputOf(ctx, kcForms.knowledgeCheckQuestion));
    ctx.body = { data: await answerQuestion(ctx, check, ctx.params.questionId) };
  });

  router.delete(`${KC}/questions/:questionId`, inTenant, can(kcPolicy, 'questions'), async (ctx) => {
    await kc.archiveQuestion(db, await requireCheck(ctx), ctx.params.questionId);
    ctx.status = 204;
  });

  router.put(`${KC}/questions/:questionId/restore`, inTenant, can(kcPolicy, 'questions'), async (ctx) => {
    const check = await requireCheck(ctx);
    await kc.restoreQuestion(db, check, ctx.params.questionId);
    ctx.body = { data: await answerQuestion(ctx, check, ctx.params.questionId) };
  });

  // My Knowledge Checks ------------------------------------------------------------------------

  router.get(`${TENANT}/knowledgechecks/mine`, inTenant, can(kcPolicy, 'respond'), validate(queryForms.listMyKnowledgeChecks, 'query'), async (ctx) => {
    const access = accessOf(ctx);
    requireMembership(access);
    const params = listParams(inputOf(ctx, queryForms.listMyKnowledgeChecks), MY_CHECKS);
    ctx.body = listBody(await myChecks(db, viewerOf(access), params), presentMyCheck);
  });

  // Responses (the caller's own) --------------------------------------------------------------

  router.get(`${KC}/responses`, inTenant, can(kcPolicy, 'respond'), async (ctx) => {
    const check = await requireCheck(ctx);
    const memberId = requireMembership(accessOf(ctx));
    ctx.body = { data: (await responses.listResponses(db, check, memberId)).map(presentResponseSummary) };
  });

  router.post(`${KC}/responses`, inTenant, can(kcPolicy, 'respond'), async (ctx) => {
    const check = await requireCheck(ctx);
    const memberId = requireMembership(accessOf(ctx));
    const { id, created } = await responses.createResponse(db, check, memberId);
    ctx.status = created ? 201 : 200;
    ctx.body = { data: await answerResponse(ctx, check, memberId, id) };
  });

  router.get(RESPONSE, inTenant, can(kcPolicy, 'respond'), async (ctx) => {
    const check = await requireCheck(ctx);
    const memberId = requireMembership(accessOf(ctx));
    ctx.body = { data: await answerResponse(ctx, check, memberId, ctx.params.responseId) };
  });

  router.put(`${RESPONSE}/start`, inTenant, can(kcPolicy, 'respond'), async (ctx) => {
    const check = await requireCheck(ctx);
    const memberId = requireMembership(accessOf(ctx));
    await responses.startResponse(db, check, memberId, ctx.params.responseId);
    ctx.body = { data: await answerResponse(ctx, check, memberId, ctx.params.responseId) };
  });

  router.put(`${RESPONSE}/complete`, inTenant, can(kcPolicy, 'respond'), async (ctx) => {
    const check = await requireCheck(ctx);
    const memberId = requireMembership(accessOf(ctx));
    await responses.completeResponse(db, services.jobs, check, memberId, ctx.params.responseId);
    ctx.body = { data: await answerResponse(ctx, check, memberId, ctx.params.responseId) };
  });

  router.post(`${RESPONSE}/questions/:questionId`, inTenant, can(kcPolicy, 'respond'), validate(kcForms.knowledgeCheckAnswer), async (ctx) => {
    const check = await requireCheck(ctx);
    const memberId = requireMembership(accessOf(ctx));
    const input = inputOf(ctx, kcForms.knowledgeCheckAnswer);
    kc.requireSameId('question_id', input.question_id, ctx.params.questionId, kcMessages.pathMismatch('question_id'));
    kc.requireSameId(
      'knowledge_check_response_id',
      input.knowledge_check_response_id,
      ctx.params.responseId,
      kcMessages.pathMismatch('knowledge_check_response_id'),
    );
    const saved = await responses.saveAnswer(db, check, memberId, ctx.params.responseId, ctx.params.questionId, input.choice_ids);
    ctx.body = { data: { ...saved, is_correct: null } };
  });

  // Preview and print (authors) ---------------------------------------------------------------

  router.get(`${KC}/preview`, inTenant, can(kcPolicy, 'preview'), validate(kcForms.knowledgeCheckPreviewQuery, 'query'), async (ctx) => {
    const check = await requireCheck(ctx);
    const seed = inputOf(ctx, kcForms.knowledgeCheckPreviewQuery).seed ?? newSeed();
    ctx.body = { data: presentPreview(check, await drawnQuestions(check, check.number_questions, seed, false)) };
  });

  router.get(`${KC}/print`, inTenant, can(kcPolicy, 'print'), validate(kcForms.knowledgeCheckPrintQuery, 'query'), async (ctx) => {
    const check = await requireCheck(ctx);
    const input = inputOf(ctx, kcForms.knowledgeCheckPrintQuery);
    const seed = input.form ?? newSeed();
    ctx.body = { data: { form: formCodeOf(seed), number: input.number, questions: await drawnQuestions(check, input.number, seed, true) } };
  });

  // Assignments (authors) ---------------------------------------------------------------------

  router.get(`${KC}/assignable`, inTenant, can(kcPolicy, 'assign'), validate(queryForms.listKnowledgeCheckAssignable, 'query'), async (ctx) => {
    const check = await requireCheck(ctx);
    ctx.body = { data: await assignable(db, check.tenant_id, inputOf(ctx, queryForms.listKnowledgeCheckAssignable).search) };
  });

  router.get(`${KC}/assignments`, inTenant, can(kcPolicy, 'assign'), async (ctx) => {
    const check = await requireCheck(ctx);
    ctx.body = { data: (await listAssignments(db, check)).map(({ row, assignees }) => presentAssignment(row, assignees)) };
  });

  router.post(`${KC}/assignments`, inTenant, can(kcPolicy, 'assign'), validate(kcForms.knowledgeCheckAssignment), async (ctx) => {
    const access = accessOf(ctx);
    const check = await requireCheck(ctx);
    const input = inputOf(ctx, kcForms.knowledgeCheckAssignment);
    const url = learnerCheckUrl(services.config.publicUrl, access.tenant.slug, check);
    const dueDateTime = input.due_date_time ? input.due_date_time.toISOString() : null;
    // The assignments and their mails commit together (the mails are queued, jobs/queue.ts).
    const ids = await db.transaction(async (tx) => {
      const created = await createAssignments(tx, check, access.user.id, input);
      const mail = { check: check.name, organization: access.tenant.name, dueDateTime, url };
      for (const assignee of created.assignees) await queueMail(services, tx, knowledgeCheckAssignedEmail(assignee.email, assignee.name, mail));
      return created.ids;
    });
    ctx.status = 201;
    ctx.body = { data: (await listAssignments(db, check, ids)).map(({ row, assignees: list }) => presentAssignment(row, list)) };
  });

  router.delete(`${KC}/assignments/:assignmentId`, inTenant, can(kcPolicy, 'assign'), async (ctx) => {
    await deleteAssignment(db, await requireCheck(ctx), ctx.params.assignmentId);
    ctx.status = 204;
  });

  return router;
}

function kcNotFound() {
  return kc.checkNotFoundError();
}
