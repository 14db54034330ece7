/**
 * Knowledge check reports (issue 11; ARCHITECTURE.md#knowledge-check-reports): the completed responses of an
 * organization, one response in detail (its own drawn versions, never the bank's current ones), and the item
 * analysis of a check. Plain knex reads (ARCHITECTURE.md#data-access), each in a constant number of queries: a
 * report page four at most (the checks with their totals, the members a `user` filter matches, then paginate), a
 * detail three, an item analysis eight whatever the number of responses — the sums of the item analysis are kept or
 * added up by the database, JavaScript only divides.
 */
import type { KcItemAnalysis, KcReportQuestion, KcReportResponse, KcReportRow } from '@tessera/sdk';
import { whereInJsonList } from '../../db/compiled-read.js';
import { searchMemberPeople } from '../../db/contains-search.js';
import { correctOf } from '../../db/kc-analysis-totals.js';
import type { Database } from '../../db/database.js';
import type { Knex } from '../../db/knex.js';
import { normaliseRow, TesseraModel } from '../../db/model.js';
import { paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import { notFound } from '../../http/errors.js';
import type { UrlSigner } from '../../storage/signed-urls.js';
import { mediaSummaryColumns, mediaSummaryOf, presentMediaSummary } from '../media/summary.js';
import { groupSize, histogramBin, histogramOf, itemStatistics, kr20, sampleVariance, type ItemSums } from './item-analysis.js';

const kcReportMessages = {
  responseNotFound: 'This knowledge check response could not be found.',
  checkNotFound: 'This knowledge check could not be found.',
} as const;

/** How a report row's columns are read on both databases (timestamps as ISO strings, the decimal score a number). */
class ReportRowColumns extends TesseraModel {
  static override dateColumns = ['completed_date_time', 'started_at', 'due_date_time'];
  static override numberColumns = ['score', 'correct_answers', 'incorrect_answers', 'attempt'];
  static override booleanColumns = ['is_correct', 'is_answer', 'chosen', 'archived'];
}

const normalise = <Row>(row: Record<string, unknown>) => normaliseRow(ReportRowColumns, row) as Row;

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
  plainColumns: true,
  // A check's 100,000 responses: the page walks `kc_responses_report` down the date and stops at its end; the total
  // is the checks' kept totals (listCompleted), or with a `user` filter counted apart and kept until the next commit
  // (server/bench/kc.ts).
  keptTotal: true,
};

export interface KcReportFilters {
  module?: string;
  component?: string;
  topic?: string;
}

/** The learner of a response (tu, u). */
function joinPeople(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query.join('tenant_users as tu', 'tu.id', 'r.tenant_user_id').join('users as u', 'u.id', 'tu.user_id');
}

/** The check's content (kc, t, c, m). A topic's check has no component of its own: its component is the topic's. */
function joinContent(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query
    .join('knowledge_checks as kc', 'kc.id', 'r.knowledge_check_id')
    .leftJoin('topics as t', 't.id', 'kc.topic_id')
    .joinRaw('join components as c on c.id = coalesce(kc.component_id, t.component_id)')
    .join('modules as m', 'm.id', 'c.module_id');
}

/** Completed responses with their learner and content. */
function completedResponses(knex: Knex, tenantId: string): Knex.QueryBuilder {
  return joinContent(joinPeople(knex('kc_responses as r').where('r.tenant_id', tenantId).where('r.status', 'completed')));
}

const REPORT_COLUMNS = [
  'r.id',
  'r.knowledge_check_id',
  'u.name as user_name',
  'u.email as user_email',
  'm.id as module_id',
  'm.name as module_name',
  'c.id as component_id',
  'c.name as component_name',
  't.id as topic_id',
  't.name as topic_name',
  'r.completed_date_time',
  'r.score',
];

/**
 * The organization's checks the content filters select (all of them without one), with their numbers of completed
 * responses as the database keeps them (kc_completed_totals, migration 20250119000000).
 */
function checksOf(knex: Knex, tenantId: string, filters: KcReportFilters): Knex.QueryBuilder {
  const checks = knex('knowledge_checks as fkc')
    .leftJoin('topics as ft', 'ft.id', 'fkc.topic_id')
    .joinRaw('join components as fc on fc.id = coalesce(fkc.component_id, ft.component_id)')
    .leftJoin('kc_completed_totals as fct', 'fct.knowledge_check_id', 'fkc.id')
    .where('fkc.tenant_id', tenantId)
    .select('fkc.id', 'fct.completed');
  if (filters.module) checks.where('fc.module_id', filters.module);
  if (filters.component) checks.where('fc.id', filters.component);
  if (filters.topic) checks.where('fkc.topic_id', filters.topic);
  return checks;
}

