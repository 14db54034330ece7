/**
 * The knowledge check reports' hot paths (ARCHITECTURE.md#data-access), measured by server/bench/kc.ts over a check's
 * 100,000 completed responses:
 * - "report page, user filter" and "report page, module filter": the report's page read and total strategies, the
 *   members a `user` filter matches found first and applied as their ids (`membersMatching`, `reportList`), and the
 *   total known from the selected checks' kept totals (`reportChecks`), so no page counts 100,000 responses;
 * - the item analysis, cold (the first call after start): its aggregates over the responses and their drawn rows are
 *   costly reads (`{ costly: true }`), sent to SQLite's read threads from their first run.
 */
import { whereInJsonList } from '../../db/compiled-read.js';
import { searchMemberPeople } from '../../db/contains-search.js';
import type { Database, TenantDatabase } from '../../db/database.js';
import { correctOf } from '../../db/kc-analysis-totals.js';
import { TesseraModel, withColumns } from '../../db/model.js';
import type { ListDefinition } from '../../db/paginate.js';
import type { Query, TenantSql } from '../../db/query.js';

export type KcReportSortKey = 'user' | 'knowledge_check' | 'date' | 'score';

export const KC_REPORT_LIST: ListDefinition<KcReportSortKey> = {
  sorts: {
    user: 'lower(u.name)',
    knowledge_check: `lower(m.name || ' / ' || c.name || ' / ' || coalesce(t.name, ''))`,
    date: 'r.completed_date_time',
    score: 'r.score',
  },
  defaultOrder: 'date',
  defaultDesc: true,
  tieBreaker: 'r.id',
  searchColumns: ['u.name', 'u.email'],
  // The `user` filter: a name or email containing the term, through the people search index.
  search: searchMemberPeople,
  page: 'keysJoinedToRows',
  // A check's 100,000 responses: the page walks `kc_responses_report` down the date and stops at its end; the total
  // is the checks' kept totals (reportChecks), or with a `user` filter counted apart and kept until the next commit
  // (server/bench/kc.ts).
  total: 'keptCount',
};

export interface KcReportFilters {
  module?: string;
  component?: string;
  topic?: string;
}

/** A check the content filters select, with its number of completed responses as the database keeps it. */
const CHECK_TOTAL = withColumns(TesseraModel, { numberColumns: ['completed'] });

/**
 * The organization's checks the content filters select (all of them without one) and the sum of their numbers of
 * completed responses as the database keeps them (kc_completed_totals, migration 20250119000000): the report's total
 * without a `user` filter.
 */
export async function reportChecks(org: TenantDatabase, filters: KcReportFilters): Promise<{ ids: string[]; completed: number }> {
  const checks = org
    .from('knowledge_checks as fkc')
    .leftJoin('topics as ft', 'ft.id', 'fkc.topic_id')
    .joinRaw('join components as fc on fc.id = coalesce(fkc.component_id, ft.component_id)')
    .leftJoin('kc_completed_totals as fct', 'fct.knowledge_check_id', 'fkc.id')
    .select('fkc.id', 'fct.completed');
  if (filters.module) checks.where('fc.module_id', filters.module);
  if (filters.component) checks.where('fc.id', filters.component);
  if (filters.topic) checks.where('fkc.topic_id', filters.topic);
  const rows = await org.rows<{ id: string; completed: number | null }>(checks, CHECK_TOTAL);
  return { ids: rows.map((check) => check.id), completed: rows.reduce((sum, check) => sum + (check.completed ?? 0), 0) };
}

/** A `user` filter matching at most this many of the organization's members is applied as their ids. */
const MAX_MEMBERS_BY_ID = 500;

/**
 * The ids of the organization's members (past ones too: their responses stay in the report) whose name or email
 * contains the term, when at most MAX_MEMBERS_BY_ID match; undefined when more do. Found first, the few matches make
 * the page a walk of their responses (kc_responses by member), whatever the database estimates: PostgreSQL, guessing
 * 202 matches of 45 for a name, walked the whole organization's responses down the date instead (44–64 ms).
 */
