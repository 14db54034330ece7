/**
 * The knowledge checks' hot paths (ARCHITECTURE.md#data-access), measured by server/bench/kc.ts: "save an answer"
 * (32 learners saving answers to their in-progress responses: answers/s and p99) and the learner flows ("start a
 * response (in learner flows)": starting, answering every drawn question and completing, over and over):
 * - the check as a viewer may see it, compiled once per kind of viewer: every call on a check starts with it;
 * - the target of an answer (the response, the drawn question, its version and how many of the chosen ids are its
 *   choices), one compiled read;
 * - the save itself, three compiled writes in one compiled transaction (`db.compiledTransaction`).
 * Whatever the bank's, the draw's or the choices' size, a saved answer builds no SQL.
 */
import { compiledRead, jsonListValues, whereInJsonList } from '../../db/compiled-read.js';
import { compiledWrite } from '../../db/compiled-write.js';
import type { Database } from '../../db/database.js';
import { withColumns, type ColumnKinds } from '../../db/model.js';
import type { Query, TenantSql } from '../../db/query.js';
import {
  placeholderViewer,
  viewerValues,
  whereComponentVisible,
  whereLive,
  type Reach,
  type Viewer,
  type ViewerParams,
  type ViewerScope,
} from '../content/visibility.js';
import { KnowledgeCheckModel } from './models.js';
import type { CheckRow } from './presenter.js';

// ------------------------------------------------------------------------------------------------
// The check as a viewer may see it

/** A check row as read: the check's columns, where it lives and its active bank's size. */
export const CHECK_ROW = withColumns(KnowledgeCheckModel, { numberColumns: ['question_count'] });

/** The organization's checks with where they live: the topic (if any), the component (its own or the topic's) and module. */
export function checkQuery(org: TenantSql): Query {
  return org
    .from('knowledge_checks as kc')
    .leftJoin('topics as t', 't.id', 'kc.topic_id')
    .joinRaw('join components c on c.id = coalesce(kc.component_id, t.component_id)')
    .join('modules as m', 'm.id', 'c.module_id')
    .select(
      'kc.id',
      'kc.tenant_id',
      'kc.topic_id',
      'c.id as component_id',
      'm.id as module_id',
      org.raw('coalesce(t.name, c.name) as name'),
      'kc.instructions',
      'kc.number_questions',
      'kc.use_question_bank',
      org.reached('kc_questions as kq').count('*').whereRaw('kq.knowledge_check_id = kc.id').whereNull('kq.archived_at').as('question_count'),
    );
}

/**
 * Limits a check query to what the viewer may see: for a learner, live, active content related to them. `reach` as the
 * content rule takes it: one check by id, or a list of them (My Knowledge Checks).
 */
export function whereCheckVisible(org: TenantSql, query: Query, viewer: ViewerScope, reach: Reach = 'one'): Query {
  whereComponentVisible(org, query, viewer, reach);
  if (!viewer.seesAll) query.where((scope) => scope.whereNull('kc.topic_id').orWhere((topic) => whereLive(topic, 't')));
  return query;
}

/** A check by id as a viewer may see it, compiled once per kind of viewer. */
const checkById = (seesAll: boolean) =>
  compiledRead<CheckRow, ViewerParams & { id: string }>((sql, param) => {
    const org = sql.inTenant(param('tenantId'));
    return whereCheckVisible(org, checkQuery(org), placeholderViewer(seesAll, param)).where('kc.id', param('id')).limit(1);
  });
const checkByIdFor = { all: checkById(true), related: checkById(false) };

/** The check by id as the viewer may see it (undefined otherwise). */
export async function checkByIdAsSeen(db: Database, viewer: Viewer, id: string): Promise<CheckRow | undefined> {
  const [row] = await db.read(checkByIdFor[viewer.seesAll ? 'all' : 'related'], { ...viewerValues(viewer), id }, CHECK_ROW);
  return row;
}

// ------------------------------------------------------------------------------------------------
// Saving an answer

