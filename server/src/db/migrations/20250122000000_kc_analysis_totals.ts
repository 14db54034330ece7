import type { Knex } from 'knex';
import { createRowTriggers, dropRowTriggers, type RowTrigger } from './helpers/row-triggers.js';

/** 1 for a first attempt, else 0, from an attempt column or value. */
const firstAttemptOf = (attempt: string) => `case when ${attempt} = 1 then 1 else 0 end`;

/** A drawn row's 1 (correct) or 0 (wrong, or not marked). */
const correctOf = (isCorrect: string) => `coalesce(cast(${isCorrect} as integer), 0)`;

/**
 * The totals computed afresh from the completed responses' copies on their drawn rows and chosen choices: this
 * migration's `up`, and what a load that writes completed responses without completing them runs after
 * (server/bench/kc-seed.ts). Plain SQL that SQLite and PostgreSQL both run.
 */
export const KC_ANALYSIS_TOTALS_REBUILD = [
  'delete from kc_item_totals',
  `insert into kc_item_totals (question_version_id, first_attempt, response_score, n, sum_c, sum_x, sum_x2, sum_cx)
     select question_version_id, ${firstAttemptOf('response_attempt')}, response_score, count(*), sum(${correctOf('is_correct')}),
       sum(response_correct), sum(response_correct * response_correct), sum(${correctOf('is_correct')} * response_correct)
     from kc_response_questions where response_attempt is not null
     group by question_version_id, ${firstAttemptOf('response_attempt')}, response_score`,
  'delete from kc_choice_totals',
  `insert into kc_choice_totals (choice_id, first_attempt, n)
     select choice_id, ${firstAttemptOf('response_attempt')}, count(*) from kc_answer_choices where response_attempt is not null
     group by choice_id, ${firstAttemptOf('response_attempt')}`,
];

/**
 * The item analysis' sums, kept by the database (issue 11; ARCHITECTURE.md#knowledge-check-reports). Adding them up
 * from the drawn rows read a check's 2,000,000 rows (100,000 responses of 20) on every analysis: 1.1 s of SQLite,
 * 1.7 s of PostgreSQL. Here two tables hold them, written by triggers in the transaction that completes a response:
 * - `kc_item_totals`, per drawn version, first attempt or not, and response score: n, Σx (correct), ΣX (the
 *   response's correct answers), ΣX², ΣxX. By score, because the upper and lower groups are bounded by score: the
 *   rows above the upper bound's score and below the lower one's are these rows' sums; only the bounds' own scores
 *   (ties ranked by response id) are read from the drawn rows, down `kc_response_questions_ranked`.
 * - `kc_choice_totals`, per choice and first attempt or not: how many chose it.
 *
 * A response adds its rows once, when its status becomes `completed` (a completed response never changes; the copies
 * of migration 20250117000001 are written by the same update). A drawn row or chosen choice of a completed response
 * that is deleted (a cascade) takes its share away. On PostgreSQL two completions sharing a version and a score take
 * turns on its row; each adds its rows in the key's order, so no two wait for each other in a cycle (no deadlock).
 */
const upsertItems = (response: string) => `insert into kc_item_totals (question_version_id, first_attempt, response_score, n, sum_c, sum_x, sum_x2, sum_cx)
  select rq.question_version_id, ${firstAttemptOf(`${response}.attempt`)}, ${response}.score, 1, ${correctOf('rq.is_correct')},
    ${response}.correct_answers, ${response}.correct_answers * ${response}.correct_answers, ${correctOf('rq.is_correct')} * ${response}.correct_answers
  from kc_response_questions rq where rq.response_id = ${response}.id order by rq.question_version_id
  on conflict (question_version_id, first_attempt, response_score) do update set n = kc_item_totals.n + excluded.n,
    sum_c = kc_item_totals.sum_c + excluded.sum_c, sum_x = kc_item_totals.sum_x + excluded.sum_x,
    sum_x2 = kc_item_totals.sum_x2 + excluded.sum_x2, sum_cx = kc_item_totals.sum_cx + excluded.sum_cx`;

