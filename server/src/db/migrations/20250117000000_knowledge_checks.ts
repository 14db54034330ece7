import type { Knex } from 'knex';

/**
 * Knowledge checks (issues 11 and 12; ARCHITECTURE.md#knowledge-checks).
 *
 * - `knowledge_checks`: at most one per topic and one per component (each a unique, nullable column).
 * - The question bank is versioned: `kc_questions` is the question's identity (its place in the bank, archived or
 *   not, its current version); `kc_question_versions` and `kc_choices` hold what a learner sees and the answer key.
 *   Editing a version that no response has drawn rewrites it in place; editing a drawn one writes a new version,
 *   so a response keeps the text, choices and key it drew (`kc_question_versions.drawn` says which).
 * - `kc_responses` keeps the seed of its draw; `kc_response_questions` the drawn versions in their order (never
 *   drawn again), and each one's answer: the chosen choices in `kc_answer_choices`, `answered_at`, `is_correct`.
 * - `kc_assignments`: an admin's assignment of a check to a member or a group, with an optional due date; it
 *   creates one `assigned` response per member.
 * Every row carries `tenant_id`, so each query is scoped to the organization.
 */

function timestamps(table: Knex.CreateTableBuilder, knex: Knex): void {
  table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

function tenant(table: Knex.CreateTableBuilder): void {
  table.string('tenant_id', 36).notNullable().references('id').inTable('tenants').onDelete('CASCADE');
}

function reference(table: Knex.CreateTableBuilder, column: string, target: string, nullable = false): Knex.ReferencingColumnBuilder {
  const builder = nullable ? table.string(column, 36).nullable() : table.string(column, 36).notNullable();
  return builder.references('id').inTable(target);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('knowledge_checks', (table) => {
    table.string('id', 36).primary();
    tenant(table);
    reference(table, 'topic_id', 'topics', true).onDelete('CASCADE');
    reference(table, 'component_id', 'components', true).onDelete('CASCADE');
    table.text('instructions').notNullable().defaultTo('');
    table.integer('number_questions').notNullable().defaultTo(10);
    table.boolean('use_question_bank').notNullable().defaultTo(true);
    timestamps(table, knex);
    table.unique(['topic_id']);
    table.unique(['component_id']);
    table.index(['tenant_id']);
  });

  await knex.schema.createTable('kc_questions', (table) => {
    table.string('id', 36).primary();
    tenant(table);
    reference(table, 'knowledge_check_id', 'knowledge_checks').onDelete('CASCADE');
    /** The question's place in the bank, from 1. */
    table.integer('position').notNullable();
    /** Filled in the same transaction that writes the first version. */
    table.string('current_version_id', 36).nullable();
    /** Set by DELETE (the Archived tab); cleared by restore. */
    table.timestamp('archived_at', { useTz: true }).nullable();
    timestamps(table, knex);
    table.index(['knowledge_check_id', 'archived_at', 'position']);
  });

  await knex.schema.createTable('kc_question_versions', (table) => {
    table.string('id', 36).primary();
    tenant(table);
    reference(table, 'question_id', 'kc_questions').onDelete('CASCADE');
    table.integer('version').notNullable();
    table.text('text').notNullable();
    /** radio (one answer) or checkbox (one or more). */
    table.string('type', 16).notNullable();
    reference(table, 'media_id', 'media', true).onDelete('SET NULL');
    /** True once a response drew this version: from then on an edit writes a new version. */
    table.boolean('drawn').notNullable().defaultTo(false);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['question_id', 'version']);
  });

  await knex.schema.createTable('kc_choices', (table) => {
    table.string('id', 36).primary();
    tenant(table);
    reference(table, 'question_version_id', 'kc_question_versions').onDelete('CASCADE');
    table.text('label').notNullable();
    table.boolean('is_answer').notNullable().defaultTo(false);
    /** The choice's place in its question, from 1: the order every learner sees (choices are not shuffled). */
    table.integer('position').notNullable();
    reference(table, 'media_id', 'media', true).onDelete('SET NULL');
    table.index(['question_version_id', 'position']);
  });

  await knex.schema.createTable('kc_assignments', (table) => {
    table.string('id', 36).primary();
    tenant(table);
    reference(table, 'knowledge_check_id', 'knowledge_checks').onDelete('CASCADE');
    /** Exactly one of the two: a member, or a group (its members when it was assigned). */
    reference(table, 'tenant_user_id', 'tenant_users', true).onDelete('CASCADE');
    reference(table, 'group_id', 'groups', true).onDelete('CASCADE');
    table.timestamp('due_date_time', { useTz: true }).nullable();
    reference(table, 'assigned_by_user_id', 'users', true).onDelete('SET NULL');
    timestamps(table, knex);
    table.index(['knowledge_check_id', 'created_at']);
  });

  await knex.schema.createTable('kc_responses', (table) => {
    table.string('id', 36).primary();
    tenant(table);
    reference(table, 'knowledge_check_id', 'knowledge_checks').onDelete('CASCADE');
    reference(table, 'tenant_user_id', 'tenant_users').onDelete('CASCADE');
    reference(table, 'assignment_id', 'kc_assignments', true).onDelete('SET NULL');
    /** assigned, in-progress or completed. */
    table.string('status', 16).notNullable();
    /** The seed of the draw (pure-rand), kept so the draw can be reproduced and audited. */
    table.bigInteger('seed').notNullable();
    /** 1 for the member's first response to the check, 2 for the second... (item analysis reads first attempts). */
    table.integer('attempt').notNullable();
    table.timestamp('due_date_time', { useTz: true }).nullable();
    table.timestamp('started_at', { useTz: true }).nullable();
    table.timestamp('completed_date_time', { useTz: true }).nullable();
    table.integer('correct_answers').nullable();
    table.integer('incorrect_answers').nullable();
    /** correct ÷ drawn × 100, two decimals. */
    table.decimal('score', 5, 2).nullable();
    timestamps(table, knex);
    table.index(['knowledge_check_id', 'tenant_user_id', 'status']);
    table.index(['tenant_user_id', 'status']);
    table.index(['tenant_id', 'status', 'completed_date_time']);
    table.index(['knowledge_check_id', 'status', 'attempt']);
  });
  // One unfinished (in-progress) response per member and check, enforced by the database against races.
  await knex.raw(`create unique index kc_responses_one_in_progress on kc_responses (knowledge_check_id, tenant_user_id) where status = 'in-progress'`);

  await knex.schema.createTable('kc_response_questions', (table) => {
    table.string('id', 36).primary();
    tenant(table);
    reference(table, 'response_id', 'kc_responses').onDelete('CASCADE');
    reference(table, 'question_id', 'kc_questions').onDelete('CASCADE');
    reference(table, 'question_version_id', 'kc_question_versions').onDelete('CASCADE');
    /** The drawn order, from 1. */
    table.integer('position').notNullable();
    /** Null while unanswered. */
    table.timestamp('answered_at', { useTz: true }).nullable();
    /** Set when the response is completed: the chosen set equals the answer set exactly. */
    table.boolean('is_correct').nullable();
    table.unique(['response_id', 'question_id']);
    table.index(['question_version_id']);
    table.index(['question_id']);
  });

  await knex.schema.createTable('kc_answer_choices', (table) => {
    tenant(table);
    reference(table, 'response_question_id', 'kc_response_questions').onDelete('CASCADE');
    reference(table, 'choice_id', 'kc_choices').onDelete('CASCADE');
    table.primary(['response_question_id', 'choice_id']);
    table.index(['choice_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'kc_answer_choices',
    'kc_response_questions',
    'kc_responses',
    'kc_assignments',
    'kc_choices',
    'kc_question_versions',
    'kc_questions',
    'knowledge_checks',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