/** A `user` filter matching at most this many of the organization's members is applied as their ids. */
const MAX_MEMBERS_BY_ID = 500;

/**
 * The ids of the organization's members (past ones too: their responses stay in the report) whose name or email
 * contains the term, when at most MAX_MEMBERS_BY_ID match; undefined when more do. Found first, the few matches make
 * the page a walk of their responses (kc_responses by member), whatever the database estimates: PostgreSQL, guessing
 * 202 matches of 45 for a name, walked the whole organization's responses down the date instead (44–64 ms).
 */
async function membersMatching(db: Database, tenantId: string, term: string): Promise<string[] | undefined> {
  const { knex } = db;
  const members = knex('tenant_users as tu').join('users as u', 'u.id', 'tu.user_id').where('tu.tenant_id', tenantId);
  const rows = await db.select<{ id: string }>(
    searchMemberPeople(db, members, term)
      .select('tu.id')
      .limit(MAX_MEMBERS_BY_ID + 1),
  );
  return rows.length > MAX_MEMBERS_BY_ID ? undefined : rows.map((row) => row.id);
}

/** The `user` filter as the matching members' ids (one SQL text for any number of them). */
const byMembers = (memberIds: string[]) => (db: Database, query: Knex.QueryBuilder) =>
  whereInJsonList(db.knex, query, 'r.tenant_user_id', JSON.stringify(memberIds));

/**
 * A page of the report (paginate): the page's keys are found from the responses alone, joined only to what the
 * filters and the sort need — the content filters as the ids of the organization's checks they select (so the
 * responses are read by check, through `kc_responses_report`), the learner for the `user` filter or sort, the content
 * for the check sort — and the 25 rows then get their learner and content.
 *
 * The `user` filter: the matching members' ids when they are few (`membersMatching`), else the learner joined.
 *
 * The total: without a `user` filter it is the sum of the selected checks' kept totals (read with their ids), so no
 * page counts 100,000 responses; with one it is counted (a learner's responses are few).
 */
export async function listCompleted(db: Database, tenantId: string, params: ListParams<KcReportSortKey>, filters: KcReportFilters): Promise<Page<KcReportRow>> {
  const { knex } = db;
  const filtered = knex('kc_responses as r').where('r.status', 'completed');
  const byContent = Boolean(filters.module || filters.component || filters.topic);
  const searched = params.search !== null;
  let total: number | undefined;
  if (byContent || !searched) {
    const checks = await db.select<{ id: string; completed: number | string | null }>(checksOf(knex, tenantId, filters));
    if (!searched) total = checks.reduce((sum, check) => sum + Number(check.completed ?? 0), 0);
    // The checks as a list of ids (not a subquery) lets PostgreSQL walk `kc_responses_report` down the date for each
    // check instead of hashing every response of the organization (26 ms for 100,000 responses). They are the
    // organization's checks, so their responses are the organization's.
    if (byContent)
      filtered.whereIn(
        'r.knowledge_check_id',
        checks.map((check) => check.id),
      );
  }
  const members = searched ? await membersMatching(db, tenantId, params.search as string) : undefined;
  // The organization's checks or members settle the organization. Left out beside them, `r.tenant_id` cannot lead
  // the database down the organization's date index instead (both SQLite and PostgreSQL did, with statistics).
  if (!byContent && !members) filtered.where('r.tenant_id', tenantId);
  // The few members' responses are all read to sort them: their count comes with the page's keys, unless the
  // database keeps counts between requests (SQLite's kept answers; PostgreSQL would count in a statement of its own).
  const definition = members ? { ...KC_REPORT_LIST, search: byMembers(members), keptTotal: db.isSqlite } : KC_REPORT_LIST;
  const people = (searched && !members) || params.order === 'user';
  const content = params.order === 'knowledge_check';
  if (people) joinPeople(filtered);
  if (content) joinContent(filtered);
  const select = (query: Knex.QueryBuilder) => {
    if (!people) joinPeople(query);
    if (!content) joinContent(query);
    return query.select(REPORT_COLUMNS);
  };
  const page = await paginate<Record<string, unknown>, KcReportSortKey>(db, filtered, params, definition, select, { total });
  return { rows: page.rows.map((row) => normalise<KcReportRow>(row)), meta: page.meta };
}

