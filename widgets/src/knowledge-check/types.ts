/**
 * The knowledge-check shapes the player and the review read. They mirror the contract's schemas (KC-PLAN.md;
 * `openapi/components/schemas/KnowledgeCheck*.yaml`) field for field, narrowed to what these screens use: the SDK's
 * generated types are assignable to them (kcCalls.ts hands the SDK's answers over as these, so tsc checks it), and
 * stories and tests build them without the fields the screens never read.
 */
import type { MediaSummary } from '@tessera/sdk';

type KcResponseStatus = 'assigned' | 'in-progress' | 'completed';

export interface KcChoice {
  id: string;
  label: string;
  order: number;
  media: MediaSummary | null;
  /** Present only once the response is completed (and for authors). */
  is_answer?: boolean;
}

export interface KcQuestion {
  id: string;
  text: string;
  type: 'radio' | 'checkbox';
  order: number;
  media: MediaSummary | null;
  choices: KcChoice[];
  /** The answer choice ids; same visibility as `is_answer`. */
  answer?: string[];
}

export interface KcAnswer {
  question_id: string;
  choice_ids: string[];
  is_correct: boolean | null;
}

export interface KcResponseSummary {
  id: string | null;
  status: KcResponseStatus;
  attempt: number;
  due_date_time: string | null;
  started_at: string | null;
  completed_date_time: string | null;
  correct_answers: number | null;
  incorrect_answers: number | null;
  score: number | null;
}

export interface KcResponse extends KcResponseSummary {
  knowledge_check_id: string;
  knowledge_check: { id: string; name: string; topic_id: string | null; component_id: string; module_id: string };
  instructions: string;
  questions: KcQuestion[];
  answers: KcAnswer[];
}

/** What the check page needs of a check. */
export interface KcCheck {
  id: string;
  name: string;
  instructions: string;
  topic_id: string | null;
  component_id: string;
  module_id: string;
}
