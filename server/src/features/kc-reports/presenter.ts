/**
 * Knowledge check report rows (as the service reads them, normalised by their column kinds: ARCHITECTURE.md#data-access)
 * to the contract's entities: a report row, a response in detail with its drawn questions, an item analysis.
 */
import type { KcItemAnalysis, KcReportChoice, KcReportQuestion, KcReportResponse, KcReportRow } from '@tessera/sdk';
import type { CsvColumn } from '../../http/csv.js';
import type { UrlSigner } from '../../storage/signed-urls.js';
import { mediaSummaryOf, presentMediaSummary } from '../media/summary.js';
import type { DrawnChoiceRow, DrawnQuestionRow, ItemAnalysis, ReportRow, ResponseDetail } from './service.js';

export function presentReportRow(row: ReportRow): KcReportRow {
  return {
    id: row.id,
    knowledge_check_id: row.knowledge_check_id,
    user_name: row.user_name,
    user_email: row.user_email,
    module_id: row.module_id,
    module_name: row.module_name,
    component_id: row.component_id,
    component_name: row.component_name,
    topic_id: row.topic_id,
    topic_name: row.topic_name,
    completed_date_time: row.completed_date_time,
    score: row.score,
  };
}

/** A drawn question's or choice's media (its columns under `prefix`), with signed URLs; null without one. */
function mediaOf(row: DrawnQuestionRow | DrawnChoiceRow, prefix: 'qm' | 'cm', signer: UrlSigner) {
  const columns = mediaSummaryOf(row, prefix);
  return columns ? presentMediaSummary(columns, signer) : null;
}

function presentChoice(choice: DrawnChoiceRow, signer: UrlSigner): KcReportChoice {
  return {
    id: choice.id,
    label: choice.label,
    value: choice.id,
    order: choice.position,
    media_id: choice.media_id ?? null,
    media: mediaOf(choice, 'cm', signer),
    is_answer: choice.is_answer,
    chosen: choice.chosen,
  };
}

function presentQuestion(question: DrawnQuestionRow, choices: DrawnChoiceRow[], signer: UrlSigner): KcReportQuestion {
  const presented = choices.filter((choice) => choice.rq_id === question.rq_id).map((choice) => presentChoice(choice, signer));
  return {
    id: question.question_id,
    version_id: question.question_version_id,
    version: question.version,
    text: question.text,
    type: question.type,
    order: question.position,
    media_id: question.media_id ?? null,
    media: mediaOf(question, 'qm', signer),
    choices: presented,
    answer: presented.filter((choice) => choice.is_answer).map((choice) => choice.id),
    choice_ids: presented.filter((choice) => choice.chosen).map((choice) => choice.id),
    is_correct: question.is_correct === true,
  };
}

export function presentResponseDetail({ response, questions, choices }: ResponseDetail, signer: UrlSigner): KcReportResponse {
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
    questions: questions.map((question) => presentQuestion(question, choices, signer)),
  };
}

export function presentItemAnalysis(analysis: ItemAnalysis): KcItemAnalysis {
  return {
    knowledge_check_id: analysis.checkId,
    attempts: analysis.attempts,
    responses: analysis.responses,
    mean_score: analysis.meanScore,
    kr20: analysis.kr20,
    score_histogram: analysis.histogram,
    items: analysis.items.map(({ version, drawn, statistics, choices }) => ({
      question_id: version.question_id,
      version_id: version.id,
      version: version.version,
      text: version.text,
      order: version.position,
      archived: version.archived,
      drawn,
      ...statistics,
      choices: choices.map(({ choice, share }) => ({ id: choice.id, label: choice.label, is_answer: choice.is_answer, share })),
    })),
  };
}

// ------------------------------------------------------------------------------------------------
// CSV downloads (ARCHITECTURE.md#csv-downloads): the columns the contract's `text/csv` answers name, read from the
// entities the JSON answers carry.

/** The completed responses report, a response a line. */
export const REPORT_CSV: readonly CsvColumn<KcReportRow>[] = [
  { header: 'Response ID', value: (row) => row.id },
  { header: 'Knowledge Check ID', value: (row) => row.knowledge_check_id },
  { header: 'User Name', value: (row) => row.user_name },
  { header: 'User Email', value: (row) => row.user_email },
  { header: 'Module', value: (row) => row.module_name },
  { header: 'Component', value: (row) => row.component_name },
  { header: 'Topic', value: (row) => row.topic_name },
  { header: 'Completed', value: (row) => row.completed_date_time },
  { header: 'Score', value: (row) => row.score },
];

/** A line of a response's detail: one drawn question, with the response's facts. */
export interface DetailLine {
  response: KcReportResponse;
  question: KcReportQuestion;
  /** The question's number in the draw (1 first). */
  number: number;
}

/** Labels, one per line of the cell. */
const lines = (labels: string[]) => labels.join('\n');

/** A response's drawn questions in the draw's order, each a line with the response's facts. */
export function detailLines(response: KcReportResponse): DetailLine[] {
  return [...response.questions].sort((a, b) => a.order - b.order).map((question, index) => ({ response, question, number: index + 1 }));
}

export const DETAIL_CSV: readonly CsvColumn<DetailLine>[] = [
  { header: 'Response ID', value: ({ response }) => response.id },
  { header: 'User Name', value: ({ response }) => response.user_name },
  { header: 'User Email', value: ({ response }) => response.user_email },
  { header: 'Module', value: ({ response }) => response.module_name },
  { header: 'Component', value: ({ response }) => response.component_name },
  { header: 'Topic', value: ({ response }) => response.topic_name },
  { header: 'Completed', value: ({ response }) => response.completed_date_time },
  { header: 'Score', value: ({ response }) => response.score },
  { header: 'Question', value: ({ number }) => number },
  { header: 'Question Text', value: ({ question }) => question.text },
  { header: 'Type', value: ({ question }) => question.type },
  { header: 'Choices', value: ({ question }) => lines(question.choices.map((choice) => choice.label)) },
  { header: 'Correct Answer', value: ({ question }) => lines(question.choices.filter((choice) => choice.is_answer).map((choice) => choice.label)) },
  { header: "Learner's Answer", value: ({ question }) => lines(question.choices.filter((choice) => choice.chosen).map((choice) => choice.label)) },
  { header: 'Correct', value: ({ question }) => question.is_correct },
];

type AnalysedItem = KcItemAnalysis['items'][number];

/** A choice's share as the cell writes it: the fraction, or `n/a` when none can be given. */
const shareOf = (share: number | null) => (share === null ? 'n/a' : String(share));

/** The item analysis' table, a drawn question version a line. */
export const ITEM_ANALYSIS_CSV: readonly CsvColumn<AnalysedItem>[] = [
  { header: 'Question', value: (item) => item.order },
  { header: 'Version', value: (item) => item.version },
  { header: 'Question Text', value: (item) => item.text },
  { header: 'Archived', value: (item) => item.archived },
  { header: 'Drawn', value: (item) => item.drawn },
  { header: 'Facility', value: (item) => item.facility },
  { header: 'Discrimination', value: (item) => item.discrimination },
  { header: 'Point-Biserial', value: (item) => item.point_biserial },
  { header: 'Flags', value: (item) => lines(item.flags) },
  {
    header: 'Choices',
    value: (item) => lines(item.choices.map((choice) => `${choice.label}${choice.is_answer ? ' (correct answer)' : ''}: ${shareOf(choice.share)}`)),
  },
];
