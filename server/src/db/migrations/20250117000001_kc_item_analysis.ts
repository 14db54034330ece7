import type { Knex } from 'knex';
import { createRowTriggers, dropRowTriggers, type RowTrigger } from './helpers/row-triggers.js';

/**
 * Item analysis in one index scan (issue 11; ARCHITECTURE.md#knowledge-check-reports). The analysis adds up, per
 * drawn question version, sums over the responses that drew it (their total, their rank): 2,000,000 drawn rows for
 * 100,000 responses of 20 questions. Joined to their responses those rows cost seconds; so a completed response's
 * attempt, score and number of correct answers are copied onto its drawn rows (and its attempt onto its chosen
 * choices) when it completes. A completed response never changes again, so the copies never go stale.
 *
 * The copy is made by the database: a trigger on `kc_responses` fires whenever a completed response's status,
 * score, correct answers or attempt is written, whatever code completes it. Rows of a response that is not
 * completed keep nulls (and are not analysed). Covering indexes serve the analysis' reads:
 * - `kc_response_questions (question_version_id, response_attempt, response_score, response_id, response_correct,
 *   is_correct)`: every figure of a version, `response_attempt = 1` for first attempts;
 * - `kc_answer_choices (choice_id, response_attempt)`: each choice's share;
 * - `kc_responses (knowledge_check_id, status, score, id, attempt, correct_answers)`: the totals, the histogram and
 *   the ranks that bound the upper and lower 27 %; with `(knowledge_check_id, status, completed_date_time, id)`, the
 *   completed responses report's pages filtered by module, component or topic (read by check).
 */
const copy = (response: string) => [
  `update kc_response_questions set response_attempt = ${response}.attempt, response_score = ${response}.score,
     response_correct = ${response}.correct_answers where response_id = ${response}.id`,
  `update kc_answer_choices set response_attempt = ${response}.attempt
     where response_question_id in (select id from kc_response_questions where response_id = ${response}.id)`,
];

const COPY_TRIGGER: Record<string, RowTrigger> = {
  kc_responses_completed: {
    on: 'kc_responses',
    event: 'after update of status, score, correct_answers, attempt',
    when: "new.status = 'completed'",
    body: copy('new'),
  },
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('kc_response_questions', (table) => {
    table.integer('response_attempt').nullable();
    table.decimal('response_score', 5, 2).nullable();
    table.integer('response_correct').nullable();
  });
  await knex.schema.alterTable('kc_answer_choices', (table) => {
    table.integer('response_attempt').nullable();
  });
  await knex.schema.alterTable('kc_response_questions', (table) => {
    table.index(
      ['question_version_id', 'response_attempt', 'response_score', 'response_id', 'response_correct', 'is_correct'],
      'kc_response_questions_analysis',
    );
  });
  await knex.schema.alterTable('kc_answer_choices', (table) => {
    table.index(['choice_id', 'response_attempt'], 'kc_answer_choices_analysis');
  });
  await knex.schema.alterTable('kc_responses', (table) => {
    table.index(['knowledge_check_id', 'status', 'score', 'id', 'attempt', 'correct_answers'], 'kc_responses_analysis');
    table.index(['knowledge_check_id', 'status', 'completed_date_time', 'id'], 'kc_responses_report');
  });

  await createRowTriggers(knex, COPY_TRIGGER);
}

export async function down(knex: Knex): Promise<void> {
  await dropRowTriggers(knex, COPY_TRIGGER);
  await knex.schema.alterTable('kc_responses', (table) => {
    table.dropIndex([], 'kc_responses_analysis');
    table.dropIndex([], 'kc_responses_report');
  });
  await knex.schema.alterTable('kc_answer_choices', (table) => {
    table.dropIndex([], 'kc_answer_choices_analysis');
    table.dropColumn('response_attempt');
  });
  await knex.schema.alterTable('kc_response_questions', (table) => {
    table.dropIndex([], 'kc_response_questions_analysis');
    table.dropColumn('response_attempt');
    table.dropColumn('response_score');
    table.dropColumn('response_correct');
  });
}
