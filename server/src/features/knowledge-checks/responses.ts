/**
 * Responses (ARCHITECTURE.md#knowledge-checks): the draw stored when a response goes in progress, answers, and
 * scoring on completion. A response reads only the versions it drew; the draw is never made again. One in-progress
 * response per member and check, held by the database's partial unique index: a lost race answers the existing one.
 */
import { kcMessages } from '@tessera/sdk/rules';
import { compiledRead, jsonListValues, whereInJsonList } from '../../db/compiled-read.js';
import { compiledWrite } from '../../db/compiled-write.js';
import type { Database } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { isUniqueViolation, type Knex } from '../../db/knex.js';
import { chunks } from '../../db/relations.js';
import { HttpError, notFound, validationFailed } from '../../http/errors.js';
import { draw, newSeed } from './draw.js';
import { graphModifiers, KcResponse, RESPONSE_GRAPH } from './models.js';
import { kcMessagesServer } from './policy.js';
import type { CheckRow } from './presenter.js';

const conflict = (
  code: 'no_questions' | 'response_not_assigned' | 'response_in_progress' | 'response_not_started' | 'response_completed' | 'unanswered_questions',
  message: string,
) => new HttpError(409, code, message);

interface BankEntry {
  question_id: string;
  version_id: string;
}

/** The active bank's current versions in bank order: what a draw picks from. */
async function drawableBank(knex: Knex, checkId: string): Promise<BankEntry[]> {
  return knex('kc_questions')
    .where('knowledge_check_id', checkId)
    .whereNull('archived_at')
    .whereNotNull('current_version_id')
    .orderBy('position')
    .orderBy('id')
    .select('id as question_id', 'current_version_id as version_id');
}

/** Stores a draw for a response and marks the drawn versions: from now on an edit of them writes a new version. */
async function storeDraw(trx: Knex, check: CheckRow, responseId: string, drawn: BankEntry[]): Promise<void> {
  const rows = drawn.map((entry, index) => ({
    id: newId(),
    tenant_id: check.tenant_id,
    response_id: responseId,
    question_id: entry.question_id,
    question_version_id: entry.version_id,
    position: index + 1,
    answered_at: null,
    is_correct: null,
  }));
  for (const part of chunks(rows, 200)) await trx('kc_response_questions').insert(part);
  const versions = [...new Set(drawn.map((entry) => entry.version_id))];
  for (const part of chunks(versions)) await trx('kc_question_versions').whereIn('id', part).where('drawn', false).update({ drawn: true });
}

async function nextAttempt(trx: Knex, checkId: string, memberId: string): Promise<number> {
  const [row] = (await trx('kc_responses').where({ knowledge_check_id: checkId, tenant_user_id: memberId }).max({ last: 'attempt' })) as {
    last: number | string | null;
  }[];
  return Number(row?.last ?? 0) + 1;
}

async function inProgressOf(knex: Knex, checkId: string, memberId: string): Promise<string | undefined> {
  const row = (await knex('kc_responses').where({ knowledge_check_id: checkId, tenant_user_id: memberId, status: 'in-progress' }).first('id')) as
    { id: string } | undefined;
  return row?.id;
}

/**
 * Creates an in-progress response with its draw, or answers the member's in-progress one (`created` false), also
 * when another request created it meanwhile (the unique index refuses the second).
 */
