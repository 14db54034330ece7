/**
 * Knowledge check reports (issue 11; ARCHITECTURE.md#knowledge-check-reports): the completed responses of an
 * organization, one response in detail (its own drawn versions, never the bank's current ones), and the item
 * analysis of a check. Reads with `rows`/`row` (ARCHITECTURE.md#data-access), each in a constant number of queries: a
 * report page four at most (the checks with their totals, the members a `user` filter matches, then paginate), a
 * detail three, an item analysis eight whatever the number of responses — the sums of the item analysis are kept or
 * added up by the database, JavaScript only divides. The report page's strategies and the analysis' costly reads are
 * hot paths (hot.ts); the service answers rows, presenter.ts shapes them.
 */
import type { KcReportRow } from '@tessera/sdk';
import type { Database, TenantDatabase } from '../../db/database.js';
import { TesseraModel, withColumns } from '../../db/model.js';
import { listRows, normalisedPage, paginate, type ListParams, type Page } from '../../db/paginate.js';
import type { Query, TenantSql } from '../../db/query.js';
import { notFound } from '../../http/errors.js';
import { mediaSummaryColumns } from '../media/summary.js';
import {
  analysedScores,
  boundaryCounts,
  membersMatching,
  rankEdges,
  reportChecks,
  reportList,
  versionsOfCheck,
  type Attempts,
  type Edge,
  type KcReportFilters,
  type KcReportSortKey,
  type RankPlace,
  type ScoreTotals,
} from './hot.js';
import {
  groupSize,
  histogramBin,
  histogramOf,
  itemStatistics,
  kr20,
  sampleVariance,
  type HistogramBin,
  type ItemStatistics,
  type ItemSums,
} from './item-analysis.js';

const kcReportMessages = {
  responseNotFound: 'This knowledge check response could not be found.',
  checkNotFound: 'This knowledge check could not be found.',
} as const;

/** The learner of a response (tu, u). */
function joinPeople(query: Query): Query {
  return query.join('tenant_users as tu', 'tu.id', 'r.tenant_user_id').join('users as u', 'u.id', 'tu.user_id');
}

/** The check's content (kc, t, c, m). A topic's check has no component of its own: its component is the topic's. */
function joinContent(query: Query): Query {
  return query
    .join('knowledge_checks as kc', 'kc.id', 'r.knowledge_check_id')
    .leftJoin('topics as t', 't.id', 'kc.topic_id')
    .joinRaw('join components as c on c.id = coalesce(kc.component_id, t.component_id)')
    .join('modules as m', 'm.id', 'c.module_id');
}

/** The organization's completed responses with their learner and content. */
function completedResponses(org: TenantSql): Query {
  return joinContent(joinPeople(org.from('kc_responses as r').where('r.status', 'completed')));
}

/** A row of the report, as the page reads it: the contract's columns exactly (the presenter copies them). */
export type ReportRow = KcReportRow;

/** A report row's columns on both databases: the timestamp an ISO string, the decimal score a number. */
const REPORT_ROW = withColumns(TesseraModel, { dateColumns: ['completed_date_time'], numberColumns: ['score'] });

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

/** The report's list as `paginate` and `listRows` read it: its filtered responses, definition and select. */
interface CompletedList {
  filtered: Query;
  definition: ReturnType<typeof reportList>;
  select: (query: Query) => Query;
  /** The total from the checks' kept totals, when it is known without counting. */
  total?: number;
}

/**
 * The report's responses as the filters select them, joined only to what the filters and the sort need — the
 * content filters as the ids of the organization's checks they select (so the responses are read by check, through
 * `kc_responses_report`), the learner for the `user` filter or sort, the content for the check sort — with the select
 * that gives the rows their learner and content.
 *
 * The `user` filter: the matching members' ids when they are few (`membersMatching`), else the learner joined.
 *
 * The total (`counted`): without a `user` filter it is the sum of the selected checks' kept totals (read with their
 * ids), so no page counts 100,000 responses; with one it is counted (a learner's responses are few).
 */