const upsertChoices = (response: string) => `insert into kc_choice_totals (choice_id, first_attempt, n)
  select ac.choice_id, ${firstAttemptOf(`${response}.attempt`)}, 1
  from kc_answer_choices ac join kc_response_questions rq on rq.id = ac.response_question_id
  where rq.response_id = ${response}.id order by ac.choice_id
  on conflict (choice_id, first_attempt) do update set n = kc_choice_totals.n + excluded.n`;

const TRIGGERS: Record<string, RowTrigger> = {
  kc_analysis_totals_response_completed: {
    on: 'kc_responses',
    event: 'after update of status',
    when: "old.status <> 'completed' and new.status = 'completed'",
    body: [upsertItems('new'), upsertChoices('new')],
  },
  kc_analysis_totals_drawn_deleted: {
    on: 'kc_response_questions',
    event: 'after delete',
    when: 'old.response_attempt is not null',
    body: [
      `update kc_item_totals set n = n - 1, sum_c = sum_c - ${correctOf('old.is_correct')}, sum_x = sum_x - old.response_correct,
         sum_x2 = sum_x2 - old.response_correct * old.response_correct, sum_cx = sum_cx - ${correctOf('old.is_correct')} * old.response_correct
       where question_version_id = old.question_version_id and first_attempt = ${firstAttemptOf('old.response_attempt')}
         and response_score = old.response_score`,
    ],
  },
  kc_analysis_totals_chosen_deleted: {
    on: 'kc_answer_choices',
    event: 'after delete',
    when: 'old.response_attempt is not null',
    body: [`update kc_choice_totals set n = n - 1 where choice_id = old.choice_id and first_attempt = ${firstAttemptOf('old.response_attempt')}`],
  },
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('kc_item_totals', (table) => {
    table.string('question_version_id', 36).notNullable().references('id').inTable('kc_question_versions').onDelete('CASCADE');
    table.integer('first_attempt').notNullable();
    table.decimal('response_score', 5, 2).notNullable();
    table.integer('n').notNullable();
    table.bigInteger('sum_c').notNullable();
    table.bigInteger('sum_x').notNullable();
    table.bigInteger('sum_x2').notNullable();
    table.bigInteger('sum_cx').notNullable();
    table.primary(['question_version_id', 'first_attempt', 'response_score']);
  });
  await knex.schema.createTable('kc_choice_totals', (table) => {
    table.string('choice_id', 36).notNullable().references('id').inTable('kc_choices').onDelete('CASCADE');
    table.integer('first_attempt').notNullable();
    table.integer('n').notNullable();
    table.primary(['choice_id', 'first_attempt']);
  });
  for (const statement of KC_ANALYSIS_TOTALS_REBUILD) await knex.raw(statement);
  await createRowTriggers(knex, TRIGGERS);
  // The drawn rows are now read only at the groups' bounds: a version's rows of one score, by response id. The index
  // also serves the foreign key to the version (its first column), as the one it replaces did.
  await knex.schema.alterTable('kc_response_questions', (table) => {
    table.dropIndex([], 'kc_response_questions_analysis');
    table.index(['question_version_id', 'response_score', 'response_id', 'response_attempt', 'is_correct'], 'kc_response_questions_ranked');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('kc_response_questions', (table) => {
    table.dropIndex([], 'kc_response_questions_ranked');
    table.index(
      ['question_version_id', 'response_attempt', 'response_score', 'response_id', 'response_correct', 'is_correct'],
      'kc_response_questions_analysis',
    );
  });
  await dropRowTriggers(knex, TRIGGERS);
  await knex.schema.dropTable('kc_choice_totals');
  await knex.schema.dropTable('kc_item_totals');
}