export async function createResponse(db: Database, check: CheckRow, memberId: string): Promise<{ id: string; created: boolean }> {
  const existing = await inProgressOf(db.knex, check.id, memberId);
  if (existing) return { id: existing, created: false };
  const id = newId();
  try {
    await db.transaction(async (tx) => {
      const trx = tx.knex;
      const bank = await drawableBank(trx, check.id);
      if (bank.length === 0) throw conflict('no_questions', kcMessagesServer.noQuestions);
      const seed = newSeed();
      const now = new Date();
      await trx('kc_responses').insert({
        id,
        tenant_id: check.tenant_id,
        knowledge_check_id: check.id,
        tenant_user_id: memberId,
        assignment_id: null,
        status: 'in-progress',
        seed,
        attempt: await nextAttempt(trx, check.id, memberId),
        started_at: now,
        created_at: now,
        updated_at: now,
      });
      await storeDraw(trx, check, id, draw(bank, check.number_questions, seed));
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await inProgressOf(db.knex, check.id, memberId);
    if (!winner) throw error;
    return { id: winner, created: false };
  }
  return { id, created: true };
}

interface OwnResponse {
  id: string;
  status: string;
  seed: number | string;
}

async function requireOwnResponse(trx: Knex, check: CheckRow, memberId: string, responseId: string): Promise<OwnResponse> {
  const row = (await trx('kc_responses').where({ id: responseId, knowledge_check_id: check.id, tenant_user_id: memberId }).first('id', 'status', 'seed')) as
    OwnResponse | undefined;
  if (!row) throw notFound(kcMessagesServer.responseNotFound);
  return row;
}

/** An assigned response goes in progress: it draws now, with the seed it was given when assigned. */
export async function startResponse(db: Database, check: CheckRow, memberId: string, responseId: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const trx = tx.knex;
      const response = await requireOwnResponse(trx, check, memberId, responseId);
      if (response.status !== 'assigned') throw conflict('response_not_assigned', kcMessagesServer.notAssigned);
      if (await inProgressOf(trx, check.id, memberId)) throw conflict('response_in_progress', kcMessagesServer.inProgress);
      const bank = await drawableBank(trx, check.id);
      if (bank.length === 0) throw conflict('no_questions', kcMessagesServer.noQuestions);
      const now = new Date();
      const changed = await trx('kc_responses')
        .where({ id: response.id, status: 'assigned' })
        .update({ status: 'in-progress', started_at: now, updated_at: now });
      if (changed === 0) throw conflict('response_not_assigned', kcMessagesServer.notAssigned);
      await storeDraw(trx, check, response.id, draw(bank, check.number_questions, Number(response.seed)));
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

interface AnswerTarget {
  status: string;
  rq_id: string | null;
  version_id: string | null;
  type: string | null;
  found: number | string;
}

/** The response, the drawn question and how many of the chosen ids (a JSON list) are its choices, in one read. */
const answerTarget = compiledRead<AnswerTarget, { responseId: string; checkId: string; memberId: string; questionId: string; choiceIds: string }>(
  (knex, param) =>
    knex('kc_responses as r')
      .leftJoin('kc_response_questions as rq', (join) => join.on('rq.response_id', 'r.id').andOn('rq.question_id', knex.raw('?', [param('questionId')])))
      .leftJoin('kc_question_versions as v', 'v.id', 'rq.question_version_id')
      .where({ 'r.id': param('responseId'), 'r.knowledge_check_id': param('checkId'), 'r.tenant_user_id': param('memberId') })
      .select(
        'r.status',
        'rq.id as rq_id',
        'v.id as version_id',
        'v.type',
        whereInJsonList(knex, knex('kc_choices as ch').whereRaw('ch.question_version_id = v.id'), 'ch.id', param('choiceIds')).count('*').as('found'),
      )
      .limit(1),
);

/** Marks a drawn question answered while its response is in progress (0 rows: completed meanwhile). */
const markAnswered = compiledWrite<{ rqId: string; responseId: string; at: Date }>((knex, param) =>
  knex('kc_response_questions')
    .where('id', param('rqId'))
    .whereExists(
      knex('kc_responses')
        .where({ id: param('responseId'), status: 'in-progress' })
        .select(knex.raw('1')),
    )
    .update({ answered_at: param('at') }),
);
const forgetChoices = compiledWrite<{ rqId: string }>((knex, param) => knex('kc_answer_choices').where('response_question_id', param('rqId')).delete());
/** The chosen choices, a JSON list of ids: one statement for any number of them. */
const insertChoices = compiledWrite<{ tenantId: string; rqId: string; choiceIds: string }>((knex, param) =>
  knex
    .into(knex.raw('?? (??, ??, ??)', ['kc_answer_choices', 'tenant_id', 'response_question_id', 'choice_id']))
    .insert(knex.select(knex.raw('?', [param('tenantId')]), knex.raw('?', [param('rqId')]), 'value').from(jsonListValues(knex, param('choiceIds')))),
);

/**
 * Saves one drawn question's chosen choices (replacing an earlier save). Queries: the response with the drawn
 * question, its version and how many of the chosen ids are its choices (one compiled read, on SQLite's read
 * connection), then the write (three compiled writes in a transaction: the hot write of a learner's check),
 * whatever the bank's, the draw's or the choices' size.
 */
export async function saveAnswer(
  db: Database,
  check: CheckRow,
  memberId: string,
  responseId: string,
  questionId: string,
  choiceIds: string[],
): Promise<SavedAnswer> {
  const [row] = await db.read(answerTarget, { responseId, checkId: check.id, memberId, questionId, choiceIds: JSON.stringify(choiceIds) });
  if (!row) throw notFound(kcMessagesServer.responseNotFound);
  refuseUnlessInProgress(row.status);
  if (!row.rq_id || !row.version_id) throw notFound(kcMessagesServer.questionNotFound);
  if (Number(row.found) !== choiceIds.length) throw validationFailed({ choice_ids: [kcMessages.choiceOfQuestion] });
  if (row.type === 'radio' && choiceIds.length !== 1) throw validationFailed({ choice_ids: [kcMessages.radioOneChoice] });
  const rqId = row.rq_id;
  await db.compiledTransaction(async (tx) => {
    const saved = await tx.write(markAnswered, { rqId, responseId, at: new Date() });
    if (saved === 0) throw conflict('response_completed', kcMessagesServer.completed);
    await tx.write(forgetChoices, { rqId });
    await tx.write(insertChoices, { tenantId: check.tenant_id, rqId, choiceIds: JSON.stringify(choiceIds) });
  });
  return { id: rqId, question_id: questionId, knowledge_check_response_id: responseId, choice_ids: choiceIds };
}

/** correct ÷ drawn × 100, kept with two decimals. */
export function scoreOf(correct: number, drawn: number): number {
  return drawn === 0 ? 0 : Math.round((correct * 10_000) / drawn) / 100;
}

/**
 * Scores a response on the server: a question is correct when the chosen set equals its drawn version's answer
 * set exactly. Refused (409) while a drawn question is unanswered.
 */
export async function completeResponse(db: Database, check: CheckRow, memberId: string, responseId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const trx = tx.knex;
    const response = await requireOwnResponse(trx, check, memberId, responseId);
    refuseUnlessInProgress(response.status);
    const drawn = (await trx('kc_response_questions').where('response_id', response.id).select('id', 'answered_at')) as { id: string; answered_at: unknown }[];
    if (drawn.some((entry) => entry.answered_at === null)) throw conflict('unanswered_questions', kcMessagesServer.unanswered);
    const keys = (await trx('kc_response_questions as rq')
      .join('kc_choices as c', 'c.question_version_id', 'rq.question_version_id')
      .where('rq.response_id', response.id)
      .where('c.is_answer', true)
      .select('rq.id as rq_id', 'c.id as choice_id')) as { rq_id: string; choice_id: string }[];
    const chosen = (await trx('kc_answer_choices as ac')
      .join('kc_response_questions as rq', 'rq.id', 'ac.response_question_id')
      .where('rq.response_id', response.id)
      .select('ac.response_question_id as rq_id', 'ac.choice_id')) as { rq_id: string; choice_id: string }[];
    const setsOf = (rows: { rq_id: string; choice_id: string }[]) => {
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
    for (const part of chunks(correct)) await trx('kc_response_questions').whereIn('id', part).update({ is_correct: true });
    for (const part of chunks(incorrect)) await trx('kc_response_questions').whereIn('id', part).update({ is_correct: false });
    const now = new Date();
    const changed = await trx('kc_responses')
      .where({ id: response.id, status: 'in-progress' })
      .update({
        status: 'completed',
        completed_date_time: now,
        correct_answers: correct.length,
        incorrect_answers: incorrect.length,
        score: scoreOf(correct.length, drawn.length),
        updated_at: now,
      });
    if (changed === 0) throw conflict('response_completed', kcMessagesServer.completed);
  });
}

/** One of the member's responses with its draw and answers (a fixed number of queries: one per graph level). */
export async function readResponse(knex: Knex, check: CheckRow, memberId: string, responseId: string): Promise<KcResponse> {
  const response = await KcResponse.query(knex)
    .findOne({ id: responseId, knowledge_check_id: check.id, tenant_user_id: memberId })
    .withGraphFetched(RESPONSE_GRAPH)
    .modifiers(graphModifiers);
  if (!response) throw notFound(kcMessagesServer.responseNotFound);
  return response;
}

/** The member's responses to the check, newest first. */
export async function listResponses(knex: Knex, check: CheckRow, memberId: string): Promise<KcResponse[]> {
  return await KcResponse.query(knex).where({ knowledge_check_id: check.id, tenant_user_id: memberId }).orderBy('created_at', 'desc').orderBy('id', 'desc');
}
