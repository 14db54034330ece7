import type { Knex } from 'knex';

/**
 * Assignment reminders (issue 34): when a learner was reminded that an assigned check is due within a day, and when
 * the assigner was told the learner is overdue. Each is sent at most once: the job sets the column in the
 * transaction that queues the mail, and only where it is still empty.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('kc_responses', (table) => {
    table.timestamp('reminded_at', { useTz: true }).nullable();
    table.timestamp('overdue_noticed_at', { useTz: true }).nullable();
    // The reminder job's read: open responses by due date.
    table.index(['status', 'due_date_time'], 'kc_responses_by_due_date');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('kc_responses', (table) => {
    table.dropIndex([], 'kc_responses_by_due_date');
    table.dropColumn('reminded_at');
    table.dropColumn('overdue_noticed_at');
  });
}
