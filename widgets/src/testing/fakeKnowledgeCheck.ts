/** Knowledge-check data for tests and stories: a response's draw, its answers and, once completed, its key. */
import type { KcAnswer, KcQuestion, KcResponse, KcResponseSummary } from '../knowledge-check/types.js';
import { demoMedia } from './fakeContent.js';

export const DEMO_KC_ID = '0190a5b2-0000-7000-8000-00000000c001';

const uuid = (kind: number, n: number) => `0190a5b2-0000-7000-8000-${(kind * 10000 + n).toString(16).padStart(12, '0')}`;

/**
 * Question `n` (from 1): odd ones radio ("Which tool ...?" with four choices, the second the answer), even ones
 * checkbox (three choices, the first and the third the answers). Question 1 has an image.
 */
export function demoKcQuestion(n: number, withKey: boolean): KcQuestion {
  const isRadio = n % 2 === 1;
  const labels = isRadio ? ['A hammer', 'A torque wrench', 'A file', 'A chisel'] : ['Safety glasses', 'Sandals', 'Hearing protection'];
  const answers = isRadio ? [1] : [0, 2];
  const choices = labels.map((label, index) => ({
    id: uuid(2, n * 10 + index),
    label: `${label}`,
    order: index + 1,
    media: null,
    ...(withKey ? { is_answer: answers.includes(index) } : {}),
  }));
  return {
    id: uuid(1, n),
    text: isRadio
      ? `**Question ${n}.** Which tool sets a bolt to its rated torque?`
      : `**Question ${n}.** Which protection do you wear at the lathe? Choose _every_ one that applies.`,
    type: isRadio ? 'radio' : 'checkbox',
    order: n,
    media: n === 1 ? demoMedia('image', 'Torque chart') : null,
    choices,
    ...(withKey ? { answer: answers.map((index) => choices[index].id) } : {}),
  };
}

/** The ids of question `n`'s answer choices. */
export const demoKcKey = (question: KcQuestion) => (question.type === 'radio' ? [question.choices[1].id] : [question.choices[0].id, question.choices[2].id]);

export interface DemoKcOptions {
  questions?: number;
  /** Question numbers (from 1) answered so far, correctly unless listed in `wrong`. */
  answered?: number[];
  wrong?: number[];
  status?: KcResponseSummary['status'];
}

/** A response with `questions` drawn (default 3); completed ones carry the key, the score and `is_correct`. */
export function demoKcResponse({ questions = 3, answered = [], wrong = [], status = 'in-progress' }: DemoKcOptions = {}): KcResponse {
  const completed = status === 'completed';
  const drawn = Array.from({ length: questions }, (_, index) => demoKcQuestion(index + 1, completed));
  const answers: KcAnswer[] = answered.map((n) => {
    const question = drawn[n - 1];
    const isWrong = wrong.includes(n);
    const choice_ids = isWrong ? [question.choices.find((choice) => !demoKcKey(question).includes(choice.id))?.id as string] : demoKcKey(question);
    return { question_id: question.id, choice_ids, is_correct: completed ? !isWrong : null };
  });
  const correct = completed ? answers.filter((answer) => answer.is_correct).length : null;
  return {
    id: uuid(3, 1),
    knowledge_check_id: DEMO_KC_ID,
    knowledge_check: { id: DEMO_KC_ID, name: 'Lathe safety', topic_id: uuid(4, 1), component_id: uuid(5, 1), module_id: uuid(6, 1) },
    status,
    attempt: 1,
    due_date_time: null,
    started_at: '2025-02-03T09:00:00.000Z',
    completed_date_time: completed ? '2025-02-03T09:20:00.000Z' : null,
    correct_answers: correct,
    incorrect_answers: completed ? questions - (correct ?? 0) : null,
    score: completed ? Math.round(((correct ?? 0) / questions) * 10000) / 100 : null,
    instructions: 'Answer **every** question. You can go back with _Previous_ before you finish.',
    questions: drawn,
    answers,
  };
}

/** A summary row of the check page's list. */
export function demoKcSummary(overrides: Partial<KcResponseSummary> = {}): KcResponseSummary {
  return {
    id: uuid(3, 2),
    status: 'completed',
    attempt: 1,
    due_date_time: null,
    started_at: '2025-02-01T09:00:00.000Z',
    completed_date_time: '2025-02-01T09:15:00.000Z',
    correct_answers: 4,
    incorrect_answers: 1,
    score: 80,
    ...overrides,
  };
}
