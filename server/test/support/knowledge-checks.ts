/**
 * Knowledge check fixtures (issue 11): checks and questions made through the API, as an author would, and small
 * checks written straight to the database (through kc.ts, which writes the reports' hand-made data).
 */
import { insertCheck as insertCheckRow, insertQuestion, insertResponse as insertSeededResponse, type SeededVersion } from './kc.js';
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
  questions: SeededVersion[];
}

/** A check written straight to the database: `questions` radio questions of two choices (the first the answer). */
export async function insertCheck(
  server: TestServer,
  tenantId: string,
  owner: { componentId: string } | { topicId: string },
  options: { questions?: number; number?: number } = {},
): Promise<InsertedCheck> {
  const id = await insertCheckRow(server, tenantId, owner, options.number ?? 10);
  const questions: SeededVersion[] = [];
  for (let position = 1; position <= (options.questions ?? 2); position += 1) {
    questions.push(await insertQuestion(server, tenantId, id, position, { text: `Question ${position}`, choices: ['Choice 1', 'Choice 2'], answers: [0] }));
  }
  return { id, questions };
}

/** A member's response to an inserted check: assigned (nothing drawn), or in progress with the whole bank drawn (answered or not). */
export function insertResponse(
  server: TestServer,
  tenantId: string,
  check: InsertedCheck,
  memberId: string,
  status: 'assigned' | 'in-progress',
  answered = false,
): Promise<string> {
  const answers = check.questions.map((version) => ({ version, chosen: answered ? [version.choices[0]] : [], answered }));
  return insertSeededResponse(server, tenantId, check.id, memberId, answers, { status });
}