interface DetailRow {
  id: string;
  knowledge_check_id: string;
  status: 'completed';
  attempt: number;
  due_date_time: string | null;
  started_at: string | null;
  completed_date_time: string;
  correct_answers: number;
  incorrect_answers: number;
  score: number;
  instructions: string;
  user_name: string;
  user_email: string;
  topic_id: string | null;
  component_id: string;
  module_id: string;
  module_name: string;
  component_name: string;
  topic_name: string | null;
}

/** One completed response with each drawn version, its choices, the key and the learner's choices: three queries. */
export async function responseDetail(db: Database, tenantId: string, responseId: string, signer: UrlSigner): Promise<KcReportResponse> {
  const { knex } = db;
  const [found] = await db.select<Record<string, unknown>>(
    completedResponses(knex, tenantId)
      .where('r.id', responseId)
      .select(
        'r.id',
        'r.knowledge_check_id',
        'r.status',
        'r.attempt',
        'r.due_date_time',
        'r.started_at',
        'r.completed_date_time',
        'r.correct_answers',
        'r.incorrect_answers',
        'r.score',
        'kc.instructions',
        'u.name as user_name',
        'u.email as user_email',
        'kc.topic_id',
        'c.id as component_id',
        'c.module_id',
        'm.name as module_name',
        'c.name as component_name',
        't.name as topic_name',
      )
      .limit(1),
  );
  if (!found) throw notFound(kcReportMessages.responseNotFound);
  const response = normalise<DetailRow>(found);

  const drawn = (
    await db.select<Record<string, unknown>>(
      knex('kc_response_questions as rq')
        .join('kc_question_versions as v', 'v.id', 'rq.question_version_id')
        .leftJoin('media as md', 'md.id', 'v.media_id')
        .where('rq.response_id', response.id)
        .where('rq.tenant_id', tenantId)
        .orderBy('rq.position')
        .select('rq.id as rq_id', 'rq.question_id', 'rq.question_version_id', 'rq.position', 'rq.is_correct', 'v.version', 'v.text', 'v.type', 'v.media_id')
        .select(mediaSummaryColumns('md', 'qm')),
    )
  ).map((row) => ({ row, normalised: normalise<{ is_correct: boolean | null }>(row) }));

  const choices = (
    await db.select<Record<string, unknown>>(
      knex('kc_response_questions as rq')
        .join('kc_choices as ch', 'ch.question_version_id', 'rq.question_version_id')
        .leftJoin('kc_answer_choices as ac', (join) => join.on('ac.response_question_id', 'rq.id').andOn('ac.choice_id', 'ch.id'))
        .leftJoin('media as md', 'md.id', 'ch.media_id')
        .where('rq.response_id', response.id)
        .where('rq.tenant_id', tenantId)
        .orderBy('rq.position')
        .orderBy('ch.position')
        .select(
          'rq.id as rq_id',
          'ch.id',
          'ch.label',
          'ch.is_answer',
          'ch.position',
          'ch.media_id',
          knex.raw('case when ac.choice_id is null then 0 else 1 end as chosen'),
        )
        .select(mediaSummaryColumns('md', 'cm')),
    )
  ).map((row) => ({ row, normalised: normalise<{ is_answer: boolean; chosen: boolean }>(row) }));

  const media = (row: Record<string, unknown>, prefix: string) => {
    const columns = mediaSummaryOf(row, prefix);
    return columns ? presentMediaSummary(columns, signer) : null;
  };
  const questions: KcReportQuestion[] = drawn.map(({ row, normalised }) => {
    const own = choices.filter((choice) => choice.row.rq_id === row.rq_id);
    const presented = own.map(({ row: choice, normalised: flags }) => ({
      id: String(choice.id),
      label: String(choice.label),
      value: String(choice.id),
      order: Number(choice.position),
      media_id: (choice.media_id as string | null) ?? null,
      media: media(choice, 'cm'),
      is_answer: flags.is_answer,
      chosen: flags.chosen,
    }));
    return {
      id: String(row.question_id),
      version_id: String(row.question_version_id),
      version: Number(row.version),
      text: String(row.text),
      type: row.type as KcReportQuestion['type'],
      order: Number(row.position),
      media_id: (row.media_id as string | null) ?? null,
      media: media(row, 'qm'),
      choices: presented,
      answer: presented.filter((choice) => choice.is_answer).map((choice) => choice.id),
      choice_ids: presented.filter((choice) => choice.chosen).map((choice) => choice.id),
      is_correct: normalised.is_correct === true,
    };
  });

  return {
    id: response.id,
    knowledge_check_id: response.knowledge_check_id,
    status: 'completed',
    attempt: response.attempt,
    due_date_time: response.due_date_time ?? null,
    started_at: response.started_at ?? null,
    completed_date_time: response.completed_date_time,
    correct_answers: response.correct_answers,
    incorrect_answers: response.incorrect_answers,
    score: response.score,
    knowledge_check: {
      id: response.knowledge_check_id,
      name: response.topic_name ?? response.component_name,
      topic_id: response.topic_id ?? null,
      component_id: response.component_id,
      module_id: response.module_id,
    },
    instructions: response.instructions,
    user_name: response.user_name,
    user_email: response.user_email,
    module_name: response.module_name,
    component_name: response.component_name,
    topic_name: response.topic_name ?? null,
    questions,
  };
}

