/**
 * "My Knowledge Checks" (issue 37): the checks a member can take, with where the member stands with each. A learner's
 * are those of the content they see (content/visibility.ts, the one rule), an author's every check of live content.
 * The member's open response (assigned or in progress) and latest completed one are read per row by correlated
 * subqueries on the index (knowledge_check_id, tenant_user_id, status): a page of 25 costs its two queries
 * (paginate) whatever the member's history.
 */
import type { Database } from '../../db/database.js';
import { TesseraModel, withColumns } from '../../db/model.js';
import { paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import type { Viewer } from '../content/visibility.js';
import { whereCheckVisible } from './hot.js';

/** A row of the list as read: the check, where it lives, and the member's open and latest completed responses. */
export interface MyCheckRow {
  id: string;
  name: string;
  module_id: string;
  module_name: string;
  component_id: string;
  component_name: string;
  topic_id: string | null;
  topic_name: string | null;
  response_id: string | null;
  open_status: 'assigned' | 'in-progress' | null;
  open_assignment_id: string | null;
  due_date_time: string | null;
  last_score: number | null;
  last_completed_date_time: string | null;
}

const MY_CHECK_ROW = withColumns(TesseraModel, { dateColumns: ['due_date_time', 'last_completed_date_time'], numberColumns: ['last_score'] });

/** The member (`me`, joined by id) and the row's check (`kc`): SQL of the member's responses to it. */
const RESPONSES = 'from kc_responses r where r.knowledge_check_id = kc.id and r.tenant_user_id = me.id';
/** A column of the member's open response (assigned or in progress; the newest, should there be two). */
const open = (column: string) => `(select r.${column} ${RESPONSES} and r.status in ('assigned', 'in-progress') order by r.created_at desc limit 1)`;
/** A column of the member's latest completed response. */
const lastCompleted = (column: string) => `(select r.${column} ${RESPONSES} and r.status = 'completed' order by r.completed_date_time desc limit 1)`;
/** An assignment of the check awaits the member: an assigned response, or one in progress that came from an assignment. */
const AWAITS_ASSIGNMENT = `exists (select 1 ${RESPONSES} and (r.status = 'assigned' or (r.status = 'in-progress' and r.assignment_id is not null)))`;
const NAME = 'coalesce(t.name, c.name)';

type MyCheckSort = 'due' | 'name';

export const MY_CHECKS: ListDefinition<MyCheckSort> = {
  sorts: {
    // Assigned first, the earliest due date first and those without one after them, then by name.
    due: [
      `case when ${AWAITS_ASSIGNMENT} then 0 else 1 end`,
      `case when ${open('due_date_time')} is null then 1 else 0 end`,
      open('due_date_time'),
      `lower(${NAME})`,
    ],
    name: [`lower(${NAME})`],
  },
  defaultOrder: 'due',
  tieBreaker: 'kc.id',
  searchColumns: [NAME],
};

/** A page of the member's checks. */
export function myChecks(db: Database, viewer: Viewer, params: ListParams<MyCheckSort>): Promise<Page<MyCheckRow>> {
  const org = db.inTenant(viewer.tenantId);
  const filtered = org
    .from('knowledge_checks as kc')
    .leftJoin('topics as t', 't.id', 'kc.topic_id')
    .joinRaw('join components c on c.id = coalesce(kc.component_id, t.component_id)')
    .join('modules as m', 'm.id', 'c.module_id')
    .join('tenant_users as me', (join) => join.on('me.id', org.raw('?', [viewer.memberId])))
    // Archived content's checks are nobody's to take, an author's included.
    .whereNull('m.deleted_at')
    .whereNull('c.deleted_at')
    .where((scope) => scope.whereNull('kc.topic_id').orWhereNull('t.deleted_at'));
  whereCheckVisible(org, filtered, viewer, 'many');
  return paginate<MyCheckRow, MyCheckSort>(
    db,
    filtered,
    params,
    MY_CHECKS,
    (query) =>
      query.select(
        'kc.id',
        org.raw(`${NAME} as name`),
        'm.id as module_id',
        'm.name as module_name',
        'c.id as component_id',
        'c.name as component_name',
        't.id as topic_id',
        't.name as topic_name',
        org.raw(`${open('id')} as response_id`),
        org.raw(`${open('status')} as open_status`),
        org.raw(`${open('assignment_id')} as open_assignment_id`),
        org.raw(`${open('due_date_time')} as due_date_time`),
        org.raw(`${lastCompleted('score')} as last_score`),
        org.raw(`${lastCompleted('completed_date_time')} as last_completed_date_time`),
      ),
    { columns: MY_CHECK_ROW },
  );
}
