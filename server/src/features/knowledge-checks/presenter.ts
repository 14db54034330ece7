/**
 * Knowledge check rows to the contract's entities. The answer key (`is_answer`, `answer`, `is_correct`) is written
 * only when the caller passes `withKey`: authors' bank and print, and a completed response. Nothing else ever
 * receives it, so a learner's in-progress answer cannot carry it by mistake.
 */
import type {
  MyKnowledgeCheck,
  KnowledgeCheck,
  KnowledgeCheckAnswer,
  KnowledgeCheckAssignment,
  KnowledgeCheckChoice,
  KnowledgeCheckQuestion,
  KnowledgeCheckResponse,
  KnowledgeCheckResponseSummary,
  MediaSummary,
} from '@tessera/sdk';
import { renderMarkdown } from '@tessera/sdk/markdown';
import type { UrlSigner } from '../../storage/signed-urls.js';
import { presentMediaSummary, type MediaSummaryColumns } from '../media/summary.js';
import type { MyCheckRow } from './mine.js';
import type { KcResponse, ResponseStatus, ResponseView, VersionView } from './models.js';

/** The media of a set of questions, by id (one query, `mediaOf` in the service). */
export type MediaById = Map<string, MediaSummaryColumns>;

/** Where a check lives, as its lookup reads it (hot.ts, `CHECK_ROW`). */
export interface CheckRow {
  id: string;
  tenant_id: string;
  topic_id: string | null;
  /** The component the check belongs to (its own, or its topic's). */
  component_id: string;
  module_id: string;
  name: string;
  instructions: string;
  number_questions: number;
  use_question_bank: boolean;
  question_count: number;
}

function mediaOf(id: string | null, media: MediaById, signer: UrlSigner): MediaSummary | null {
  const row = id ? media.get(id) : undefined;
  return row ? presentMediaSummary(row, signer) : null;
}

export interface QuestionView {
  /** The question's identity. */
  id: string;
  archived: boolean;
  /** Its place in the bank or in the draw, from 1. */
  order: number;
  version: VersionView;
}

export function presentQuestion(view: QuestionView, withKey: boolean, media: MediaById, signer: UrlSigner): KnowledgeCheckQuestion {
  const choices = [...view.version.choices].sort((a, b) => a.position - b.position);
  const question: KnowledgeCheckQuestion = {
    id: view.id,
    version_id: view.version.id,
    version: view.version.version,
    text: view.version.text,
    text_html: renderMarkdown(view.version.text),
    type: view.version.type,
    order: view.order,
    media_id: view.version.media_id,
    media: mediaOf(view.version.media_id, media, signer),
    choices: choices.map((choice) => {
      const presented: KnowledgeCheckChoice = {
        id: choice.id,
        label: choice.label,
        value: choice.id,
        order: choice.position,
        media_id: choice.media_id,
        media: mediaOf(choice.media_id, media, signer),
      };
      if (withKey) presented.is_answer = choice.is_answer;
      return presented;
    }),
    archived: view.archived,
  };
  if (withKey) question.answer = choices.filter((choice) => choice.is_answer).map((choice) => choice.id);
  return question;
}

export function presentCheck(row: CheckRow, questions?: KnowledgeCheckQuestion[]): KnowledgeCheck {
  const check: KnowledgeCheck = {
    id: row.id,
    name: row.name,
    instructions: row.instructions,
    instructions_html: renderMarkdown(row.instructions),
    number_questions: row.number_questions,
    use_question_bank: row.use_question_bank,
    topic_id: row.topic_id,
    component_id: row.component_id,
    module_id: row.module_id,
    question_count: row.question_count,
  };
  if (questions) check.questions = questions;
  return check;
}

/** The columns of a response a summary shows, normalised by its model. */
export type ResponseSummaryRow = Pick<
  KcResponse,
  | 'id'
  | 'knowledge_check_id'
  | 'status'
  | 'attempt'
  | 'due_date_time'
  | 'started_at'
  | 'completed_date_time'
  | 'correct_answers'
  | 'incorrect_answers'
  | 'score'
>;

