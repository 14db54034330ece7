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
import type { Database } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { toIso, type Knex } from '../../db/knex.js';
import { applySearch } from '../../db/paginate.js';
import { chunks } from '../../db/relations.js';
import { HttpError, notFound, validationFailed } from '../../http/errors.js';
import type { FieldErrors } from '@tessera/sdk/rules';
import { newSeed } from './draw.js';
import { KcAssignment } from './models.js';
import { kcMessagesServer } from './policy.js';
import type { AssigneeRow, AssignmentRow, CheckRow } from './presenter.js';

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

/**
 * The members among `ids` who can open the check: admins, masters and the owner see everything; a learner needs the
 * check's content live and active and its module related to them, directly or through a live group (as
 * ARCHITECTURE.md#content-visibility). Two queries per 500 members.
 */
async function membersWhoSee(knex: Knex, check: CheckRow, ids: string[]): Promise<Set<string>> {
  const content = (await knex('components as c')
    .join('modules as m', 'm.id', 'c.module_id')
    .leftJoin('topics as t', (join) => join.on('t.id', knex.raw('?', [check.topic_id ?? ''])))
    .where('c.id', check.component_id)
    .first(
      'm.is_active as m_active',
      'm.deleted_at as m_deleted',
      'c.is_active as c_active',
      'c.deleted_at as c_deleted',
      't.is_active as t_active',
      't.deleted_at as t_deleted',
    )) as Record<string, unknown> | undefined;
  const active = (value: unknown) => value === true || value === 1 || value === '1';
  const live =
    content !== undefined &&
    active(content.m_active) &&
    active(content.c_active) &&
    content.m_deleted === null &&
    content.c_deleted === null &&
    (check.topic_id === null || (active(content.t_active) && content.t_deleted === null));
  const seeing = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = (await knex('tenant_users as tu')
      .whereIn('tu.id', part)
      .where((scope) => {
        scope.whereNot('tu.role', 'user');
        if (!live) return;
        scope
          .orWhereExists(
            knex('module_tenant_users as mtu').whereRaw('mtu.tenant_user_id = tu.id').where('mtu.module_id', check.module_id).select(knex.raw('1')),
          )
          .orWhereExists(
            knex('module_groups as mg')
              .join('group_tenant_users as gtu', 'gtu.group_id', 'mg.group_id')
              .join('groups as g', 'g.id', 'mg.group_id')
              .whereRaw('gtu.tenant_user_id = tu.id')
              .where('mg.module_id', check.module_id)
              .whereNull('g.deleted_at')
              .select(knex.raw('1')),
          );
      })
      .pluck('tu.id')) as string[];
    for (const id of rows) seeing.add(id);
  }
  return seeing;
}

/** Live, accepted memberships of the organization among `ids`. */
async function liveMembers(knex: Knex, tenantId: string, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = (await knex('tenant_users')
      .where('tenant_id', tenantId)
      .whereIn('id', part)
      .whereNull('deleted_at')
      .whereNull('invited_at')
      .pluck('id')) as string[];
    for (const id of rows) found.add(id);
  }
  return found;
}

