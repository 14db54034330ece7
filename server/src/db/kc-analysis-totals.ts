/**
 * The item analysis' totals (migration 20250122000000_kc_analysis_totals; ARCHITECTURE.md#knowledge-check-reports):
 * per drawn question version, first attempt or not, and response score, the sums the analysis needs; per chosen
 * choice, first attempt or not, its count. Triggers keep them as responses complete; these statements compute them
 * afresh from the completed responses' copies on their drawn rows and chosen choices, for the migration and for a
 * load that writes completed responses without completing them (server/bench/kc-seed.ts). Plain SQL that SQLite and
 * PostgreSQL both run.
 */

/** 1 for a first attempt, else 0, from an attempt column or value. */
export const firstAttemptOf = (attempt: string) => `case when ${attempt} = 1 then 1 else 0 end`;

/** A drawn row's 1 (correct) or 0 (wrong, or not marked). */
export const correctOf = (isCorrect: string) => `coalesce(cast(${isCorrect} as integer), 0)`;

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
