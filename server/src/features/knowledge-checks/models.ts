/**
 * The knowledge checks' rows as objection models (ARCHITECTURE.md#knowledge-checks; the schema is the migration
 * 20250117000000_knowledge_checks.ts). Each extends `TesseraModel`, so booleans, dates and numbers are normalised
 * once, here. Relation graphs read a question version with its choices and a response with its drawn questions
 * and chosen choices in a fixed number of queries (one per relation level, whatever the bank's size). Queries are
 * always bound: `Model.query(db.knex)` or `Model.query(trx)`.
 */
import type { RelationMappings } from 'objection';
import { TesseraModel } from '../../db/model.js';

export type QuestionType = 'radio' | 'checkbox';
export type ResponseStatus = 'assigned' | 'in-progress' | 'completed';

/** Children in their order (choices by position, a draw by position): pass to a graph query's `.modifiers()`. */
export const graphModifiers = {
  byPosition(query: { orderBy(column: string): unknown }): void {
    query.orderBy('position');
  },
};

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
  choices?: KcChoice[];

  static override get relationMappings(): RelationMappings {
    return {
      choices: {
        relation: TesseraModel.HasManyRelation,
        modelClass: KcChoice,
        join: { from: 'kc_question_versions.id', to: 'kc_choices.question_version_id' },
      },
    };
  }
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
  currentVersion?: KcQuestionVersion;

  static override get relationMappings(): RelationMappings {
    return {
      currentVersion: {
        relation: TesseraModel.BelongsToOneRelation,
        modelClass: KcQuestionVersion,
        join: { from: 'kc_questions.current_version_id', to: 'kc_question_versions.id' },
      },
    };
  }
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
  version?: KcQuestionVersion;
  question?: KcQuestion;
  answerChoices?: KcAnswerChoice[];

  static override get relationMappings(): RelationMappings {
    return {
      version: {
        relation: TesseraModel.BelongsToOneRelation,
        modelClass: KcQuestionVersion,
        join: { from: 'kc_response_questions.question_version_id', to: 'kc_question_versions.id' },
      },
      question: {
        relation: TesseraModel.BelongsToOneRelation,
        modelClass: KcQuestion,
        join: { from: 'kc_response_questions.question_id', to: 'kc_questions.id' },
      },
      answerChoices: {
        relation: TesseraModel.HasManyRelation,
        modelClass: KcAnswerChoice,
        join: { from: 'kc_response_questions.id', to: 'kc_answer_choices.response_question_id' },
      },
    };
  }
}

export class KcResponse extends TesseraModel {
  static override tableName = 'kc_responses';
  static override numberColumns = ['seed', 'score'];
  static override dateColumns = ['due_date_time', 'started_at', 'completed_date_time', 'created_at', 'updated_at'];

  id!: string;
  tenant_id!: string;
  knowledge_check_id!: string;
  tenant_user_id!: string;
  assignment_id!: string | null;
  status!: ResponseStatus;
  seed!: number;
  attempt!: number;
  due_date_time!: string | null;
  started_at!: string | null;
  completed_date_time!: string | null;
  correct_answers!: number | null;
  incorrect_answers!: number | null;
  score!: number | null;
  created_at!: string;
  updated_at!: string;
  questions?: KcResponseQuestion[];

  static override get relationMappings(): RelationMappings {
    return {
      questions: {
        relation: TesseraModel.HasManyRelation,
        modelClass: KcResponseQuestion,
        join: { from: 'kc_responses.id', to: 'kc_response_questions.response_id' },
      },
    };
  }
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

/** The graph a response is read with: its draw in order, each drawn version with its choices, and the chosen choices. */
export const RESPONSE_GRAPH = '[questions(byPosition).[version.choices(byPosition), question, answerChoices]]';