export type Attempts = 'first' | 'all';

/**
 * The analysed responses of a check: every completed one, or first attempts (`attempt = 1`, completed). The check
 * was found in the organization first, so its responses need no tenant filter (which would leave the index).
 */
function analysedResponses(knex: Knex, checkId: string, attempts: Attempts): Knex.QueryBuilder {
  const query = knex('kc_responses as r').where('r.knowledge_check_id', checkId).where('r.status', 'completed');
  return attempts === 'first' ? query.where('r.attempt', 1) : query;
}

/** The drawn rows of analysed responses, through the copies the completion trigger wrote (migration 20250117000001). */
function analysedRows(query: Knex.QueryBuilder, column: string, attempts: Attempts): Knex.QueryBuilder {
  return attempts === 'first' ? query.where(column, 1) : query.whereNotNull(column);
}

/** The analysed responses of one score (as the database answers it: a number, or a string on PostgreSQL). */
interface ScoreTotals {
  score: number | string;
  n: number;
  sum_score: number;
  sum_x: number;
  sum_x2: number;
}

interface Totals {
  bin: number;
  n: number;
  sum_score: number;
  sum_x: number;
  sum_x2: number;
}

/** The totals by histogram bin. */
function binTotals(scores: ScoreTotals[]): Totals[] {
  const bins = new Map<number, Totals>();
  for (const row of scores) {
    const bin = histogramBin(Number(row.score));
    const totals = bins.get(bin) ?? { bin, n: 0, sum_score: 0, sum_x: 0, sum_x2: 0 };
    totals.n += row.n;
    totals.sum_score += row.sum_score;
    totals.sum_x += row.sum_x;
    totals.sum_x2 += row.sum_x2;
    bins.set(bin, totals);
  }
  return [...bins.values()];
}

/**
 * Where the response at `rank` (0 first) of the ranking by score, highest first, ties by id stands: its score and
 * its place among that score's responses by id. Beyond the last response, no score (it ranks nothing).
 * `scores`: highest first.
 */
function rankedAt(scores: ScoreTotals[], rank: number): { score: number | string | null; offset: number } {
  let before = 0;
  for (const row of scores) {
    if (rank < before + row.n) return { score: row.score, offset: rank - before };
    before += row.n;
  }
  return { score: null, offset: 0 };
}

interface SumsRow {
  version_id: string;
  n: number;
  sum_c: number;
  sum_x: number;
  sum_x2: number;
  sum_cx: number;
  upper_n: number;
  upper_correct: number;
  lower_n: number;
  lower_correct: number;
}

interface Edge {
  edge: 'upper' | 'lower';
  score: number | string;
  id: string;
}

const numbers = <Row>(row: Record<string, unknown>, keep: string[] = []): Row =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, keep.includes(key) ? value : Number(value ?? 0)])) as Row;

/** A costly aggregate over a check's responses (see `Database.select`). */
const COSTLY = { costly: true };