async function completedList(
  db: Database,
  tenantId: string,
  params: ListParams<KcReportSortKey>,
  filters: KcReportFilters,
  counted: boolean,
): Promise<CompletedList> {
  const org = db.inTenant(tenantId);
  // Reached through the organization's checks or members when a filter found them; else held to the organization
  // below, once that is known.
  const filtered = org.reached('kc_responses as r').where('r.status', 'completed');
  const byContent = Boolean(filters.module || filters.component || filters.topic);
  const searched = params.search !== null;
  let total: number | undefined;
  if (byContent || (counted && !searched)) {
    const checks = await reportChecks(org, filters);
    if (!searched) total = checks.completed;
    // The checks as a list of ids (not a subquery) lets PostgreSQL walk `kc_responses_report` down the date for each
    // check instead of hashing every response of the organization (26 ms for 100,000 responses). They are the
    // organization's checks, so their responses are the organization's.
    if (byContent) filtered.whereIn('r.knowledge_check_id', checks.ids);
  }
  const members = searched ? await membersMatching(org, params.search as string) : undefined;
  // The organization's checks or members settle the organization. Left out beside them, `r.tenant_id` cannot lead
  // the database down the organization's date index instead (both SQLite and PostgreSQL did, with statistics).
  if (!byContent && !members) org.scope(filtered, 'r');
  const people = (searched && !members) || params.order === 'user';
  const content = params.order === 'knowledge_check';
  if (people) joinPeople(filtered);
  if (content) joinContent(filtered);
  const select = (query: Query) => {
    if (!people) joinPeople(query);
    if (!content) joinContent(query);
    return query.select(REPORT_COLUMNS);
  };
  return { filtered, definition: reportList(org, members), select, total };
}

/**
 * A page of the report (paginate): the page's keys are found from the responses alone (`completedList`), and the 25
 * rows then get their learner and content; the total comes from the checks' kept totals without a `user` filter.
 */
export async function listCompleted(db: Database, tenantId: string, params: ListParams<KcReportSortKey>, filters: KcReportFilters): Promise<Page<ReportRow>> {
  const list = await completedList(db, tenantId, params, filters, true);
  const page = await paginate<object, KcReportSortKey>(db, list.filtered, params, list.definition, list.select, { total: list.total });
  return normalisedPage<ReportRow>(page, REPORT_ROW);
}

/**
 * Every response of the report the filters select, in its sort, batch after batch (its CSV download: `listRows`), each
 * batch walking the same index as a page does from where the previous one ended.
 */
export async function allCompleted(
  db: Database,
  tenantId: string,
  params: ListParams<KcReportSortKey>,
  filters: KcReportFilters,
): Promise<AsyncIterable<ReportRow[]>> {
  const list = await completedList(db, tenantId, params, filters, false);
  return listRows<ReportRow, KcReportSortKey>(db, list.filtered, params, list.definition, list.select, { columns: REPORT_ROW });
}

/** A completed response with its check's content and its learner. */
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

const DETAIL_ROW = withColumns(TesseraModel, {
  dateColumns: ['completed_date_time', 'started_at', 'due_date_time'],
  numberColumns: ['score', 'correct_answers', 'incorrect_answers', 'attempt'],
});

/** A drawn question of the response, as its drawn version has it, with its media under `qm_`. */
export interface DrawnQuestionRow {
  rq_id: string;
  question_id: string;
  question_version_id: string;
  position: number;
  /** Null until marked. */
  is_correct: boolean | null;
  version: number;
  text: string;
  type: 'radio' | 'checkbox';
  media_id: string | null;
  /** The media's columns, under `qm_`. */
  [column: string]: unknown;
}

const DRAWN_QUESTION = withColumns(TesseraModel, { booleanColumns: ['is_correct'], numberColumns: ['position', 'version'] });

/** A choice of a drawn version, the key and whether the learner chose it, with its media under `cm_`. */
export interface DrawnChoiceRow {
  rq_id: string;
  id: string;
  label: string;
  is_answer: boolean;
  position: number;
  media_id: string | null;
  chosen: boolean;
  /** The media's columns, under `cm_`. */
  [column: string]: unknown;
}

const DRAWN_CHOICE = withColumns(TesseraModel, { booleanColumns: ['is_answer', 'chosen'], numberColumns: ['position'] });

export interface ResponseDetail {
  response: DetailRow;
  /** In the draw's order. */
  questions: DrawnQuestionRow[];
  /** By drawn question, in each version's order. */
  choices: DrawnChoiceRow[];
}