export async function createAssignments(
  db: Database,
  check: CheckRow,
  assignedBy: string,
  input: AssignmentInput,
): Promise<{ ids: string[]; assignees: NewAssignee[] }> {
  const knex = db.knex;
  const errors: FieldErrors = {};
  const members = await liveMembers(knex, check.tenant_id, input.tenant_user_ids);
  if (members.size < input.tenant_user_ids.length) errors.tenant_user_ids = [messages.selected('tenant_user_ids')];
  const groups = new Set<string>();
  for (const part of chunks(input.group_ids)) {
    for (const id of (await knex('groups').where('tenant_id', check.tenant_id).whereIn('id', part).whereNull('deleted_at').pluck('id')) as string[])
      groups.add(id);
  }
  if (groups.size < input.group_ids.length) errors.group_ids = [messages.selected('group_ids')];
  if (!errors.tenant_user_ids && (await membersWhoSee(knex, check, input.tenant_user_ids)).size < input.tenant_user_ids.length) {
    errors.tenant_user_ids = [kcMessages.assigneeCannotSee];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  return db.transaction(async (tx) => {
    const trx = tx.knex;
    const now = new Date();
    const assignmentRow = (fields: { tenant_user_id: string | null; group_id: string | null }) => ({
      id: newId(),
      tenant_id: check.tenant_id,
      knowledge_check_id: check.id,
      ...fields,
      due_date_time: input.due_date_time,
      assigned_by_user_id: assignedBy,
      created_at: now,
      updated_at: now,
    });
    const rows = [
      ...input.tenant_user_ids.map((id) => assignmentRow({ tenant_user_id: id, group_id: null })),
      ...input.group_ids.map((id) => assignmentRow({ tenant_user_id: null, group_id: id })),
    ];
    for (const part of chunks(rows, 200)) await trx('kc_assignments').insert(part);

    // Who each assignment reaches: the member itself, or the group's live, accepted members; a member reached twice counts once.
    const reached = new Map<string, string>();
    for (const row of rows) if (row.tenant_user_id) reached.set(row.tenant_user_id, row.id);
    const byGroup = new Map(rows.filter((row) => row.group_id).map((row) => [row.group_id as string, row.id]));
    for (const part of chunks(input.group_ids)) {
      const memberships = (await trx('group_tenant_users as g')
        .join('tenant_users as tu', 'tu.id', 'g.tenant_user_id')
        .whereIn('g.group_id', part)
        .where('tu.tenant_id', check.tenant_id)
        .whereNull('tu.deleted_at')
        .whereNull('tu.invited_at')
        .orderBy('g.group_id')
        .select('g.group_id', 'tu.id')) as { group_id: string; id: string }[];
      for (const membership of memberships) if (!reached.has(membership.id)) reached.set(membership.id, byGroup.get(membership.group_id) as string);
    }

    // A group reaches only those of its members who can open the check.
    const seeing = await membersWhoSee(trx, check, [...reached.keys()]);
    const memberIds = [...reached.keys()].filter((id) => seeing.has(id));
    const busy = new Set<string>();
    const attempts = new Map<string, number>();
    for (const part of chunks(memberIds)) {
      for (const id of (await trx('kc_responses')
        .where('knowledge_check_id', check.id)
        .whereIn('tenant_user_id', part)
        .whereIn('status', ['assigned', 'in-progress'])
        .pluck('tenant_user_id')) as string[])
        busy.add(id);
      const maxima = (await trx('kc_responses')
        .where('knowledge_check_id', check.id)
        .whereIn('tenant_user_id', part)
        .groupBy('tenant_user_id')
        .select('tenant_user_id', trx.raw('max(attempt) as last'))) as { tenant_user_id: string; last: number | string }[];
      for (const row of maxima) attempts.set(row.tenant_user_id, Number(row.last));
    }
    const fresh = memberIds.filter((id) => !busy.has(id));
    const responses = fresh.map((memberId) => ({
      id: newId(),
      tenant_id: check.tenant_id,
      knowledge_check_id: check.id,
      tenant_user_id: memberId,
      assignment_id: reached.get(memberId) as string,
      status: 'assigned',
      seed: newSeed(),
      attempt: (attempts.get(memberId) ?? 0) + 1,
      due_date_time: input.due_date_time,
      created_at: now,
      updated_at: now,
    }));
    for (const part of chunks(responses, 200)) await trx('kc_responses').insert(part);

    const assignees: NewAssignee[] = [];
    for (const part of chunks(fresh)) {
      const people = (await trx('tenant_users as tu')
        .join('users as u', 'u.id', 'tu.user_id')
        .whereIn('tu.id', part)
        .select('tu.id as tenant_user_id', 'u.name', 'u.email')) as NewAssignee[];
      assignees.push(...people);
    }
    return { ids: rows.map((row) => row.id), assignees };
  });
}

function assignmentQuery(knex: Knex, checkId: string): Knex.QueryBuilder {
  return knex('kc_assignments as a')
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
export async function listAssignments(knex: Knex, checkId: string, only?: string[]): Promise<{ row: AssignmentRow; assignees: AssigneeRow[] }[]> {
  const query = assignmentQuery(knex, checkId).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc');
  if (only) query.whereIn('a.id', only);
  const rows = ((await query) as AssignmentRow[]).map((row) => ({
    ...row,
    due_date_time: row.due_date_time === null ? null : toIso(row.due_date_time),
    created_at: toIso(row.created_at),
  }));
  const responses = (await knex('kc_responses as r')
    .join('tenant_users as tu', 'tu.id', 'r.tenant_user_id')
    .join('users as u', 'u.id', 'tu.user_id')
    .where('r.knowledge_check_id', checkId)
    .whereNotNull('r.assignment_id')
    .orderBy('u.name')
    .orderBy('r.id')
    .select('r.assignment_id', 'r.tenant_user_id', 'u.name', 'u.email', 'r.status', 'r.completed_date_time', 'r.score')) as AssigneeRow[];
  const byAssignment = new Map<string, AssigneeRow[]>();
  for (const response of responses) {
    const list = byAssignment.get(response.assignment_id) ?? [];
    list.push({ ...response, completed_date_time: response.completed_date_time === null ? null : toIso(response.completed_date_time) });
    byAssignment.set(response.assignment_id, list);
  }
  return rows.map((row) => ({ row, assignees: byAssignment.get(row.id) ?? [] }));
}

/** Removes an assignment and its assigned responses; 409 `assignment_started` once an assignee started. */
export async function deleteAssignment(db: Database, check: CheckRow, assignmentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const trx = tx.knex;
    const assignment = await KcAssignment.query(trx).findOne({ id: assignmentId, knowledge_check_id: check.id });
    if (!assignment) throw notFound(kcMessagesServer.assignmentNotFound);
    const started = await trx('kc_responses').where('assignment_id', assignmentId).whereNot('status', 'assigned').first('id');
    if (started) throw new HttpError(409, 'assignment_started', kcMessagesServer.assignmentStarted);
    await trx('kc_responses').where({ assignment_id: assignmentId, status: 'assigned' }).delete();
    await trx('kc_assignments').where('id', assignmentId).delete();
  });
}