/** The summary columns of a response. */
export function presentResponseSummary(row: ResponseSummaryRow): KnowledgeCheckResponseSummary {
  return {
    id: row.id,
    knowledge_check_id: row.knowledge_check_id,
    status: row.status,
    attempt: row.attempt,
    due_date_time: row.due_date_time,
    started_at: row.started_at,
    completed_date_time: row.completed_date_time,
    correct_answers: row.correct_answers,
    incorrect_answers: row.incorrect_answers,
    score: row.score,
  };
}

/** A response with its draw (`readResponse`): the draw in order, the chosen choices, the key only once completed. */
export function presentResponse(row: ResponseView, check: CheckRow, media: MediaById, signer: UrlSigner): KnowledgeCheckResponse {
  const withKey = row.status === 'completed';
  const drawn = [...row.questions].sort((a, b) => a.position - b.position);
  const questions = drawn.flatMap((entry) =>
    entry.version
      ? [
          presentQuestion(
            { id: entry.question_id, archived: (entry.question?.archived_at ?? null) !== null, order: entry.position, version: entry.version },
            withKey,
            media,
            signer,
          ),
        ]
      : [],
  );
  const answers: KnowledgeCheckAnswer[] = drawn
    .filter((entry) => entry.answered_at !== null)
    .map((entry) => ({
      id: entry.id,
      question_id: entry.question_id,
      knowledge_check_response_id: row.id,
      choice_ids: entry.answerChoices.map((choice) => choice.choice_id),
      is_correct: withKey ? entry.is_correct : null,
    }));
  return { ...presentResponseSummary(row), ...responseFrame(check), questions, answers };
}

/** The check's part of a response. */
function responseFrame(check: CheckRow) {
  return {
    knowledge_check: { id: check.id, name: check.name, topic_id: check.topic_id, component_id: check.component_id, module_id: check.module_id },
    instructions: check.instructions,
    instructions_html: renderMarkdown(check.instructions),
  };
}

/** A preview: a draw that is not stored (no id, no answers, no key). */
export function presentPreview(check: CheckRow, questions: KnowledgeCheckQuestion[]): KnowledgeCheckResponse {
  return {
    id: null,
    knowledge_check_id: check.id,
    status: 'in-progress',
    attempt: 1,
    due_date_time: null,
    started_at: null,
    completed_date_time: null,
    correct_answers: null,
    incorrect_answers: null,
    score: null,
    ...responseFrame(check),
    questions,
    answers: [],
  };
}

export interface AssignmentRow {
  id: string;
  knowledge_check_id: string;
  due_date_time: string | null;
  created_at: string;
  tenant_user_id: string | null;
  tenant_user_name: string | null;
  tenant_user_email: string | null;
  group_id: string | null;
  group_name: string | null;
}

export interface AssigneeRow {
  assignment_id: string;
  tenant_user_id: string;
  name: string;
  email: string;
  status: ResponseStatus;
  completed_date_time: string | null;
  score: number | null;
}

export function presentAssignment(row: AssignmentRow, assignees: AssigneeRow[]): KnowledgeCheckAssignment {
  return {
    id: row.id,
    knowledge_check_id: row.knowledge_check_id,
    due_date_time: row.due_date_time,
    created_at: row.created_at,
    tenant_user: row.tenant_user_id ? { id: row.tenant_user_id, name: row.tenant_user_name ?? '', email: row.tenant_user_email ?? '' } : null,
    group: row.group_id ? { id: row.group_id, name: row.group_name ?? '' } : null,
    assignees: assignees.map((assignee) => ({
      tenant_user_id: assignee.tenant_user_id,
      name: assignee.name,
      email: assignee.email,
      status: assignee.status,
      completed_date_time: assignee.completed_date_time,
      score: assignee.score,
    })),
  };
}

/** A row of My Knowledge Checks: where the check lives and where the member stands with it. */
export function presentMyCheck(row: MyCheckRow): MyKnowledgeCheck {
  return {
    id: row.id,
    name: row.name,
    module: { id: row.module_id, name: row.module_name },
    component: { id: row.component_id, name: row.component_name },
    topic: row.topic_id ? { id: row.topic_id, name: row.topic_name ?? '' } : null,
    status: row.open_status ?? (row.last_completed_date_time ? 'completed' : 'not-started'),
    assigned: row.open_status === 'assigned' || row.open_assignment_id !== null,
    due_date_time: row.due_date_time,
    response_id: row.response_id,
    last_score: row.last_score,
    last_completed_date_time: row.last_completed_date_time,
  };
}