/** One completed response with each drawn version, its choices, the key and the learner's choices: three queries. */
export async function responseDetail(db: Database, tenantId: string, responseId: string): Promise<ResponseDetail> {
  const org = db.inTenant(tenantId);
  const response = await org.row<DetailRow>(
    completedResponses(org)
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
      ),
    DETAIL_ROW,
  );
  if (!response) throw notFound(kcReportMessages.responseNotFound);

  const questions = await org.rows<DrawnQuestionRow>(
    org
      .from('kc_response_questions as rq')
      .join('kc_question_versions as v', 'v.id', 'rq.question_version_id')
      .leftJoin('media as md', 'md.id', 'v.media_id')
      .where('rq.response_id', response.id)
      .orderBy('rq.position')
      .select('rq.id as rq_id', 'rq.question_id', 'rq.question_version_id', 'rq.position', 'rq.is_correct', 'v.version', 'v.text', 'v.type', 'v.media_id')
      .select(mediaSummaryColumns('md', 'qm')),
    DRAWN_QUESTION,
  );

  const choices = await org.rows<DrawnChoiceRow>(
    org
      .from('kc_response_questions as rq')
      .join('kc_choices as ch', 'ch.question_version_id', 'rq.question_version_id')
      .leftJoin('kc_answer_choices as ac', (join) => join.on('ac.response_question_id', 'rq.id').andOn('ac.choice_id', 'ch.id'))
      .leftJoin('media as md', 'md.id', 'ch.media_id')
      .where('rq.response_id', response.id)
      .orderBy('rq.position')
      .orderBy('ch.position')
      .select(
        'rq.id as rq_id',
        'ch.id',
        'ch.label',
        'ch.is_answer',
        'ch.position',
        'ch.media_id',
        org.raw('case when ac.choice_id is null then 0 else 1 end as chosen'),
      )
      .select(mediaSummaryColumns('md', 'cm')),
    DRAWN_CHOICE,
  );

  return { response, questions, choices };
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
    const bin = histogramBin(row.score);
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
function rankedAt(scores: ScoreTotals[], rank: number): RankPlace {
  let before = 0;
  for (const row of scores) {
    if (rank < before + row.n) return { score: row.score, offset: rank - before };
    before += row.n;
  }
  return { score: null, offset: 0 };
}

/** A drawn version's sums from the kept totals; a group's sums are null where none of its rows is kept apart. */
interface ItemTotalsRow {
  version_id: string;
  n: number;
  sum_c: number;
  sum_x: number;
  sum_x2: number;
  sum_cx: number;
  upper_n: number | null;
  upper_correct: number | null;
  lower_n: number | null;
  lower_correct: number | null;
}

const ITEM_TOTALS = withColumns(TesseraModel, {
  numberColumns: ['n', 'sum_c', 'sum_x', 'sum_x2', 'sum_cx', 'upper_n', 'upper_correct', 'lower_n', 'lower_correct'],
});

/** A drawn version's sums, the upper and lower groups' included. */
type SumsRow = { [Column in keyof ItemTotalsRow]: NonNullable<ItemTotalsRow[Column]> };

/** The analysed responses' totals by score bin, and each drawn version's sums (the upper and lower groups' too). */
async function analysisSums(org: TenantDatabase, checkId: string, attempts: Attempts) {
  const scores = await analysedScores(org, checkId, attempts);
  const totalsRows = binTotals(scores);
  const responses = totalsRows.reduce((sum, row) => sum + row.n, 0);
  const g = groupSize(responses);

  // The g-th response from the top and from the bottom bound the upper and the lower group.
  const edges = await rankEdges(org, checkId, attempts, rankedAt(scores, Math.max(0, g - 1)), rankedAt(scores, Math.max(0, responses - g)));
  const upper = g > 0 ? edges.find((row) => row.edge === 'upper') : undefined;
  const lower = g > 0 ? edges.find((row) => row.edge === 'lower') : undefined;
  const versions = versionsOfCheck(org, checkId);
  const [totals, boundaries] = await Promise.all([itemTotals(org, versions, attempts, upper, lower), boundaryCounts(org, versions, attempts, upper, lower)]);
  const sumsRows = totals.map((row): SumsRow => {
    const atBounds = boundaries.get(row.version_id);
    return {
      ...row,
      upper_n: (row.upper_n ?? 0) + (atBounds?.upper_n ?? 0),
      upper_correct: (row.upper_correct ?? 0) + (atBounds?.upper_correct ?? 0),
      lower_n: (row.lower_n ?? 0) + (atBounds?.lower_n ?? 0),
      lower_correct: (row.lower_correct ?? 0) + (atBounds?.lower_correct ?? 0),
    };
  });
  return { totalsRows, responses, sumsRows };
}

