/**
 * The knowledge check shapes the authoring pages read (KC-PLAN.md; the contract's once it lands on the SDK).
 * TEMPORARY: replaced by the generated types of @tessera/sdk when the kc contract is merged.
 */
import type { MediaSummary } from '@tessera/sdk';

export interface KcChoice {
  id: string;
  label: string;
  value: string;
  order: number;
  media_id: string | null;
  media: MediaSummary | null;
  is_answer?: boolean;
}

export interface KcQuestion {
  id: string;
  version_id: string;
  version: number;
  text: string;
  text_html: string;
  type: 'radio' | 'checkbox';
  order: number;
  media_id: string | null;
  media: MediaSummary | null;
  choices: KcChoice[];
  answer?: string[];
  archived: boolean;
}

export interface KnowledgeCheck {
  id: string;
  name: string;
  instructions: string;
  instructions_html: string;
  number_questions: number;
  use_question_bank: boolean;
  topic_id: string | null;
  component_id: string;
  module_id: string;
  question_count: number;
  questions?: KcQuestion[];
}

export type KcResponseStatus = 'assigned' | 'in-progress' | 'completed';

export interface KcAssignment {
  id: string;
  knowledge_check_id: string;
  due_date_time: string | null;
  created_at: string;
  tenant_user: { id: string; name: string; email: string } | null;
  group: { id: string; name: string } | null;
  assignees: { tenant_user_id: string; name: string; email: string; status: KcResponseStatus; completed_date_time: string | null; score: number | null }[];
}