/** The analysed responses' totals by score bin, and each drawn version's sums (the upper and lower groups' too). */
async function analysisSums(db: Database, checkId: string, attempts: Attempts) {
  const { knex } = db;
  // By score, down the index (knowledge_check_id, status, score, …): no sort, and the ranks below need the counts.
  const scoreRows = (
    await db.select<Record<string, unknown>>(
      analysedResponses(knex, checkId, attempts)
        .select(
          'r.score',
          knex.raw('count(*) as n'),
          knex.raw('sum(r.score) as sum_score'),
          knex.raw('sum(r.correct_answers) as sum_x'),
          knex.raw('sum(r.correct_answers * r.correct_answers) as sum_x2'),
        )
        .groupBy('r.score'),
      COSTLY,
    )
  )
    .map((row) => numbers<ScoreTotals>(row, ['score']))
    .sort((a, b) => Number(b.score) - Number(a.score));
  const totalsRows = binTotals(scoreRows);
  const responses = totalsRows.reduce((sum, row) => sum + row.n, 0);
  const g = groupSize(responses);

  // The g-th response from the top and from the bottom: the upper group is every response ranked at or above the
  // first, the lower every one at or below the second. The counts by score say which score each has, so each is
  // found down that score's responses by id (the index's order), not by sorting every response.
  const edge = (name: Edge['edge'], rank: number) => {
    const at = rankedAt(scoreRows, rank);
    return knex.select('*').from(
      analysedResponses(knex, checkId, attempts)
        .whereRaw('r.score = ?', [at.score])
        .select(knex.raw('? as edge', [name]), 'r.score', 'r.id')
        .orderBy('r.id', 'asc')
        .limit(1)
        .offset(at.offset)
        .as(`${name}_edge`),
    );
  };
  const edges = await db.select<Edge>(edge('upper', Math.max(0, g - 1)).unionAll(edge('lower', Math.max(0, responses - g))), COSTLY);
  const upper = g > 0 ? edges.find((row) => row.edge === 'upper') : undefined;
  const lower = g > 0 ? edges.find((row) => row.edge === 'lower') : undefined;
  const versionsOfCheck = knex('kc_question_versions as v')
    .join('kc_questions as q', 'q.id', 'v.question_id')
    .where('q.knowledge_check_id', checkId)
    .select('v.id');
  const [totals, boundaries] = await Promise.all([
    itemTotals(db, versionsOfCheck, attempts, upper, lower),
    boundaryCounts(db, versionsOfCheck, attempts, upper, lower),
  ]);
  const sumsRows = totals.map((row) => {
    const atBounds = boundaries.get(row.version_id);
    return {
      ...row,
      upper_n: row.upper_n + (atBounds?.upper_n ?? 0),
      upper_correct: row.upper_correct + (atBounds?.upper_correct ?? 0),
      lower_n: row.lower_n + (atBounds?.lower_n ?? 0),
      lower_correct: row.lower_correct + (atBounds?.lower_correct ?? 0),
    };
  });
  return { totalsRows, responses, sumsRows };
}

/** The totals' rows of the analysed attempts (kc_item_totals, kc_choice_totals: migration 20250122000000). */
function analysedTotals(query: Knex.QueryBuilder, column: string, attempts: Attempts): Knex.QueryBuilder {
  return attempts === 'first' ? query.where(column, 1) : query;
}

/**
 * Each drawn version's sums from the totals the database keeps by score, with the groups' rows strictly above the
 * upper bound's score and strictly below the lower bound's (the bounds' own scores are `boundaryCounts`).
 */
async function itemTotals(db: Database, versionsOfCheck: Knex.QueryBuilder, attempts: Attempts, upper?: Edge, lower?: Edge): Promise<SumsRow[]> {
  const { knex } = db;
  const above = upper ? knex.raw('t.response_score > ?', [upper.score]) : knex.raw('1 = 0');
  const below = lower ? knex.raw('t.response_score < ?', [lower.score]) : knex.raw('1 = 0');
  const rows = await db.select<Record<string, unknown>>(
    analysedTotals(knex('kc_item_totals as t').whereIn('t.question_version_id', versionsOfCheck), 't.first_attempt', attempts)
      .select(
        't.question_version_id as version_id',
        knex.raw('sum(t.n) as n'),
        knex.raw('sum(t.sum_c) as sum_c'),
        knex.raw('sum(t.sum_x) as sum_x'),
        knex.raw('sum(t.sum_x2) as sum_x2'),
        knex.raw('sum(t.sum_cx) as sum_cx'),
        knex.raw('sum(t.n) filter (where ?) as upper_n', [above]),
        knex.raw('sum(t.sum_c) filter (where ?) as upper_correct', [above]),
        knex.raw('sum(t.n) filter (where ?) as lower_n', [below]),
        knex.raw('sum(t.sum_c) filter (where ?) as lower_correct', [below]),
      )
      .groupBy('t.question_version_id'),
  );
  return rows.map((row) => numbers<SumsRow>(row, ['version_id']));
}