export async function membersMatching(org: TenantDatabase, term: string): Promise<string[] | undefined> {
  const members = org.from('tenant_users as tu').join('users as u', 'u.id', 'tu.user_id');
  const rows = await org.rows<{ id: string }>(
    searchMemberPeople(org.db, members, term)
      .select('tu.id')
      .limit(MAX_MEMBERS_BY_ID + 1),
  );
  return rows.length > MAX_MEMBERS_BY_ID ? undefined : rows.map((row) => row.id);
}

/**
 * The report's list: as defined, or with the `user` filter as the matching members' ids (one SQL text for any number
 * of them). The few members' responses are all read to sort them: their count comes with the page's keys, unless the
 * database keeps counts between requests (SQLite's kept answers; PostgreSQL would count in a statement of its own).
 */
export function reportList(org: TenantSql, members: string[] | undefined): ListDefinition<KcReportSortKey> {
  if (!members) return KC_REPORT_LIST;
  const byMembers = (_db: Database, query: Query) => whereInJsonList(org, query, 'r.tenant_user_id', JSON.stringify(members));
  return { ...KC_REPORT_LIST, search: byMembers, total: 'keptCountOrWithKeys' };
}

// ------------------------------------------------------------------------------------------------
// The item analysis' costly reads

export type Attempts = 'first' | 'all';

/** A costly aggregate over a check's responses (see `Database.rows`). */
const COSTLY = { costly: true };

/**
 * The analysed responses of a check: every completed one, or first attempts (`attempt = 1`, completed). The check
 * was found in the organization first, so its responses need no tenant filter (which would leave the index).
 */
function analysedResponses(org: TenantSql, checkId: string, attempts: Attempts): Query {
  const query = org.reached('kc_responses as r').where('r.knowledge_check_id', checkId).where('r.status', 'completed');
  return attempts === 'first' ? query.where('r.attempt', 1) : query;
}

/** The drawn rows of analysed responses, through the copies the completion trigger wrote (migration 20250117000001). */
function analysedRows(query: Query, column: string, attempts: Attempts): Query {
  return attempts === 'first' ? query.where(column, 1) : query.whereNotNull(column);
}

/** The analysed responses of one score. */
export interface ScoreTotals {
  score: number;
  n: number;
  sum_score: number;
  sum_x: number;
  sum_x2: number;
}

const SCORE_TOTALS = withColumns(TesseraModel, { numberColumns: ['score', 'n', 'sum_score', 'sum_x', 'sum_x2'] });

/** The analysed responses' totals by score, highest first. */
export async function analysedScores(org: TenantDatabase, checkId: string, attempts: Attempts): Promise<ScoreTotals[]> {
  // By score, down the index (knowledge_check_id, status, score, …): no sort, and the ranks below need the counts.
  const rows = await org.rows<ScoreTotals>(
    analysedResponses(org, checkId, attempts)
      .select(
        'r.score',
        org.raw('count(*) as n'),
        // The exact scores (a response's `score` is rounded to two decimals): a mean of rounded scores is off.
        org.raw('sum(100.0 * r.correct_answers / nullif(r.correct_answers + r.incorrect_answers, 0)) as sum_score'),
        org.raw('sum(r.correct_answers) as sum_x'),
        org.raw('sum(r.correct_answers * r.correct_answers) as sum_x2'),
      )
      .groupBy('r.score'),
    SCORE_TOTALS,
    COSTLY,
  );
  return rows.sort((a, b) => b.score - a.score);
}

/** Where a ranked response stands: its score and its place among that score's responses by id. */
export interface RankPlace {
  score: number | null;
  offset: number;
}

/** The response that bounds the upper or the lower group. */
export interface Edge {
  edge: 'upper' | 'lower';
  score: number;
  id: string;
}

