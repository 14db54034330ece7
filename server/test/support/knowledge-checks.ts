/** Knowledge check fixtures (issue 11): checks and questions made through the API, as an author would. */
import { newId } from '../../src/db/ids.js';
import type { TestServer } from './server.js';

interface ChoiceSpec {
  label: string;
  is_answer: boolean;
  id?: string;
  media_id?: string | null;
}

export interface QuestionSpec {
  text: string;
  type?: 'radio' | 'checkbox';
  media_id?: string | null;
  choices?: ChoiceSpec[];
}

export const put = (server: TestServer, path: string, json: unknown, token: string) => server.api.request('PUT', path, { token, json });

/** A component's check, drawing `number` questions; answers its id. */
export async function createComponentCheck(server: TestServer, tenantId: string, componentId: string, token: string, number = 10): Promise<string> {
  const response = await server.api.post(
    `/tenants/${tenantId}/components/${componentId}/knowledgechecks`,
    { number_questions: number, instructions: 'Read **carefully**.' },
    { token },
  );
  if (response.status !== 201) throw new Error(`check not created: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data.id as string;
}

/** A radio question with choices A (the answer), B and C unless told otherwise; answers the question. */
export async function addQuestion(server: TestServer, tenantId: string, checkId: string, token: string, spec: QuestionSpec) {
  const body = {
    text: spec.text,
    type: spec.type ?? 'radio',
    media_id: spec.media_id ?? null,
    choices: spec.choices ?? [
      { label: 'A', is_answer: true },
      { label: 'B', is_answer: false },
      { label: 'C', is_answer: false },
    ],
  };
  const response = await server.api.post(`/tenants/${tenantId}/knowledgechecks/${checkId}/questions`, body, { token });
  if (response.status !== 201) throw new Error(`question not created: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A check with `bank` radio questions "Question 1".."Question n" (answer: their first choice). */
export async function checkWithBank(server: TestServer, tenantId: string, componentId: string, token: string, bank: number, number = 10): Promise<string> {
  const id = await createComponentCheck(server, tenantId, componentId, token, number);
  for (let index = 1; index <= bank; index += 1) await addQuestion(server, tenantId, id, token, { text: `Question ${index}` });
  return id;
}

/** True when a JSON answer carries any part of the answer key. */
export function carriesKey(body: unknown): boolean {
  const text = JSON.stringify(body);
  return /"is_answer"|"answer"\s*:/.test(text) || /"is_correct":(true|false)/.test(text);
}

export interface InsertedCheck {
  id: string;
  questions: { id: string; versionId: string; choiceIds: string[] }[];
}

/** A check written straight to the database: `questions` radio questions (first choice the answer), version 1 each. */
export async function insertCheck(
  server: TestServer,
  tenantId: string,
  owner: { componentId: string } | { topicId: string },
  options: { questions?: number; number?: number } = {},
): Promise<InsertedCheck> {
  const knex = server.app.knex;
  const now = new Date();
  const id = newId();
  await knex('knowledge_checks').insert({
    id,
    tenant_id: tenantId,
    topic_id: 'topicId' in owner ? owner.topicId : null,
    component_id: 'componentId' in owner ? owner.componentId : null,
    instructions: 'Read carefully.',
    number_questions: options.number ?? 10,
    use_question_bank: true,
    created_at: now,
    updated_at: now,
  });
  const questions: InsertedCheck['questions'] = [];
  for (let index = 1; index <= (options.questions ?? 2); index += 1) {
    const questionId = newId();
    const versionId = newId();
    const choiceIds = [newId(), newId()];
    await knex('kc_questions').insert({
      id: questionId,
      tenant_id: tenantId,
      knowledge_check_id: id,
      position: index,
      current_version_id: null,
      created_at: now,
      updated_at: now,
    });
    await knex('kc_question_versions').insert({
      id: versionId,
      tenant_id: tenantId,
      question_id: questionId,
      version: 1,
      text: `Question ${index}`,
      type: 'radio',
      media_id: null,
      drawn: false,
      created_at: now,
    });
    await knex('kc_choices').insert(
      choiceIds.map((choiceId, position) => ({
        id: choiceId,
        tenant_id: tenantId,
        question_version_id: versionId,
        label: `Choice ${position + 1}`,
        is_answer: position === 0,
        position: position + 1,
        media_id: null,
      })),
    );
    await knex('kc_questions').where('id', questionId).update({ current_version_id: versionId });
    questions.push({ id: questionId, versionId, choiceIds });
  }
  return { id, questions };
}

/** A member's response to an inserted check: assigned (nothing drawn), or in progress with the whole bank drawn (answered or not). */
export async function insertResponse(
  server: TestServer,
  tenantId: string,
  check: InsertedCheck,
  memberId: string,
  status: 'assigned' | 'in-progress',
  answered = false,
): Promise<string> {
  const knex = server.app.knex;
  const now = new Date();
  const id = newId();
  await knex('kc_responses').insert({
    id,
    tenant_id: tenantId,
    knowledge_check_id: check.id,
    tenant_user_id: memberId,
    status,
    seed: 7,
    attempt: 1,
    started_at: status === 'assigned' ? null : now,
    created_at: now,
    updated_at: now,
  });
  if (status === 'assigned') return id;
  for (const [index, question] of check.questions.entries()) {
    const rqId = newId();
    await knex('kc_response_questions').insert({
      id: rqId,
      tenant_id: tenantId,
      response_id: id,
      question_id: question.id,
      question_version_id: question.versionId,
      position: index + 1,
      answered_at: answered ? now : null,
    });
    if (answered) await knex('kc_answer_choices').insert({ tenant_id: tenantId, response_question_id: rqId, choice_id: question.choiceIds[0] });
  }
  await knex('kc_question_versions')
    .whereIn(
      'id',
      check.questions.map((question) => question.versionId),
    )
    .update({ drawn: true });
  return id;
}