/** The totals' rows of the analysed attempts (kc_item_totals, kc_choice_totals: migration 20250122000000). */
function analysedTotals(query: Query, column: string, attempts: Attempts): Query {
  return attempts === 'first' ? query.where(column, 1) : query;
}

/**
 * Each drawn version's sums from the totals the database keeps by score, with the groups' rows strictly above the
 * upper bound's score and strictly below the lower bound's (the bounds' own scores are `boundaryCounts`).
 */
function itemTotals(org: TenantDatabase, versions: Query, attempts: Attempts, upper?: Edge, lower?: Edge): Promise<ItemTotalsRow[]> {
  const above = upper ? org.raw('t.response_score > ?', [upper.score]) : org.raw('1 = 0');
  const below = lower ? org.raw('t.response_score < ?', [lower.score]) : org.raw('1 = 0');
  return org.rows<ItemTotalsRow>(
    analysedTotals(org.from('kc_item_totals as t').whereIn('t.question_version_id', versions), 't.first_attempt', attempts)
      .select(
        't.question_version_id as version_id',
        org.raw('sum(t.n) as n'),
        org.raw('sum(t.sum_c) as sum_c'),
        org.raw('sum(t.sum_x) as sum_x'),
        org.raw('sum(t.sum_x2) as sum_x2'),
        org.raw('sum(t.sum_cx) as sum_cx'),
        org.raw('sum(t.n) filter (where ?) as upper_n', [above]),
        org.raw('sum(t.sum_c) filter (where ?) as upper_correct', [above]),
        org.raw('sum(t.n) filter (where ?) as lower_n', [below]),
        org.raw('sum(t.sum_c) filter (where ?) as lower_correct', [below]),
      )
      .groupBy('t.question_version_id'),
    ITEM_TOTALS,
  );
}

const CHOICE_COUNT = withColumns(TesseraModel, { numberColumns: ['n'] });

/** How many analysed responses chose each choice of the check's bank, from the totals the database keeps. */
async function choiceCounts(org: TenantDatabase, checkId: string, attempts: Attempts): Promise<Map<string, number>> {
  const choicesOfCheck = org
    .reached('kc_choices as ch')
    .join('kc_question_versions as v', 'v.id', 'ch.question_version_id')
    .join('kc_questions as q', 'q.id', 'v.question_id')
    .where('q.knowledge_check_id', checkId)
    .select('ch.id');
  const rows = await org.rows<{ choice_id: string; n: number }>(
    analysedTotals(org.from('kc_choice_totals as ct').whereIn('ct.choice_id', choicesOfCheck), 'ct.first_attempt', attempts)
      .select('ct.choice_id', org.raw('sum(ct.n) as n'))
      .groupBy('ct.choice_id'),
    CHOICE_COUNT,
  );
  return new Map(rows.map((row) => [row.choice_id, row.n]));
}

/** The organization's questions of the check with their versions (`q`, `v`). */
function questionsOfCheck(org: TenantSql, checkId: string): Query {
  return org.from('kc_questions as q').join('kc_question_versions as v', 'v.question_id', 'q.id').where('q.knowledge_check_id', checkId);
}

/** A version of the check's bank. */
interface BankVersion {
  id: string;
  question_id: string;
  version: number;
  text: string;
  /** The question's place in the bank. */
  position: number;
  archived: boolean;
}

const BANK_VERSION = withColumns(TesseraModel, { booleanColumns: ['archived'], numberColumns: ['version', 'position'] });