const ASSIGNABLE_LIMIT = 20;

/**
 * The assign dialog's candidates (GET …/assignable): live, active, accepted members (no service accounts) by name or
 * email, and live groups by name, the first 20 of each by name. Authors who are not people managers get only what an
 * assignment needs, never the member list itself.
 */
export async function assignable(knex: Knex, tenantId: string, search: string | null): Promise<KnowledgeCheckAssignable> {
  const members = knex('tenant_users as tu')
    .join('users as u', 'u.id', 'tu.user_id')
    .where('tu.tenant_id', tenantId)
    .whereNull('tu.deleted_at')
    .whereNull('tu.invited_at')
    .where('tu.is_active', true)
    .whereNull('u.deleted_at')
    .where('u.is_service_account', false)
    .orderByRaw('lower(u.name)')
    .orderBy('tu.id')
    .limit(ASSIGNABLE_LIMIT)
    .select('tu.id', 'u.name', 'u.email');
  const groups = knex('groups as g')
    .where('g.tenant_id', tenantId)
    .whereNull('g.deleted_at')
    .orderByRaw('lower(g.name)')
    .orderBy('g.id')
    .limit(ASSIGNABLE_LIMIT)
    .select('g.id', 'g.name');
  const [memberRows, groupRows] = await Promise.all([
    applySearch(members, ['u.name', 'u.email'], search) as Promise<KnowledgeCheckAssignable['members']>,
    applySearch(groups, ['g.name'], search) as Promise<KnowledgeCheckAssignable['groups']>,
  ]);
  return { members: memberRows, groups: groupRows };
}