interface BoundaryRow {
  edge: Edge['edge'];
  version_id: string;
  n: number;
  correct: number;
}

/**
 * The groups' drawn rows at their bounds' scores, ties ranked by response id (the upper group takes the bound's
 * score up to its id, the lower from its id): each version's rows of one score down `kc_response_questions_ranked`.
 */
async function boundaryCounts(db: Database, versionsOfCheck: Knex.QueryBuilder, attempts: Attempts, upper?: Edge, lower?: Edge) {
  const { knex } = db;
  // Each part is a derived table: knex writes a union's second part before the first's GROUP BY. Without groups
  // (too few responses) the statement still runs and finds nothing: the same number of queries for every check.
  const atBound = (edge: Edge['edge'], bound: Edge | undefined, ids: '<=' | '>=') => {
    const drawn = analysedRows(knex('kc_response_questions as rq').whereIn('rq.question_version_id', versionsOfCheck), 'rq.response_attempt', attempts);
    if (bound) drawn.whereRaw('rq.response_score = ?', [bound.score]).where('rq.response_id', ids, bound.id);
    else drawn.whereRaw('1 = 0');
    return knex.select('*').from(
      drawn
        .select(
          knex.raw('? as edge', [edge]),
          'rq.question_version_id as version_id',
          knex.raw('count(*) as n'),
          knex.raw(`sum(${correctOf('rq.is_correct')}) as correct`),
        )
        .groupBy('rq.question_version_id')
        .as(`${edge}_bound`),
    );
  };
  const counts = new Map<string, { upper_n: number; upper_correct: number; lower_n: number; lower_correct: number }>();
  const rows = await db.select<Record<string, unknown>>(atBound('upper', upper, '<=').unionAll(atBound('lower', lower, '>=')), COSTLY);
  for (const row of rows.map((entry) => numbers<BoundaryRow>(entry, ['edge', 'version_id']))) {
    const version = counts.get(row.version_id) ?? { upper_n: 0, upper_correct: 0, lower_n: 0, lower_correct: 0 };
    if (row.edge === 'upper') Object.assign(version, { upper_n: row.n, upper_correct: row.correct });
    else Object.assign(version, { lower_n: row.n, lower_correct: row.correct });
    counts.set(row.version_id, version);
  }
  return counts;
}

/** How many analysed responses chose each choice of the check's bank, from the totals the database keeps. */
async function choiceCounts(db: Database, checkId: string, attempts: Attempts): Promise<Map<string, number>> {
  const { knex } = db;
  const choicesOfCheck = knex('kc_choices as ch')
    .join('kc_question_versions as v', 'v.id', 'ch.question_version_id')
    .join('kc_questions as q', 'q.id', 'v.question_id')
    .where('q.knowledge_check_id', checkId)
    .select('ch.id');
  const rows = await db.select<{ choice_id: string; n: number | string }>(
    analysedTotals(knex('kc_choice_totals as ct').whereIn('ct.choice_id', choicesOfCheck), 'ct.first_attempt', attempts)
      .select('ct.choice_id', knex.raw('sum(ct.n) as n'))
      .groupBy('ct.choice_id'),
  );
  return new Map(rows.map((row) => [row.choice_id, Number(row.n)]));
}

/** The bank's versions (their texts and order). */
async function bankVersions(db: Database, tenantId: string, checkId: string) {
  const { knex } = db;
  return (
    await db.select<Record<string, unknown>>(
      knex('kc_question_versions as v')
        .join('kc_questions as q', 'q.id', 'v.question_id')
        .where('q.knowledge_check_id', checkId)
        .where('q.tenant_id', tenantId)
        .orderBy('q.position')
        .orderBy('v.version')
        .select('v.id', 'v.question_id', 'v.version', 'v.text', 'q.position', knex.raw('case when q.archived_at is null then 0 else 1 end as archived')),
    )
  ).map((row) => normalise<{ id: string; question_id: string; version: number; text: string; position: number; archived: boolean }>(row));
}

