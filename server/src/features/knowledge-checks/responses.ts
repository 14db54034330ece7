/**
 * Responses (ARCHITECTURE.md#knowledge-checks): the draw stored when a response goes in progress, answers, and
 * scoring on completion. A response reads only the versions it drew; the draw is never made again. One in-progress
 * response per member and check, held by the database's partial unique index: a lost race answers the existing one.
 * A member's responses are reached through the check (found in the organization) and the member.
 */
import { kcMessages } from '@tessera/sdk/rules';
import type { Database, TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import type { Query } from '../../db/query.js';
import { isUniqueViolation } from '../../db/values.js';
import { chunks } from '../../db/relations.js';
import { HttpError, notFound, validationFailed } from '../../http/errors.js';
import { webhookMember } from '../../events/members.js';
import { publishEvent } from '../../events/publish.js';
import type { JobQueue } from '../../jobs/queue.js';
import { draw, newSeed } from './draw.js';
import { answerTarget, writeAnswer } from './hot.js';
import { KcAnswerChoice, KcQuestion, KcQuestionVersion, KcResponse, KcResponseQuestion, type ResponseView, type Row } from './models.js';
import { kcMessagesServer } from './policy.js';
import type { CheckRow, ResponseSummaryRow } from './presenter.js';
import { groupBy, maxOf, rowsWhereIn, versionsWithChoices } from './service.js';

const conflict = (
  code: 'no_questions' | 'response_not_assigned' | 'response_in_progress' | 'response_not_started' | 'response_completed' | 'unanswered_questions',
  message: string,
) => new HttpError(409, code, message);

interface BankEntry {
  question_id: string;
  version_id: string;
}

/** The active bank's current versions in bank order: what a draw picks from. */
function drawableBank(org: TenantDatabase, checkId: string): Promise<BankEntry[]> {
  return org.rows<BankEntry>(
    org
      .reached('kc_questions')
      .where('knowledge_check_id', checkId)
      .whereNull('archived_at')
      .whereNotNull('current_version_id')
      .orderBy('position')
      .orderBy('id')
      .select('id as question_id', 'current_version_id as version_id'),
  );
}

/** Stores a draw for a response and marks the drawn versions: from now on an edit of them writes a new version. */
async function storeDraw(org: TenantDatabase, responseId: string, drawn: BankEntry[]): Promise<void> {
  const rows = drawn.map((entry, index) => ({
    id: newId(),
    response_id: responseId,
    question_id: entry.question_id,
    question_version_id: entry.version_id,
    position: index + 1,
    answered_at: null,
    is_correct: null,
  }));
  await org.insertRows(KcResponseQuestion, rows);
  const versions = [...new Set(drawn.map((entry) => entry.version_id))];
  for (const part of chunks(versions)) await org.write(KcQuestionVersion).whereIn('id', part).where('drawn', false).patch({ drawn: true });
}

/** The member's responses to the check. */
function responsesOf(org: TenantDatabase, checkId: string, memberId: string): Query {
  return org.reached('kc_responses').where({ knowledge_check_id: checkId, tenant_user_id: memberId });
}

async function nextAttempt(org: TenantDatabase, checkId: string, memberId: string): Promise<number> {
  return ((await maxOf(org, responsesOf(org, checkId, memberId), 'attempt')) ?? 0) + 1;
}

async function inProgressOf(org: TenantDatabase, checkId: string, memberId: string): Promise<string | undefined> {
  const row = await org.row<{ id: string }>(
    org.reached('kc_responses').where({ knowledge_check_id: checkId, tenant_user_id: memberId, status: 'in-progress' }).select('id'),
  );
  return row?.id;
}

/**
 * Creates an in-progress response with its draw, or answers the member's in-progress one (`created` false), also
 * when another request created it meanwhile (the unique index refuses the second).
 */
export async function createResponse(db: Database, check: CheckRow, memberId: string): Promise<{ id: string; created: boolean }> {
  const existing = await inProgressOf(db.inTenant(check.tenant_id), check.id, memberId);
  if (existing) return { id: existing, created: false };
  const id = newId();
  try {
    await db.inTenant(check.tenant_id).transaction(async (org) => {
      const bank = await drawableBank(org, check.id);
      if (bank.length === 0) throw conflict('no_questions', kcMessagesServer.noQuestions);
      const seed = newSeed();
      const now = new Date().toISOString();
      await org.write(KcResponse).insert({
        id,
        knowledge_check_id: check.id,
        tenant_user_id: memberId,
        assignment_id: null,
        status: 'in-progress',
        seed,
        attempt: await nextAttempt(org, check.id, memberId),
        started_at: now,
        created_at: now,
        updated_at: now,
      });
      await storeDraw(org, id, draw(bank, check.number_questions, seed));
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await inProgressOf(db.inTenant(check.tenant_id), check.id, memberId);
    if (!winner) throw error;
    return { id: winner, created: false };
  }
  return { id, created: true };
}

async function requireOwnResponse(
  org: TenantDatabase,
  check: CheckRow,
  memberId: string,
  responseId: string,
): Promise<Pick<KcResponse, 'id' | 'status' | 'seed' | 'attempt'>> {
  const row = await org.row<Pick<KcResponse, 'id' | 'status' | 'seed' | 'attempt'>>(
    org.reached('kc_responses').where({ id: responseId, knowledge_check_id: check.id, tenant_user_id: memberId }).select('id', 'status', 'seed', 'attempt'),
    KcResponse,
  );
  if (!row) throw notFound(kcMessagesServer.responseNotFound);
  return row;
}

/** An assigned response goes in progress: it draws now, with the seed it was given when assigned. */
export async function startResponse(db: Database, check: CheckRow, memberId: string, responseId: string): Promise<void> {
  try {
    await db.inTenant(check.tenant_id).transaction(async (org) => {
      const response = await requireOwnResponse(org, check, memberId, responseId);
      if (response.status !== 'assigned') throw conflict('response_not_assigned', kcMessagesServer.notAssigned);
      if (await inProgressOf(org, check.id, memberId)) throw conflict('response_in_progress', kcMessagesServer.inProgress);
      const bank = await drawableBank(org, check.id);
      if (bank.length === 0) throw conflict('no_questions', kcMessagesServer.noQuestions);
      const now = new Date().toISOString();
      const changed = await org
        .write(KcResponse)
        .where({ id: response.id, status: 'assigned' })
        .patch({ status: 'in-progress', started_at: now, updated_at: now });
      if (changed === 0) throw conflict('response_not_assigned', kcMessagesServer.notAssigned);
      await storeDraw(org, response.id, draw(bank, check.number_questions, response.seed));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('response_in_progress', kcMessagesServer.inProgress);
    throw error;
  }
}

function refuseUnlessInProgress(status: string): void {
  if (status === 'assigned') throw conflict('response_not_started', kcMessagesServer.notStarted);
  if (status === 'completed') throw conflict('response_completed', kcMessagesServer.completed);
}

export interface SavedAnswer {
  id: string;
  question_id: string;
  knowledge_check_response_id: string;
  choice_ids: string[];
}

/**
 * Saves one drawn question's chosen choices (replacing an earlier save). Queries: the response with the drawn
 * question, its version and how many of the chosen ids are its choices (one compiled read, on SQLite's read
 * connection), then the write (three compiled writes in a transaction: the hot write of a learner's check),
 * whatever the bank's, the draw's or the choices' size (hot.ts).
 */
export async function saveAnswer(
  db: Database,
  check: CheckRow,
  memberId: string,
  responseId: string,
  questionId: string,
  choiceIds: string[],
): Promise<SavedAnswer> {
  const row = await answerTarget(db, { tenantId: check.tenant_id, responseId, checkId: check.id, memberId, questionId, choiceIds: JSON.stringify(choiceIds) });
  if (!row) throw notFound(kcMessagesServer.responseNotFound);
  refuseUnlessInProgress(row.status);
  if (!row.rq_id || !row.version_id) throw notFound(kcMessagesServer.questionNotFound);
  if (row.found !== choiceIds.length) throw validationFailed({ choice_ids: [kcMessages.choiceOfQuestion] });
  if (row.type === 'radio' && choiceIds.length !== 1) throw validationFailed({ choice_ids: [kcMessages.radioOneChoice] });
  const rqId = row.rq_id;
  if (!(await writeAnswer(db, { tenantId: check.tenant_id, rqId, responseId, choiceIds }))) throw conflict('response_completed', kcMessagesServer.completed);
  return { id: rqId, question_id: questionId, knowledge_check_response_id: responseId, choice_ids: choiceIds };
}

/** correct ÷ drawn × 100, kept with two decimals. */
export function scoreOf(correct: number, drawn: number): number {
  return drawn === 0 ? 0 : Math.round((correct * 10_000) / drawn) / 100;
}

interface ChoiceOfDrawn {
  rq_id: string;
  choice_id: string;
}

/**
 * Scores a response on the server: a question is correct when the chosen set equals its drawn version's answer
 * set exactly. Refused (409) while a drawn question is unanswered.
 */
export async function completeResponse(db: Database, jobs: JobQueue, check: CheckRow, memberId: string, responseId: string): Promise<void> {
  await db.inTenant(check.tenant_id).transaction(async (org) => {
    const response = await requireOwnResponse(org, check, memberId, responseId);
    refuseUnlessInProgress(response.status);
    const drawn = await org.rows<Pick<KcResponseQuestion, 'id' | 'answered_at'>>(
      org.reached('kc_response_questions').where('response_id', response.id).select('id', 'answered_at'),
      KcResponseQuestion,
    );
    if (drawn.some((entry) => entry.answered_at === null)) throw conflict('unanswered_questions', kcMessagesServer.unanswered);
    const keys = await org.rows<ChoiceOfDrawn>(
      org
        .reached('kc_response_questions as rq')
        .join('kc_choices as c', 'c.question_version_id', 'rq.question_version_id')
        .where('rq.response_id', response.id)
        .where('c.is_answer', true)
        .select('rq.id as rq_id', 'c.id as choice_id'),
    );
    const chosen = await org.rows<ChoiceOfDrawn>(
      org
        .reached('kc_answer_choices as ac')
        .join('kc_response_questions as rq', 'rq.id', 'ac.response_question_id')
        .where('rq.response_id', response.id)
        .select('ac.response_question_id as rq_id', 'ac.choice_id'),
    );
    const setsOf = (rows: ChoiceOfDrawn[]) => {
      const sets = new Map<string, Set<string>>();
      for (const row of rows) {
        const set = sets.get(row.rq_id) ?? new Set<string>();
        set.add(row.choice_id);
        sets.set(row.rq_id, set);
      }
      return sets;
    };
    const keySets = setsOf(keys);
    const chosenSets = setsOf(chosen);
    const same = (a: Set<string> | undefined, b: Set<string> | undefined) => (a?.size ?? 0) === (b?.size ?? 0) && [...(a ?? [])].every((id) => b?.has(id));
    const correct = drawn.filter((entry) => same(keySets.get(entry.id), chosenSets.get(entry.id))).map((entry) => entry.id);
    const correctSet = new Set(correct);
    const incorrect = drawn.filter((entry) => !correctSet.has(entry.id)).map((entry) => entry.id);
    for (const part of chunks(correct)) await org.write(KcResponseQuestion).whereIn('id', part).patch({ is_correct: true });
    for (const part of chunks(incorrect)) await org.write(KcResponseQuestion).whereIn('id', part).patch({ is_correct: false });
    const now = new Date().toISOString();
    const score = scoreOf(correct.length, drawn.length);
    const changed = await org.write(KcResponse).where({ id: response.id, status: 'in-progress' }).patch({
      status: 'completed',
      completed_date_time: now,
      correct_answers: correct.length,
      incorrect_answers: incorrect.length,
      score,
      updated_at: now,
    });
    if (changed === 0) throw conflict('response_completed', kcMessagesServer.completed);
    await publishEvent(jobs, org, 'knowledge_check.response.completed', async () => ({
      response_id: response.id,
      knowledge_check: { id: check.id, name: check.name },
      member: await webhookMember(org, memberId),
      attempt: response.attempt,
      score,
      correct_answers: correct.length,
      incorrect_answers: incorrect.length,
      completed_at: now,
    }));
  });
}

const RESPONSE_COLUMNS = [
  'id',
  'tenant_id',
  'knowledge_check_id',
  'tenant_user_id',
  'assignment_id',
  'status',
  'seed',
  'attempt',
  'due_date_time',
  'started_at',
  'completed_date_time',
  'correct_answers',
  'incorrect_answers',
  'score',
  'created_at',
  'updated_at',
];
const DRAWN_COLUMNS = ['id', 'tenant_id', 'response_id', 'question_id', 'question_version_id', 'position', 'answered_at', 'is_correct'];

/**
 * One of the member's responses with its draw and answers, one query per level whatever the draw's size: the
 * response, its drawn questions in order, then their versions (and the versions' choices), their questions and the
 * chosen choices.
 */
export async function readResponse(db: Database, check: CheckRow, memberId: string, responseId: string): Promise<ResponseView> {
  const org = db.inTenant(check.tenant_id);
  // By its key: at most one row.
  const [response] = await org.rows<Row<KcResponse>>(
    org.reached('kc_responses').where({ id: responseId, knowledge_check_id: check.id, tenant_user_id: memberId }).select(RESPONSE_COLUMNS),
    KcResponse,
  );
  if (!response) throw notFound(kcMessagesServer.responseNotFound);
  const drawn = await org.rows<Row<KcResponseQuestion>>(
    org.reached('kc_response_questions').where('response_id', response.id).orderBy('position').select(DRAWN_COLUMNS),
    KcResponseQuestion,
  );
  if (drawn.length === 0) return { ...response, questions: [] };
  const [versions, questions, answerChoices] = await Promise.all([
    versionsWithChoices(
      org,
      drawn.map((entry) => entry.question_version_id),
    ),
    rowsWhereIn<Pick<KcQuestion, 'id' | 'archived_at'>>(
      org,
      'kc_questions',
      'id',
      drawn.map((entry) => entry.question_id),
      { columns: ['id', 'archived_at'], kinds: KcQuestion },
    ),
    rowsWhereIn<Pick<KcAnswerChoice, 'response_question_id' | 'choice_id'>>(
      org,
      'kc_answer_choices',
      'response_question_id',
      drawn.map((entry) => entry.id),
      { columns: ['response_question_id', 'choice_id'], kinds: KcAnswerChoice },
    ),
  ]);
  const questionById = new Map(questions.map((question) => [question.id, question]));
  const choicesByDrawn = groupBy(answerChoices, (choice) => choice.response_question_id);
  return {
    ...response,
    questions: drawn.map((entry) => ({
      ...entry,
      version: versions.get(entry.question_version_id),
      question: questionById.get(entry.question_id),
      answerChoices: choicesByDrawn.get(entry.id) ?? [],
    })),
  };
}

/** The member's responses to the check, newest first. */
export function listResponses(db: Database, check: CheckRow, memberId: string): Promise<ResponseSummaryRow[]> {
  const org = db.inTenant(check.tenant_id);
  return org.rows<ResponseSummaryRow>(
    responsesOf(org, check.id, memberId).orderBy('created_at', 'desc').orderBy('id', 'desc').select(RESPONSE_COLUMNS),
    KcResponse,
  );
}