const EDGE = withColumns(TesseraModel, { numberColumns: ['score'] });

/**
 * The g-th response from the top and from the bottom: the upper group is every response ranked at or above the
 * first, the lower every one at or below the second. The counts by score say which score each has (`RankPlace`), so
 * each is found down that score's responses by id (the index's order), not by sorting every response.
 */
export function rankEdges(org: TenantDatabase, checkId: string, attempts: Attempts, upper: RankPlace, lower: RankPlace): Promise<Edge[]> {
  const edge = (name: Edge['edge'], at: RankPlace) =>
    org
      .query()
      .select('*')
      .from(
        analysedResponses(org, checkId, attempts)
          .whereRaw('r.score = ?', [at.score])
          .select(org.raw('? as edge', [name]), 'r.score', 'r.id')
          .orderBy('r.id', 'asc')
          .limit(1)
          .offset(at.offset)
          .as(`${name}_edge`),
      );
  return org.rows<Edge>(edge('upper', upper).unionAll(edge('lower', lower)), EDGE, COSTLY);
}

/** The drawn versions of the check's bank (a subquery: the check was found in the organization). */
export function versionsOfCheck(org: TenantSql, checkId: string): Query {
  return org.reached('kc_question_versions as v').join('kc_questions as q', 'q.id', 'v.question_id').where('q.knowledge_check_id', checkId).select('v.id');
}

/** The groups' rows of a version at their bounds' scores. */
export interface BoundaryCounts {
  upper_n: number;
  upper_correct: number;
  lower_n: number;
  lower_correct: number;
}

interface BoundaryRow {
  edge: Edge['edge'];
  version_id: string;
  n: number;
  correct: number;
}

const BOUNDARY_ROW = withColumns(TesseraModel, { numberColumns: ['n', 'correct'] });

/**
 * The groups' drawn rows at their bounds' scores, ties ranked by response id (the upper group takes the bound's
 * score up to its id, the lower from its id): each version's rows of one score down `kc_response_questions_ranked`.
 */
export async function boundaryCounts(
  org: TenantDatabase,
  versions: Query,
  attempts: Attempts,
  upper?: Edge,
  lower?: Edge,
): Promise<Map<string, BoundaryCounts>> {
  // Each part is a derived table: knex writes a union's second part before the first's GROUP BY. Without groups
  // (too few responses) the statement still runs and finds nothing: the same number of queries for every check.
  const atBound = (edge: Edge['edge'], bound: Edge | undefined, ids: '<=' | '>=') => {
    const drawn = analysedRows(org.reached('kc_response_questions as rq').whereIn('rq.question_version_id', versions), 'rq.response_attempt', attempts);
    if (bound) drawn.whereRaw('rq.response_score = ?', [bound.score]).where('rq.response_id', ids, bound.id);
    else drawn.whereRaw('1 = 0');
    return org
      .query()
      .select('*')
      .from(
        drawn
          .select(
            org.raw('? as edge', [edge]),
            'rq.question_version_id as version_id',
            org.raw('count(*) as n'),
            org.raw(`sum(${correctOf('rq.is_correct')}) as correct`),
          )
          .groupBy('rq.question_version_id')
          .as(`${edge}_bound`),
      );
  };
  const counts = new Map<string, BoundaryCounts>();
  const rows = await org.rows<BoundaryRow>(atBound('upper', upper, '<=').unionAll(atBound('lower', lower, '>=')), BOUNDARY_ROW, COSTLY);
  for (const row of rows) {
    const version = counts.get(row.version_id) ?? { upper_n: 0, upper_correct: 0, lower_n: 0, lower_correct: 0 };
    if (row.edge === 'upper') Object.assign(version, { upper_n: row.n, upper_correct: row.correct });
    else Object.assign(version, { lower_n: row.n, lower_correct: row.correct });
    counts.set(row.version_id, version);
  }
  return counts;
}
