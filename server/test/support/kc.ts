/** Knowledge check fixtures (issue 11): checks, a versioned bank and completed responses written straight with knex. */
import { newId } from '../../src/db/ids.js';
import type { TestServer } from './server.js';

export async function insertCheck(
  server: TestServer,
  tenantId: string,
  owner: { componentId?: string; topicId?: string },
  numberQuestions = 10,
): Promise<string> {
  const id = newId();
  const now = new Date();
  await server.app.knex('knowledge_checks').insert({
    id,
    tenant_id: tenantId,
    component_id: owner.componentId ?? null,
    topic_id: owner.topicId ?? null,
    instructions: 'Answer every question.',
    number_questions: numberQuestions,
    use_question_bank: true,
    created_at: now,
    updated_at: now,
  });
  return id;
}

export interface SeededVersion {
  questionId: string;
  versionId: string;
  /** The choice ids in order; `answers` the correct ones. */
  choices: string[];
  answers: string[];
}

/** A question of the bank with its first version: `choices` labels, `answers` the indexes of the correct ones. */
export async function insertQuestion(
  server: TestServer,
  tenantId: string,
  checkId: string,
  position: number,
  options: { text: string; type?: 'radio' | 'checkbox'; choices: string[]; answers: number[] },
): Promise<SeededVersion> {
  const questionId = newId();
  const now = new Date();
  await server.app.knex('kc_questions').insert({
    id: questionId,
    tenant_id: tenantId,
    knowledge_check_id: checkId,
    position,
    current_version_id: null,
    archived_at: null,
    created_at: now,
    updated_at: now,
  });
  const version = await insertVersion(server, tenantId, questionId, 1, options);
  return version;
}

/** A new version of a question (an edit of a drawn one): it becomes the current one. */
export async function insertVersion(
  server: TestServer,
  tenantId: string,
  questionId: string,
  version: number,
  options: { text: string; type?: 'radio' | 'checkbox'; choices: string[]; answers: number[] },
): Promise<SeededVersion> {
  const knex = server.app.knex;
  const versionId = newId();
  await knex('kc_question_versions').insert({
    id: versionId,
    tenant_id: tenantId,
    question_id: questionId,
    version,
    text: options.text,
    type: options.type ?? 'radio',
    media_id: null,
    drawn: false,
    created_at: new Date(),
  });
  const choices = options.choices.map((label, index) => ({
    id: newId(),
    tenant_id: tenantId,
    question_version_id: versionId,
    label,
    is_answer: options.answers.includes(index),
    position: index + 1,
    media_id: null,
  }));
  await knex('kc_choices').insert(choices);
  await knex('kc_questions').where('id', questionId).update({ current_version_id: versionId });
  return {
    questionId,
    versionId,
    choices: choices.map((choice) => choice.id),
    answers: choices.filter((choice) => choice.is_answer).map((choice) => choice.id),
  };
}

export interface SeededAnswer {
  version: SeededVersion;
  /** The chosen choice ids. */
  chosen: string[];
  /** False: drawn but not answered yet (an in-progress response). */
  answered?: boolean;
}

/** The chosen set equals the answer set. */
function isCorrect(answer: SeededAnswer): boolean {
  return answer.chosen.length === answer.version.answers.length && answer.chosen.every((id) => answer.version.answers.includes(id));
}

/**
 * A response with its draw and answers; completed (scored as the server scores) unless `status` says otherwise. An
 * assigned response has not started: nothing drawn, no answers.
 */
export async function insertResponse(
  server: TestServer,
  tenantId: string,
  checkId: string,
  memberId: string,
  answers: SeededAnswer[],
  options: { id?: string; attempt?: number; status?: 'completed' | 'in-progress' | 'assigned'; completedAt?: Date } = {},
): Promise<string> {
  const knex = server.app.knex;
  const id = options.id ?? newId();
  const status = options.status ?? 'completed';
  const completed = status === 'completed';
  const correct = answers.filter(isCorrect).length;
  const completedAt = options.completedAt ?? new Date();
  await knex.transaction(async (trx) => {
    await trx('kc_responses').insert({
      id,
      tenant_id: tenantId,
      knowledge_check_id: checkId,
      tenant_user_id: memberId,
      assignment_id: null,
      // Written in progress, then completed below: the completion trigger copies the response onto its rows.
      status: completed ? 'in-progress' : status,
      seed: 12345,
      attempt: options.attempt ?? 1,
      due_date_time: null,
      started_at: status === 'assigned' ? null : new Date(completedAt.getTime() - 60_000),
      completed_date_time: null,
      correct_answers: null,
      incorrect_answers: null,
      score: null,
      created_at: completedAt,
      updated_at: completedAt,
    });
    for (const [index, answer] of (status === 'assigned' ? [] : answers).entries()) {
      const rqId = newId();
      await trx('kc_response_questions').insert({
        id: rqId,
        tenant_id: tenantId,
        response_id: id,
        question_id: answer.version.questionId,
        question_version_id: answer.version.versionId,
        position: index + 1,
        answered_at: answer.answered === false ? null : completedAt,
        is_correct: completed ? isCorrect(answer) : null,
      });
      if (answer.chosen.length > 0)
        await trx('kc_answer_choices').insert(answer.chosen.map((choiceId) => ({ tenant_id: tenantId, response_question_id: rqId, choice_id: choiceId })));
      await trx('kc_question_versions').where('id', answer.version.versionId).update({ drawn: true });
    }
    if (completed) {
      await trx('kc_responses')
        .where('id', id)
        .update({
          status: 'completed',
          completed_date_time: completedAt,
          correct_answers: correct,
          incorrect_answers: answers.length - correct,
          score: Math.round((correct / answers.length) * 10_000) / 100,
        });
    }
  });
  return id;
}
