/**
 * Assignment reminders (issue 34), run by the job queue every REMINDER_INTERVAL_MS, once across processes
 * (background-work.ts): a learner whose assigned check is due within a day and not completed is reminded once; the
 * assigner of a learner whose check passed its due date uncompleted is told once. Only live organizations,
 * memberships, accounts and content (the check's topic, component and module) count. Each mail is queued in the transaction that marks its response, and only
 * where the mark is still empty, so two runs never send it twice.
 */
import type { AppServices } from '../../context.js';
import type { Database } from '../../db/database.js';
import { publishEvent, type EventData } from '../../events/publish.js';
import { queueMail } from '../../jobs/mail.js';
import { knowledgeCheckDueSoonEmail, knowledgeCheckOverdueEmail } from '../../mail/templates.js';
import { learnerCheckUrl } from './assignments.js';
import { KcResponse } from './models.js';

const DAY_MS = 86_400_000;
/** Responses a run handles at most, per kind: the next run takes the rest. */
const BATCH = 500;

interface OpenResponse {
  id: string;
  tenant_id: string;
  due_date_time: string;
  check_id: string;
  check_name: string;
  module_id: string;
  component_id: string;
  topic_id: string | null;
  slug: string;
  organization: string;
  member_id: string;
  learner_id: string;
  learner_email: string;
  learner_name: string;
  assigner_email: string | null;
  assigner_name: string | null;
}

/** Open (assigned or in progress) responses with a due date, of live organizations, members, accounts and checks. */
function openResponses(db: Database, mark: 'reminded_at' | 'overdue_noticed_at') {
  return (
    db
      .acrossTenants('kc_responses as r')
      .join('knowledge_checks as kc', 'kc.id', 'r.knowledge_check_id')
      // A check lives in its topic or component (features/knowledge-checks/hot.ts `checkQuery`).
      .leftJoin('topics as tp', 'tp.id', 'kc.topic_id')
      .joinRaw('join components c on c.id = coalesce(kc.component_id, tp.component_id)')
      .join('modules as m', 'm.id', 'c.module_id')
      .join('tenants as t', 't.id', 'r.tenant_id')
      .join('tenant_users as tu', 'tu.id', 'r.tenant_user_id')
      .join('users as u', 'u.id', 'tu.user_id')
      .leftJoin('kc_assignments as a', 'a.id', 'r.assignment_id')
      .leftJoin('users as au', 'au.id', 'a.assigned_by_user_id')
      .whereIn('r.status', ['assigned', 'in-progress'])
      .whereNotNull('r.due_date_time')
      .whereNull(`r.${mark}`)
      .whereNull('tp.deleted_at')
      .whereNull('c.deleted_at')
      .whereNull('m.deleted_at')
      .whereNull('t.deleted_at')
      .whereNull('tu.deleted_at')
      .where('tu.is_active', true)
      .whereNull('u.deleted_at')
      .where('u.is_active', true)
      .orderBy('r.due_date_time')
      .limit(BATCH)
      .select(
        'r.id',
        'r.tenant_id',
        'r.due_date_time',
        'kc.id as check_id',
        db.raw('coalesce(tp.name, c.name) as check_name'),
        'm.id as module_id',
        'c.id as component_id',
        'kc.topic_id',
        't.slug',
        't.name as organization',
        'tu.id as member_id',
        'u.id as learner_id',
        'u.email as learner_email',
        'u.name as learner_name',
        'au.email as assigner_email',
        'au.name as assigner_name',
      )
  );
}

/**
 * Sets `mark` on the response and queues its mail (and the overdue event, if any) in one transaction, unless another run set
 * it first.
 */
async function markAndMail(
  services: Pick<AppServices, 'db' | 'jobs' | 'config'>,
  row: OpenResponse,
  mark: 'reminded_at' | 'overdue_noticed_at',
  mail: Parameters<typeof queueMail>[2],
  overdue?: EventData<'knowledge_check.assignment.overdue'>,
) {
  return services.db.transaction(async (tx) => {
    const now = new Date().toISOString();
    const marked = await tx
      .inTenant(row.tenant_id)
      .write(KcResponse)
      .where({ id: row.id })
      .whereNull(mark)
      .patch({ [mark]: now, updated_at: now });
    if (marked === 0) return false;
    await queueMail(services, tx, mail);
    if (overdue) await publishEvent(services.jobs, tx.inTenant(row.tenant_id), 'knowledge_check.assignment.overdue', overdue);
    return true;
  });
}

function overdueEvent(row: OpenResponse): EventData<'knowledge_check.assignment.overdue'> {
  return {
    response_id: row.id,
    knowledge_check: { id: row.check_id, name: row.check_name },
    member: { id: row.member_id, user_id: row.learner_id, name: row.learner_name, email: row.learner_email },
    due_date_time: row.due_date_time,
  };
}

export async function sendAssignmentReminders(
  services: Pick<AppServices, 'db' | 'jobs' | 'config'>,
  now = new Date(),
): Promise<{ reminded: number; overdue: number }> {
  const { db, config } = services;
  const url = (row: OpenResponse) =>
    learnerCheckUrl(config.publicUrl, row.slug, { id: row.check_id, module_id: row.module_id, component_id: row.component_id, topic_id: row.topic_id });
  let reminded = 0;
  let overdue = 0;

  const dueSoon = await db.rows<OpenResponse>(
    openResponses(db, 'reminded_at')
      .where('r.due_date_time', '>', now.toISOString())
      .where('r.due_date_time', '<=', new Date(now.getTime() + DAY_MS).toISOString()),
    KcResponse,
  );
  for (const row of dueSoon) {
    const mail = knowledgeCheckDueSoonEmail(row.learner_email, row.learner_name, {
      check: row.check_name,
      organization: row.organization,
      dueDateTime: row.due_date_time,
      url: url(row),
    });
    if (await markAndMail(services, row, 'reminded_at', mail)) reminded += 1;
  }

  const late = await db.rows<OpenResponse>(
    openResponses(db, 'overdue_noticed_at').whereNotNull('au.id').whereNull('au.deleted_at').where('r.due_date_time', '<=', now.toISOString()),
    KcResponse,
  );
  for (const row of late) {
    const notice = {
      check: row.check_name,
      organization: row.organization,
      learner: row.learner_name || row.learner_email,
      dueDateTime: row.due_date_time,
      url: url(row),
    };
    const mail = knowledgeCheckOverdueEmail(row.assigner_email as string, row.assigner_name ?? '', notice);
    if (await markAndMail(services, row, 'overdue_noticed_at', mail, overdueEvent(row))) overdue += 1;
  }
  return { reminded, overdue };
}