export interface AnswerTarget {
  status: string;
  rq_id: string | null;
  version_id: string | null;
  type: string | null;
  found: number;
}

const ANSWER_TARGET: ColumnKinds = { booleanColumns: [], dateColumns: [], numberColumns: ['found'] };

interface AnswerTargetParams extends Record<string, unknown> {
  tenantId: string;
  responseId: string;
  checkId: string;
  memberId: string;
  questionId: string;
  /** The chosen choices' ids, a JSON list. */
  choiceIds: string;
}

/**
 * The response, the drawn question and how many of the chosen ids are its choices, in one read. The response is
 * reached through the check (found in the organization) and the member.
 */
const answerTargetRead = compiledRead<AnswerTarget, AnswerTargetParams>((sql, param) => {
  const org = sql.inTenant(param('tenantId'));
  return org
    .reached('kc_responses as r')
    .leftJoin('kc_response_questions as rq', (join) => join.on('rq.response_id', 'r.id').andOn('rq.question_id', org.raw('?', [param('questionId')])))
    .leftJoin('kc_question_versions as v', 'v.id', 'rq.question_version_id')
    .where({ 'r.id': param('responseId'), 'r.knowledge_check_id': param('checkId'), 'r.tenant_user_id': param('memberId') })
    .select(
      'r.status',
      'rq.id as rq_id',
      'v.id as version_id',
      'v.type',
      whereInJsonList(org, org.reached('kc_choices as ch').whereRaw('ch.question_version_id = v.id'), 'ch.id', param('choiceIds')).count('*').as('found'),
    )
    .limit(1);
});

/** The target of an answer (undefined: no such response of the member's). */
export async function answerTarget(db: Database, values: AnswerTargetParams): Promise<AnswerTarget | undefined> {
  const [row] = await db.read(answerTargetRead, values, ANSWER_TARGET);
  return row;
}

/** Marks a drawn question answered while its response is in progress (0 rows: completed meanwhile). */
const markAnswered = compiledWrite<{ tenantId: string; rqId: string; responseId: string; at: Date }>((sql, param) => {
  const org = sql.inTenant(param('tenantId'));
  return org
    .reached('kc_response_questions')
    .where('id', param('rqId'))
    .whereExists(
      org
        .reached('kc_responses')
        .where({ id: param('responseId'), status: 'in-progress' })
        .select(org.raw('1')),
    )
    .update({ answered_at: param('at') });
});

const forgetChoices = compiledWrite<{ tenantId: string; rqId: string }>((sql, param) =>
  sql.inTenant(param('tenantId')).reached('kc_answer_choices').where('response_question_id', param('rqId')).delete(),
);

/** The chosen choices, a JSON list of ids: one statement for any number of them. */
const insertChoices = compiledWrite<{ tenantId: string; rqId: string; choiceIds: string }>((sql, param) => {
  const org = sql.inTenant(param('tenantId'));
  return org
    .query()
    .into(org.raw('?? (??, ??, ??)', ['kc_answer_choices', 'tenant_id', 'response_question_id', 'choice_id']))
    .insert(
      org
        .query()
        .select(org.raw('?', [org.tenantId]), org.raw('?', [param('rqId')]), 'value')
        .from(jsonListValues(org, param('choiceIds'))),
    );
});

/**
 * Saves a drawn question's chosen choices, replacing an earlier save, in one compiled transaction; answers false
 * (nothing written) when the response is no longer in progress.
 */
export function writeAnswer(db: Database, values: { tenantId: string; rqId: string; responseId: string; choiceIds: string[] }): Promise<boolean> {
  const { tenantId, rqId, responseId } = values;
  return db.compiledTransaction(async (tx) => {
    if ((await tx.write(markAnswered, { tenantId, rqId, responseId, at: new Date() })) === 0) return false;
    await tx.write(forgetChoices, { tenantId, rqId });
    await tx.write(insertChoices, { tenantId, rqId, choiceIds: JSON.stringify(values.choiceIds) });
    return true;
  });
}
