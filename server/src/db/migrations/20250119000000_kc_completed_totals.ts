import type { Knex } from 'knex';
import { createRowTriggers, dropRowTriggers, type RowTrigger } from './helpers/row-triggers.js';

/**
 * The number of completed responses of each check, kept by the database (issue 11; ARCHITECTURE.md#knowledge-check-reports).
 * The completed-responses report shows its total on every page; counting a check's 100,000 responses costs 10 ms of
 * PostgreSQL per page, and SQLite could only keep a count until the next commit. Here a row per check holds the
 * count, written by triggers in the transaction that completes (or removes) a response, whatever code does it: a
 * report page filtered by content (or not at all) adds up a few of these rows instead of counting responses.
 *
 * A check gets its row when it is created (a trigger too), so the response triggers only ever update. On
 * PostgreSQL two learners completing the same check at once take turns on its row for the rest of their (short)
 * completing transactions; the foreign key's share lock on the check is untouched (this is another table).
 */
const TRIGGERS: Record<string, RowTrigger> = {
  kc_completed_totals_check_created: {
    on: 'knowledge_checks',
    event: 'after insert',
    when: null,
    body: ['insert into kc_completed_totals (knowledge_check_id, completed) values (new.id, 0)'],
  },
  kc_completed_totals_response_inserted: {
    on: 'kc_responses',
    event: 'after insert',
    when: "new.status = 'completed'",
    body: ['update kc_completed_totals set completed = completed + 1 where knowledge_check_id = new.knowledge_check_id'],
  },
  kc_completed_totals_response_deleted: {
    on: 'kc_responses',
    event: 'after delete',
    when: "old.status = 'completed'",
    body: ['update kc_completed_totals set completed = completed - 1 where knowledge_check_id = old.knowledge_check_id'],
  },
  kc_completed_totals_response_updated: {
    on: 'kc_responses',
    event: 'after update of status, knowledge_check_id',
    when: "old.status = 'completed' or new.status = 'completed'",
    body: [
      "update kc_completed_totals set completed = completed - 1 where knowledge_check_id = old.knowledge_check_id and old.status = 'completed'",
      "update kc_completed_totals set completed = completed + 1 where knowledge_check_id = new.knowledge_check_id and new.status = 'completed'",
    ],
  },
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('kc_completed_totals', (table) => {
    table.string('knowledge_check_id', 36).primary().references('id').inTable('knowledge_checks').onDelete('CASCADE');
    table.integer('completed').notNullable();
  });
  await knex.raw(`insert into kc_completed_totals (knowledge_check_id, completed)
    select kc.id, (select count(*) from kc_responses r where r.knowledge_check_id = kc.id and r.status = 'completed')
    from knowledge_checks kc`);
  await createRowTriggers(knex, TRIGGERS);
}

export async function down(knex: Knex): Promise<void> {
  await dropRowTriggers(knex, TRIGGERS);
  await knex.schema.dropTable('kc_completed_totals');
}
