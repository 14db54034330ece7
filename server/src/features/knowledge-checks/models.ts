/**
 * The knowledge checks' rows as models (ARCHITECTURE.md#knowledge-checks; the schema is the migration
 * 20250117000000_knowledge_checks.ts). Each extends `TesseraModel`, listing its boolean, date and number columns, so
 * rows read through it (`org.rows(query, Model)`) arrive normalised and writes (`org.write(Model)`) are formatted
 * once, here. A question version with its choices, or a response with its draw, is read one query per level
 * (whatever the bank's size) and put together in the service: the `…View` types below.
 */
import { TesseraModel } from '../../db/model.js';

export type QuestionType = 'radio' | 'checkbox';
export type ResponseStatus = 'assigned' | 'in-progress' | 'completed';

export class KnowledgeCheckModel extends TesseraModel {
  static override tableName = 'knowledge_checks';
  static override booleanColumns = ['use_question_bank'];
  static override dateColumns = ['created_at', 'updated_at'];

  id!: string;
  tenant_id!: string;
  topic_id!: string | null;
  component_id!: string | null;
  instructions!: string;
  number_questions!: number;
  use_question_bank!: boolean;
  created_at!: string;
  updated_at!: string;
}

export class KcChoice extends TesseraModel {
  static override tableName = 'kc_choices';
  static override booleanColumns = ['is_answer'];

  id!: string;
  tenant_id!: string;
  question_version_id!: string;
  label!: string;
  is_answer!: boolean;
  position!: number;
  media_id!: string | null;
}

export class KcQuestionVersion extends TesseraModel {
  static override tableName = 'kc_question_versions';
  static override booleanColumns = ['drawn'];
  static override dateColumns = ['created_at'];

  id!: string;
  tenant_id!: string;
  question_id!: string;
  version!: number;
  text!: string;
  type!: QuestionType;
  media_id!: string | null;
  drawn!: boolean;
  created_at!: string;
}

export class KcQuestion extends TesseraModel {
  static override tableName = 'kc_questions';
  static override dateColumns = ['archived_at', 'created_at', 'updated_at'];

  id!: string;
  tenant_id!: string;
  knowledge_check_id!: string;
  position!: number;
  current_version_id!: string | null;
  archived_at!: string | null;
  created_at!: string;
  updated_at!: string;
}

export class KcAnswerChoice extends TesseraModel {
  static override tableName = 'kc_answer_choices';
  static override idColumn = ['response_question_id', 'choice_id'];

  tenant_id!: string;
  response_question_id!: string;
  choice_id!: string;
}

export class KcResponseQuestion extends TesseraModel {
  static override tableName = 'kc_response_questions';
  static override booleanColumns = ['is_correct'];
  static override dateColumns = ['answered_at'];

  id!: string;
  tenant_id!: string;
  response_id!: string;
  question_id!: string;
  question_version_id!: string;
  position!: number;
  answered_at!: string | null;
  is_correct!: boolean | null;
}

export class KcResponse extends TesseraModel {
  static override tableName = 'kc_responses';
  static override numberColumns = ['seed', 'score'];
  static override dateColumns = ['due_date_time', 'started_at', 'completed_date_time', 'reminded_at', 'overdue_noticed_at', 'created_at', 'updated_at'];

  id!: string;
  tenant_id!: string;
  knowledge_check_id!: string;
  tenant_user_id!: string;
  assignment_id!: string | null;
  status!: ResponseStatus;
  seed!: number;
  attempt!: number;
  due_date_time!: string | null;
  /** When the learner was reminded that it is due within a day (reminders.ts). */
  reminded_at!: string | null;
  /** When the assigner was told the learner is overdue (reminders.ts). */
  overdue_noticed_at!: string | null;
  started_at!: string | null;
  completed_date_time!: string | null;
  correct_answers!: number | null;
  incorrect_answers!: number | null;
  score!: number | null;
  created_at!: string;
  updated_at!: string;
}

export class KcAssignment extends TesseraModel {
  static override tableName = 'kc_assignments';
  static override dateColumns = ['due_date_time', 'created_at', 'updated_at'];

  id!: string;
  tenant_id!: string;
  knowledge_check_id!: string;
  tenant_user_id!: string | null;
  group_id!: string | null;
  due_date_time!: string | null;
  assigned_by_user_id!: string | null;
  created_at!: string;
  updated_at!: string;
}

/** A row of a model's table as `org.rows(query, Model)` reads it: its columns, without the model's methods. */
export type Row<M extends TesseraModel> = Omit<M, keyof TesseraModel>;

/** A question version as shown, with its choices in their order. */
export type VersionView = Row<KcQuestionVersion> & { choices: Row<KcChoice>[] };

/** A bank question with its current version (none only while a question is being created). */
export type BankQuestion = Row<KcQuestion> & { currentVersion: VersionView | undefined };

/** A drawn question of a response: the version it drew, its question (archived or not) and the chosen choices. */
type DrawnQuestionView = Row<KcResponseQuestion> & {
  version: VersionView | undefined;
  question: Pick<KcQuestion, 'id' | 'archived_at'> | undefined;
  answerChoices: Pick<KcAnswerChoice, 'response_question_id' | 'choice_id'>[];
};

/** A response with its draw in order. */
export type ResponseView = Row<KcResponse> & { questions: DrawnQuestionView[] };
