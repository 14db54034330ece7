/**
 * Knowledge check report rows (as the service reads them, normalised by their column kinds: ARCHITECTURE.md#data-access)
 * to the contract's entities: a report row, a response in detail with its drawn questions, an item analysis.
 */
import type { KcItemAnalysis, KcReportChoice, KcReportQuestion, KcReportResponse, KcReportRow } from '@tessera/sdk';
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