/** The bank's versions' choices (their labels, the key, the order). */
async function bankChoices(db: Database, tenantId: string, checkId: string) {
  const { knex } = db;
  return (
    await db.select<Record<string, unknown>>(
      knex('kc_choices as ch')
        .join('kc_question_versions as v', 'v.id', 'ch.question_version_id')
        .join('kc_questions as q', 'q.id', 'v.question_id')
        .where('q.knowledge_check_id', checkId)
        .where('q.tenant_id', tenantId)
        .orderBy('ch.position')
        .select('ch.id', 'ch.question_version_id', 'ch.label', 'ch.is_answer'),
    )
  ).map((row) => normalise<{ id: string; question_version_id: string; label: string; is_answer: boolean }>(row));
}

/**
 * The item analysis of a check in eight queries whatever its size: the check; N, the totals and the histogram (one
 * grouped scan of the responses); the two responses that bound the upper and the lower group (ranked by score,
 * ties by id); every version's sums from the totals the database keeps by score, and the groups' rows at their
 * bounds' scores from the drawn rows; each choice's count (kept too); the bank's versions and choices.
 */
export async function itemAnalysis(db: Database, tenantId: string, checkId: string, attempts: Attempts): Promise<KcItemAnalysis> {
  const { knex } = db;
  const check = await db.first<{ id: string }>(knex('knowledge_checks').where({ id: checkId, tenant_id: tenantId }).select('id'));
  if (!check) throw notFound(kcReportMessages.checkNotFound);

  // The responses' totals, their rank edges and the items' sums depend on each other; the choices' counts and the
  // bank do not, and are read meanwhile (on PostgreSQL on other connections, on SQLite on a read thread).
  const [{ totalsRows, responses, sumsRows }, chosen, versions, choiceRows] = await Promise.all([
    analysisSums(db, checkId, attempts),
    choiceCounts(db, checkId, attempts),
    bankVersions(db, tenantId, checkId),
    bankChoices(db, tenantId, checkId),
  ]);

  const sumsByVersion = new Map(sumsRows.map((row) => [row.version_id, row]));
  const items = versions
    .filter((version) => (sumsByVersion.get(version.id)?.n ?? 0) > 0)
    .map((version) => {
      const row = sumsByVersion.get(version.id)!;
      // R = X − x, so ΣR = ΣX − Σx, ΣR² = ΣX² − 2·ΣxX + Σx (x² = x), ΣxR = ΣxX − Σx.
      const sums: ItemSums = {
        n: row.n,
        sumX: row.sum_c,
        sumR: row.sum_x - row.sum_c,
        sumR2: row.sum_x2 - 2 * row.sum_cx + row.sum_c,
        sumXR: row.sum_cx - row.sum_c,
        upperN: row.upper_n,
        upperCorrect: row.upper_correct,
        lowerN: row.lower_n,
        lowerCorrect: row.lower_correct,
      };
      return {
        question_id: version.question_id,
        version_id: version.id,
        version: Number(version.version),
        text: version.text,
        order: Number(version.position),
        archived: version.archived,
        drawn: row.n,
        ...itemStatistics(sums),
        choices: choiceRows
          .filter((choice) => choice.question_version_id === version.id)
          .map((choice) => ({ id: choice.id, label: choice.label, is_answer: choice.is_answer, share: (chosen.get(choice.id) ?? 0) / row.n })),
      };
    });

  const sumScore = totalsRows.reduce((sum, row) => sum + row.sum_score, 0);
  const sumX = totalsRows.reduce((sum, row) => sum + row.sum_x, 0);
  const sumX2 = totalsRows.reduce((sum, row) => sum + row.sum_x2, 0);
  // KR-20 only when every response drew every analysed item (a draw of the whole bank, no edits in between).
  const wholeBank = responses >= 2 && items.length >= 2 && items.every((item) => item.drawn === responses);
  const reliability = wholeBank
    ? kr20(
        items.map((item) => item.facility ?? 0),
        sampleVariance(responses, sumX, sumX2),
      )
    : null;
  return {
    knowledge_check_id: checkId,
    attempts,
    responses,
    mean_score: responses > 0 ? sumScore / responses : null,
    kr20: reliability,
    score_histogram: histogramOf(new Map(totalsRows.map((row) => [row.bin, row.n]))),
    items,
  };
}