/** The bank's versions (their texts and order). */
function bankVersions(org: TenantDatabase, checkId: string): Promise<BankVersion[]> {
  return org.rows<BankVersion>(
    questionsOfCheck(org, checkId)
      .orderBy('q.position')
      .orderBy('v.version')
      .select('v.id', 'v.question_id', 'v.version', 'v.text', 'q.position', org.raw('case when q.archived_at is null then 0 else 1 end as archived')),
    BANK_VERSION,
  );
}

/** A choice of a version of the check's bank. */
interface BankChoice {
  id: string;
  question_version_id: string;
  label: string;
  is_answer: boolean;
}

const BANK_CHOICE = withColumns(TesseraModel, { booleanColumns: ['is_answer'] });

/** The bank's versions' choices (their labels, the key, the order). */
function bankChoices(org: TenantDatabase, checkId: string): Promise<BankChoice[]> {
  return org.rows<BankChoice>(
    questionsOfCheck(org, checkId)
      .join('kc_choices as ch', 'ch.question_version_id', 'v.id')
      .orderBy('ch.position')
      .select('ch.id', 'ch.question_version_id', 'ch.label', 'ch.is_answer'),
    BANK_CHOICE,
  );
}

/** A drawn version of the bank with its figures and its choices' shares. */
interface AnalysedItem {
  version: BankVersion;
  /** The analysed responses that drew it. */
  drawn: number;
  statistics: ItemStatistics;
  choices: { choice: BankChoice; share: number }[];
}

export interface ItemAnalysis {
  checkId: string;
  attempts: Attempts;
  responses: number;
  meanScore: number | null;
  kr20: number | null;
  histogram: HistogramBin[];
  items: AnalysedItem[];
}

/**
 * The item analysis of a check in eight queries whatever its size: the check; N, the totals and the histogram (one
 * grouped scan of the responses); the two responses that bound the upper and the lower group (ranked by score,
 * ties by id); every version's sums from the totals the database keeps by score, and the groups' rows at their
 * bounds' scores from the drawn rows; each choice's count (kept too); the bank's versions and choices.
 */
export async function itemAnalysis(db: Database, tenantId: string, checkId: string, attempts: Attempts): Promise<ItemAnalysis> {
  const org = db.inTenant(tenantId);
  const check = await org.row<{ id: string }>(org.from('knowledge_checks').where({ id: checkId }).select('id'));
  if (!check) throw notFound(kcReportMessages.checkNotFound);

  // The responses' totals, their rank edges and the items' sums depend on each other; the choices' counts and the
  // bank do not, and are read meanwhile (on PostgreSQL on other connections, on SQLite on a read thread).
  const [{ totalsRows, responses, sumsRows }, chosen, versions, choiceRows] = await Promise.all([
    analysisSums(org, checkId, attempts),
    choiceCounts(org, checkId, attempts),
    bankVersions(org, checkId),
    bankChoices(org, checkId),
  ]);

  const sumsByVersion = new Map(sumsRows.map((row) => [row.version_id, row]));
  const items = versions
    .filter((version) => (sumsByVersion.get(version.id)?.n ?? 0) > 0)
    .map((version): AnalysedItem => {
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
        version,
        drawn: row.n,
        statistics: itemStatistics(sums),
        choices: choiceRows
          .filter((choice) => choice.question_version_id === version.id)
          .map((choice) => ({ choice, share: (chosen.get(choice.id) ?? 0) / row.n })),
      };
    });

  const sumScore = totalsRows.reduce((sum, row) => sum + row.sum_score, 0);
  const sumX = totalsRows.reduce((sum, row) => sum + row.sum_x, 0);
  const sumX2 = totalsRows.reduce((sum, row) => sum + row.sum_x2, 0);
  // KR-20 only when every response drew every analysed item (a draw of the whole bank, no edits in between).
  const wholeBank = responses >= 2 && items.length >= 2 && items.every((item) => item.drawn === responses);
  const reliability = wholeBank
    ? kr20(
        items.map((item) => item.statistics.facility ?? 0),
        sampleVariance(responses, sumX, sumX2),
      )
    : null;
  return {
    checkId,
    attempts,
    responses,
    meanScore: responses > 0 ? sumScore / responses : null,
    kr20: reliability,
    histogram: histogramOf(new Map(totalsRows.map((row) => [row.bin, row.n]))),
    items,
  };
}
