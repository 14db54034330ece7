/**
 * Assignments (not in the spec, which has the `assigned` status and a due date but no call that makes them): an
 * author assigns a check to members and/or groups with an optional due date. A member named directly must be able
 * to open the check (422 otherwise). Each member reached (a group's live, accepted members who can open the check
 * at that moment) gets one `assigned` response with the due date and its own seed — unless they
 * already have one assigned or in progress for the check — and one email. An assignment whose assignees have not
 * started can be removed with its assigned responses.
 */
import type { KnowledgeCheckAssignable } from '@tessera/sdk';
import { kcMessages, messages } from '@tessera/sdk/rules';
import type { Database, TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import type { ColumnKinds } from '../../db/model.js';
import { applySearch } from '../../db/paginate.js';
import type { Query } from '../../db/query.js';
import { chunks } from '../../db/relations.js';
import { HttpError, notFound, validationFailed } from '../../http/errors.js';
import type { FieldErrors } from '@tessera/sdk/rules';
import { membersWhoSee } from '../content/visibility.js';
import { newSeed } from './draw.js';
import { KcAssignment, KcResponse } from './models.js';
import { kcMessagesServer } from './policy.js';
import type { AssigneeRow, AssignmentRow, CheckRow } from './presenter.js';

/** Where a learner takes a check in the portal (the link of the assignment mail and its reminders). */
export function learnerCheckUrl(publicUrl: string, organizationSlug: string, check: Pick<CheckRow, 'id' | 'module_id' | 'component_id' | 'topic_id'>): string {
  const topicPart = check.topic_id ? `/topics/${check.topic_id}` : '';
  return `${publicUrl}/${organizationSlug}/modules/${check.module_id}/components/${check.component_id}${topicPart}/knowledgecheck/${check.id}`;
}

export interface AssignmentInput {
  tenant_user_ids: string[];
  group_ids: string[];
  due_date_time: Date | null;
}

/** Someone who got a new assigned response (to be emailed once the transaction is committed). */
export interface NewAssignee {
  tenant_user_id: string;
  name: string;
  email: string;
}

/** Live, accepted memberships of the organization among `ids`. */
async function liveMembers(org: TenantDatabase, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await org.rows<{ id: string }>(org.from('tenant_users').whereIn('id', part).whereNull('deleted_at').whereNull('invited_at').select('id'));
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** The members among `ids` who can open the check (content/visibility.ts: the one rule of who sees content). */
function membersWhoSeeCheck(org: TenantDatabase, check: CheckRow, ids: string[]): Promise<Set<string>> {
  return membersWhoSee(org, { moduleId: check.module_id, componentId: check.component_id, topicId: check.topic_id }, ids);
}

const LAST: ColumnKinds = { booleanColumns: [], dateColumns: [], numberColumns: ['last'] };

export async function createAssignments(
  db: Database,
  check: CheckRow,
  assignedBy: string,
  input: AssignmentInput,
): Promise<{ ids: string[]; assignees: NewAssignee[] }> {
  const org = db.inTenant(check.tenant_id);
  const errors: FieldErrors = {};
  const members = await liveMembers(org, input.tenant_user_ids);
  if (members.size < input.tenant_user_ids.length) errors.tenant_user_ids = [messages.selected('tenant_user_ids')];
  const groups = new Set<string>();
  for (const part of chunks(input.group_ids)) {
    for (const row of await org.rows<{ id: string }>(org.from('groups').whereIn('id', part).whereNull('deleted_at').select('id'))) groups.add(row.id);
  }
  if (groups.size < input.group_ids.length) errors.group_ids = [messages.selected('group_ids')];
  if (!errors.tenant_user_ids && (await membersWhoSeeCheck(org, check, input.tenant_user_ids)).size < input.tenant_user_ids.length) {
    errors.tenant_user_ids = [kcMessages.assigneeCannotSee];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  return org.transaction(async (tx) => {
    const now = new Date().toISOString();
    const dueDateTime = input.due_date_time?.toISOString() ?? null;
    const assignmentRow = (fields: { tenant_user_id: string | null; group_id: string | null }) => ({
      id: newId(),
      knowledge_check_id: check.id,
      ...fields,
      due_date_time: dueDateTime,
      assigned_by_user_id: assignedBy,
      created_at: now,
      updated_at: now,
    });
    const rows = [
      ...input.tenant_user_ids.map((id) => assignmentRow({ tenant_user_id: id, group_id: null })),
      ...input.group_ids.map((id) => assignmentRow({ tenant_user_id: null, group_id: id })),
    ];
    await tx.insertRows(KcAssignment, rows);

    // Who each assignment reaches: the member itself, or the group's live, accepted members; a member reached twice counts once.
    const reached = new Map<string, string>();
    for (const row of rows) if (row.tenant_user_id) reached.set(row.tenant_user_id, row.id);
    const byGroup = new Map(rows.filter((row) => row.group_id).map((row) => [row.group_id as string, row.id]));
    for (const part of chunks(input.group_ids)) {
      const memberships = await tx.rows<{ group_id: string; id: string }>(
        tx
          .from('tenant_users as tu')
          .join('group_tenant_users as g', 'g.tenant_user_id', 'tu.id')
          .whereIn('g.group_id', part)
          .whereNull('tu.deleted_at')
          .whereNull('tu.invited_at')
          .orderBy('g.group_id')
          .select('g.group_id', 'tu.id'),
      );
      for (const membership of memberships) if (!reached.has(membership.id)) reached.set(membership.id, byGroup.get(membership.group_id) as string);
    }

    // A group reaches only those of its members who can open the check.
    const seeing = await membersWhoSeeCheck(tx, check, [...reached.keys()]);
    const memberIds = [...reached.keys()].filter((id) => seeing.has(id));
    const busy = new Set<string>();
    const attempts = new Map<string, number>();
    // The check's responses (reached through the check) of these members.
    const responsesOf = (part: string[]) => tx.reached('kc_responses').where('knowledge_check_id', check.id).whereIn('tenant_user_id', part);
    for (const part of chunks(memberIds)) {
      for (const row of await tx.rows<{ tenant_user_id: string }>(responsesOf(part).whereIn('status', ['assigned', 'in-progress']).select('tenant_user_id')))
        busy.add(row.tenant_user_id);
      const maxima = await tx.rows<{ tenant_user_id: string; last: number }>(
        responsesOf(part).groupBy('tenant_user_id').select('tenant_user_id', tx.raw('max(attempt) as last')),
        LAST,
      );
      for (const row of maxima) attempts.set(row.tenant_user_id, row.last);
    }
    const fresh = memberIds.filter((id) => !busy.has(id));
    const responses = fresh.map((memberId) => ({
      id: newId(),
      knowledge_check_id: check.id,
      tenant_user_id: memberId,
      assignment_id: reached.get(memberId) as string,
      status: 'assigned',
      seed: newSeed(),
      attempt: (attempts.get(memberId) ?? 0) + 1,
      due_date_time: dueDateTime,
      created_at: now,
      updated_at: now,
    }));
    await tx.insertRows(KcResponse, responses);

    const assignees: NewAssignee[] = [];
    for (const part of chunks(fresh)) {
      // Members found in the organization above.
      const people = await tx.rows<NewAssignee>(
        tx.reached('tenant_users as tu').join('users as u', 'u.id', 'tu.user_id').whereIn('tu.id', part).select('tu.id as tenant_user_id', 'u.name', 'u.email'),
      );
      assignees.push(...people);
    }
    return { ids: rows.map((row) => row.id), assignees };
  });
}

/** The check's assignments (reached through the check), with the member or group each names. */
function assignmentQuery(org: TenantDatabase, checkId: string): Query {
  return org
    .reached('kc_assignments as a')
    .leftJoin('tenant_users as tu', 'tu.id', 'a.tenant_user_id')
    .leftJoin('users as u', 'u.id', 'tu.user_id')
    .leftJoin('groups as g', 'g.id', 'a.group_id')
    .where('a.knowledge_check_id', checkId)
    .select(
      'a.id',
      'a.knowledge_check_id',
      'a.due_date_time',
      'a.created_at',
      'a.tenant_user_id',
      'u.name as tenant_user_name',
      'u.email as tenant_user_email',
      'a.group_id',
      'g.name as group_name',
    );
}

/** The check's assignments (all, or those named), newest first, each with its assignees: two queries. */
export async function listAssignments(db: Database, check: CheckRow, only?: string[]): Promise<{ row: AssignmentRow; assignees: AssigneeRow[] }[]> {
  const org = db.inTenant(check.tenant_id);
  const query = assignmentQuery(org, check.id).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc');
  if (only) query.whereIn('a.id', only);
  const rows = await org.rows<AssignmentRow>(query, KcAssignment);
  const responses = await org.rows<AssigneeRow>(
    org
      .reached('kc_responses as r')
      .join('tenant_users as tu', 'tu.id', 'r.tenant_user_id')
      .join('users as u', 'u.id', 'tu.user_id')
      .where('r.knowledge_check_id', check.id)
      .whereNotNull('r.assignment_id')
      .orderBy('u.name')
      .orderBy('r.id')
      .select('r.assignment_id', 'r.tenant_user_id', 'u.name', 'u.email', 'r.status', 'r.completed_date_time', 'r.score'),
    KcResponse,
  );
  const byAssignment = new Map<string, AssigneeRow[]>();
  for (const response of responses) {
    const list = byAssignment.get(response.assignment_id) ?? [];
    list.push(response);
    byAssignment.set(response.assignment_id, list);
  }
  return rows.map((row) => ({ row, assignees: byAssignment.get(row.id) ?? [] }));
}

/** Removes an assignment and its assigned responses; 409 `assignment_started` once an assignee started. */
export async function deleteAssignment(db: Database, check: CheckRow, assignmentId: string): Promise<void> {
  await db.inTenant(check.tenant_id).transaction(async (org) => {
    // By its key: at most one row.
    const [assignment] = await org.rows(org.reached('kc_assignments').where({ id: assignmentId, knowledge_check_id: check.id }).select('id'));
    if (!assignment) throw notFound(kcMessagesServer.assignmentNotFound);
    const started = await org.row(org.reached('kc_responses').where('assignment_id', assignmentId).whereNot('status', 'assigned').select('id'));
    if (started) throw new HttpError(409, 'assignment_started', kcMessagesServer.assignmentStarted);
    await org.write(KcResponse).where({ assignment_id: assignmentId, status: 'assigned' }).delete();
    await org.write(KcAssignment).where('id', assignmentId).delete();
  });
}

const ASSIGNABLE_LIMIT = 20;

/**
 * The assign dialog's candidates (GET …/assignable): live, active, accepted members (no service accounts) by name or
 * email, and live groups by name, the first 20 of each by name. Authors who are not people managers get only what an
 * assignment needs, never the member list itself.
 */
export async function assignable(db: Database, tenantId: string, search: string | null): Promise<KnowledgeCheckAssignable> {
  const org = db.inTenant(tenantId);
  const members = org
    .from('tenant_users as tu')
    .join('users as u', 'u.id', 'tu.user_id')
    .whereNull('tu.deleted_at')
    .whereNull('tu.invited_at')
    .where('tu.is_active', true)
    .whereNull('u.deleted_at')
    .where('u.is_service_account', false)
    .orderByRaw('lower(u.name)')
    .orderBy('tu.id')
    .limit(ASSIGNABLE_LIMIT)
    .select('tu.id', 'u.name', 'u.email');
  const groups = org.from('groups as g').whereNull('g.deleted_at').orderByRaw('lower(g.name)').orderBy('g.id').limit(ASSIGNABLE_LIMIT).select('g.id', 'g.name');
  const [memberRows, groupRows] = await Promise.all([
    org.rows<KnowledgeCheckAssignable['members'][number]>(applySearch(members, ['u.name', 'u.email'], search)),
    org.rows<KnowledgeCheckAssignable['groups'][number]>(applySearch(groups, ['g.name'], search)),
  ]);
  return { members: memberRows, groups: groupRows };
}
