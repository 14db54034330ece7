import type { Knex } from 'knex';

/**
 * Drops two indexes that the item analysis' indexes (migration 20250117000001) made redundant: each is the first
 * column of a wider one, which serves the same lookups (and the foreign keys' cascades) as well. Every saved answer
 * wrote both: on the bench's 2,000,000 answered choices, dropping the choices' one took a saved answer's commit
 * from 150 to 87 µs of SQLite (issue 11).
 */
const REDUNDANT = [
  // Covered by kc_answer_choices_analysis (choice_id, response_attempt).
  { table: 'kc_answer_choices', column: 'choice_id', name: 'kc_answer_choices_choice_id_index' },
  // Covered by kc_response_questions_analysis (question_version_id, response_attempt, …).
  { table: 'kc_response_questions', column: 'question_version_id', name: 'kc_response_questions_question_version_id_index' },
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const index of REDUNDANT) {
    await knex.schema.alterTable(index.table, (table) => table.dropIndex([], index.name));
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const index of REDUNDANT) {
    await knex.schema.alterTable(index.table, (table) => table.index([index.column], index.name));
  }
}
