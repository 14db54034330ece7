/**
 * The knowledge checks' forms and messages (knowledge-checks-and-bioreq.md sections 4, 5 and 9; issue 11): the
 * server parses the bodies with them and the portal's and widgets' editors check fields with them, so a person sees
 * the same message either way. Each request form is checked against the contract in contract-check.ts.
 */
import * as v from 'valibot';
import type { KnowledgeCheckQuestionInput, KnowledgeCheckQuestionType, QuestionBankFormat } from '../generated/schema.js';
import { bodyOf, documented, form, isBlank, isUuid, ITEM_TEXT_MAX_LENGTH, messages, present, RELATION_MAX_ITEMS, required, sent } from './core.js';
import { flag } from './forms.js';
import { csvFormat, filterId, listQuery, queryChoice, searched, searchTerm } from './queries.js';

/** Spec section 9: a component check draws 10 questions unless told otherwise; the print sample is 10 too. */
export const KC_DEFAULT_NUMBER_QUESTIONS = 10;
/** The most questions one response or one printed sheet may draw. */
export const KC_MAX_NUMBER_QUESTIONS = 500;
/** The most choices one question may have. */
export const KC_MAX_CHOICES = 100;
export const KC_QUESTION_TYPES = ['radio', 'checkbox'] as const satisfies readonly KnowledgeCheckQuestionType[];
/** The question bank file formats an import reads and an export writes (issue 36). */
export const QUESTION_BANK_FORMATS = ['gift', 'aiken', 'moodle_xml'] as const satisfies readonly QuestionBankFormat[];

export const kcMessages = {
  numberQuestionsNumeric: 'The number questions must be a number.',
  numberQuestionsMin: 'The number questions must be at least 1.',
  numberQuestionsMax: `The number questions may not be greater than ${KC_MAX_NUMBER_QUESTIONS}.`,
  /** Spec section 5: "A question can be saved only with at least two choices and at least one marked as answer." */
  twoChoices: 'A question needs at least two choices.',
  oneAnswer: 'Mark at least one choice as the answer.',
  /** Spec section 4: "A radio allows exactly one answer." */
  radioOneAnswer: 'A single choice question has exactly one answer.',
  questionType: 'The type must be radio (single choice) or checkbox (multiple choice).',
  /** Saving an answer. */
  selectChoice: 'Select at least one choice.',
  radioOneChoice: 'A single choice question takes exactly one choice.',
  choiceOfQuestion: 'The selected choice ids is invalid.',
  /** Assigning. */
  assignSomeone: 'Choose at least one member or group.',
  /** A member named directly must be able to open the check (its module related to them, the content active). */
  assigneeCannotSee: 'These members cannot see this knowledge check: give them access to its module first.',
  dueInFuture: 'The due date time must be a date in the future.',
  dueDate: 'The due date time must be a valid date.',
  /** The id of an update's body, or an answer's ids, must be the path's. */
  pathMismatch: (field: string) => `The ${field.replace(/_/g, ' ')} does not match the address.`,
  printForm: 'The form must be the code of a printed sheet.',
  /** The print dialog's alert when no number is chosen (spec section 2). */
  selectNumber: 'select number',
  /** Spec section 3: "New choices are named 'new choice N'." */
  newChoiceLabel: (n: number) => `new choice ${n}`,
  /** The spec's delete dialog. */
  deleteQuestion: 'This will permanently delete this question. Are you sure you want to continue?',
} as const;

function isWholeNumber(value: unknown): boolean {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number);
}

/** Spec section 5: "Number of questions: required, numeric"; a whole number from 1. */
function numberOfQuestions() {
  return v.pipe(
    documented<number | string>(),
    v.check((value: number | string) => isWholeNumber(value), kcMessages.numberQuestionsNumeric),
    v.transform(Number),
    v.minValue(1, kcMessages.numberQuestionsMin),
    v.maxValue(KC_MAX_NUMBER_QUESTIONS, kcMessages.numberQuestionsMax),
  );
}

/** Markdown as typed (not trimmed), up to the items' paragraph length; null or absent reads as ''. */
function markdown(field: string) {
  return v.optional(
    v.pipe(
      documented<string | null>(),
      v.transform((value): unknown => value ?? ''),
      v.string(messages.string(field)),
      v.maxLength(ITEM_TEXT_MAX_LENGTH, messages.maxLength(field, ITEM_TEXT_MAX_LENGTH)),
    ),
    '',
  );
}

/** Markdown of an update: absent or null leaves it unchanged (undefined). */
function markdownUpdate(field: string) {
  return sent(
    v.pipe(documented<string | null>(), v.string(messages.string(field)), v.maxLength(ITEM_TEXT_MAX_LENGTH, messages.maxLength(field, ITEM_TEXT_MAX_LENGTH))),
  );
}

/** A UUID, answered lower-cased. */
function uuid(field: string) {
  return v.pipe(
    v.custom<string>(isUuid, messages.uuid(field)),
    v.transform((id) => id.toLowerCase()),
  );
}

/** A UUID or null/'' for none (null), lower-cased. */
function nullableUuid(field: string) {
  return v.optional(
    v.pipe(
      documented<string | null>(),
      v.transform((value): unknown => (value === '' || value === undefined ? null : value)),
      v.nullable(uuid(field)),
    ),
    null,
  );
}

export interface KcChoiceEntry {
  /** The id of a choice of the current version to keep (rewritten in place), or null for a new one. */
  id: string | null;
  label: string;
  is_answer: boolean;
  media_id: string | null;
  /** From 1: the place in the array. */
  order: number;
}

type ChoiceInput = KnowledgeCheckQuestionInput['choices'][number];

const choiceForm = form({
  id: nullableUuid('id'),
  label: required(
    'label',
    v.pipe(v.string(messages.string('label')), v.maxLength(ITEM_TEXT_MAX_LENGTH, messages.maxLength('label', ITEM_TEXT_MAX_LENGTH)), v.trim()),
  ),
  is_answer: v.optional(flag('is_answer'), false),
  media_id: nullableUuid('media_id'),
});

function entryIssue(index: number, field: string | null, message: string) {
  const path: v.UnknownPathItem[] = [{ type: 'unknown', origin: 'value', input: undefined, key: index, value: undefined }];
  if (field !== null) path.push({ type: 'unknown', origin: 'value', input: undefined, key: field, value: undefined });
  return { message, path: path as [v.UnknownPathItem, ...v.UnknownPathItem[]] };
}

/** The choices of a question: each entry's own checks (keyed `choices.{index}.{field}`), then the spec's rules on the whole list. */
function choices() {
  return v.pipe(
    documented<ChoiceInput[]>(),
    v.check((value) => value !== undefined && value !== null, messages.required('choices')),
    v.array(documented<ChoiceInput>(), messages.array('choices')),
    v.maxLength(KC_MAX_CHOICES, messages.maxItems('choices', KC_MAX_CHOICES)),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const entries: KcChoiceEntry[] = [];
      dataset.value.forEach((raw: unknown, index) => {
        const result = v.safeParse(choiceForm, typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {});
        if (result.success) entries.push({ ...result.output, order: index + 1 });
        else for (const issue of result.issues) addIssue(entryIssue(index, String(issue.path?.[0]?.key ?? 'label'), issue.message));
      });
      if (entries.length < dataset.value.length) return NEVER;
      const ids = entries.flatMap((entry) => (entry.id === null ? [] : [entry.id]));
      if (new Set(ids).size < ids.length) {
        addIssue({ message: messages.selected('id') });
        return NEVER;
      }
      return entries;
    }),
  );
}

type QuestionFields = { type?: unknown; choices?: unknown };

/** Spec sections 4 and 5: two choices at least, one answer at least, exactly one answer on a radio question (the message on `choices`). */
export function choiceProblem(type: unknown, list: readonly { is_answer: boolean }[]): string | null {
  if (list.length < 2) return kcMessages.twoChoices;
  const answers = list.filter((choice) => choice.is_answer).length;
  if (answers === 0) return kcMessages.oneAnswer;
  if (type === 'radio' && answers !== 1) return kcMessages.radioOneAnswer;
  return null;
}

function questionRules<S extends v.GenericSchema<unknown, QuestionFields>>(schema: S) {
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<S>>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const value = dataset.value as { type: unknown; choices: KcChoiceEntry[] };
      const problem = choiceProblem(value.type, value.choices);
      if (problem) addIssue({ message: problem, path: [{ type: 'unknown', origin: 'value', input: value, key: 'choices', value: value.choices }] });
    }),
  );
}

/** A list of UUIDs, lower-cased without duplicates; null or absent reads as []. */
function idList(field: string) {
  return v.optional(
    v.pipe(
      documented<string[] | null>(),
      v.transform((value): unknown => value ?? []),
      v.array(documented<string>(), messages.array(field)),
      v.maxLength(RELATION_MAX_ITEMS, messages.maxItems(field, RELATION_MAX_ITEMS)),
      v.check((list) => list.every(isUuid), messages.selected(field)),
      v.transform((list) => [...new Set(list.map((id) => id.toLowerCase()))]),
    ),
    [],
  );
}

/** An optional due date: null or '' for none; else an ISO 8601 date in the future, answered as a Date. */
function dueDate() {
  return v.optional(
    v.pipe(
      documented<string | null>(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const value: unknown = dataset.value;
        if (isBlank(value)) return null;
        const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : new Date(Number.NaN);
        if (Number.isNaN(date.getTime())) {
          addIssue({ message: kcMessages.dueDate });
          return NEVER;
        }
        if (date.getTime() <= Date.now()) {
          addIssue({ message: kcMessages.dueInFuture });
          return NEVER;
        }
        return date;
      }),
    ),
    null,
  );
}

type AssignmentFields = { tenant_user_ids?: unknown; group_ids?: unknown };

function someoneAssigned<S extends v.GenericSchema<unknown, AssignmentFields>>(schema: S) {
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<S>>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const value = dataset.value as { tenant_user_ids: string[]; group_ids: string[] };
      if (value.tenant_user_ids.length === 0 && value.group_ids.length === 0) {
        addIssue({ message: kcMessages.assignSomeone, path: [{ type: 'unknown', origin: 'value', input: value, key: 'tenant_user_ids', value: [] }] });
      }
    }),
  );
}

/** A query-string whole number from 1 (the print's `number`, default 10). */
function queryCount(field: string) {
  return v.optional(
    v.pipe(
      documented<string>(),
      v.check((value) => isBlank(value) || isWholeNumber(value), messages.integer(field)),
      v.transform((value) => (isBlank(value) ? KC_DEFAULT_NUMBER_QUESTIONS : Number(value))),
      v.minValue(1, messages.minNumber(field, 1)),
      v.maxValue(KC_MAX_NUMBER_QUESTIONS, messages.maxNumber(field, KC_MAX_NUMBER_QUESTIONS)),
    ),
    String(KC_DEFAULT_NUMBER_QUESTIONS),
  );
}

/** The largest seed a draw takes (pure-rand's 32-bit seeds). */
export const KC_MAX_SEED = 0xffff_ffff;

/** A print form code: a seed in lower-case base 36. */
export function formCodeOf(seed: number): string {
  return seed.toString(36);
}

/** The seed of a form code, or null when it is not one. */
export function seedOfFormCode(code: string): number | null {
  if (!/^[0-9a-z]{1,7}$/.test(code)) return null;
  const seed = parseInt(code, 36);
  return seed <= KC_MAX_SEED ? seed : null;
}

/** The knowledge checks' forms. */
export const kcForms = {
  /** POST /components/{componentId}/knowledgechecks (the creation page: Instructions, Number of Questions). */
  knowledgeCheckCreate: bodyOf(
    'createComponentKnowledgeCheck',
    form({
      number_questions: required('number_questions', numberOfQuestions()),
      instructions: markdown('instructions'),
    }),
  ),
  /** PUT /knowledgechecks/{id} (the Properties tab; the topic page's instructions). */
  knowledgeCheckUpdate: bodyOf(
    'updateKnowledgeCheck',
    form({
      id: present(uuid('id')),
      instructions: markdownUpdate('instructions'),
      number_questions: sent(
        v.pipe(
          documented<number | string>(),
          v.check((value) => !isBlank(value), messages.required('number_questions')),
          numberOfQuestions(),
        ),
      ),
    }),
  ),
  /** POST /topics/{topicId}/kc: saving instructions creates the check. */
  topicKnowledgeCheckCreate: bodyOf('createTopicKnowledgeCheck', form({ instructions: markdown('instructions') })),
  /** PUT /topics/{topicId}/kc/{id}. */
  topicKnowledgeCheckUpdate: bodyOf('updateTopicKnowledgeCheck', form({ id: present(uuid('id')), instructions: markdownUpdate('instructions') })),
  /** The question editor's save (POST and PUT of a question). */
  knowledgeCheckQuestion: bodyOf(
    'createKnowledgeCheckQuestion',
    questionRules(
      form({
        text: required(
          'text',
          v.pipe(
            v.string(messages.string('text')),
            v.maxLength(ITEM_TEXT_MAX_LENGTH, messages.maxLength('text', ITEM_TEXT_MAX_LENGTH)),
            v.check((value) => value.trim() !== '', messages.required('text')),
          ),
        ),
        type: required('type', v.picklist(KC_QUESTION_TYPES, kcMessages.questionType)),
        media_id: nullableUuid('media_id'),
        choices: choices(),
      }),
    ),
  ),
  /** PUT /knowledgechecks/{id}/questions/order. */
  knowledgeCheckQuestionOrder: bodyOf(
    'reorderKnowledgeCheckQuestions',
    form({
      questions: required(
        'questions',
        v.pipe(
          v.array(documented<{ id: string; order: number }>(), messages.array('questions')),
          v.maxLength(RELATION_MAX_ITEMS, messages.maxItems('questions', RELATION_MAX_ITEMS)),
          v.check(
            (list) =>
              list.every((entry) => typeof entry === 'object' && entry !== null && isUuid(entry.id) && isWholeNumber(entry.order) && Number(entry.order) >= 0),
            messages.selected('questions'),
          ),
          v.transform((list) => list.map((entry) => ({ id: entry.id.toLowerCase(), order: Number(entry.order) }))),
        ),
      ),
    }),
  ),
  /** POST .../responses/{responseId}/questions/{questionId}. */
  knowledgeCheckAnswer: bodyOf(
    'answerKnowledgeCheckQuestion',
    form({
      choice_ids: v.pipe(
        documented<string[]>(),
        v.check((value) => Array.isArray(value) && value.length > 0, kcMessages.selectChoice),
        v.array(documented<string>(), messages.array('choice_ids')),
        v.maxLength(KC_MAX_CHOICES, messages.maxItems('choice_ids', KC_MAX_CHOICES)),
        v.check((list) => list.every(isUuid), kcMessages.choiceOfQuestion),
        v.transform((list) => [...new Set(list.map((id) => id.toLowerCase()))]),
      ),
      question_id: nullableUuid('question_id'),
      knowledge_check_response_id: nullableUuid('knowledge_check_response_id'),
    }),
  ),
  /** POST /knowledgechecks/{id}/assignments. */
  knowledgeCheckAssignment: bodyOf(
    'createKnowledgeCheckAssignments',
    someoneAssigned(form({ tenant_user_ids: idList('tenant_user_ids'), group_ids: idList('group_ids'), due_date_time: dueDate() })),
  ),
  /** POST /knowledgechecks/{id}/questions/import: the multipart text fields (the upload pipeline reads the file). */
  knowledgeCheckQuestionImport: form({
    format: v.optional(v.picklist([...QUESTION_BANK_FORMATS, 'auto'], messages.selected('format')), 'auto'),
    dry_run: sent(flag('dry_run')),
  }),
  /** GET /knowledgechecks/{id}/print?number=&form= */
  knowledgeCheckPrintQuery: form({
    number: queryCount('number'),
    form: v.optional(
      v.pipe(
        documented<string>(),
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          const value: unknown = dataset.value;
          if (isBlank(value)) return null;
          const seed = typeof value === 'string' ? seedOfFormCode(value.trim().toLowerCase()) : null;
          if (seed === null) {
            addIssue({ message: kcMessages.printForm });
            return NEVER;
          }
          return seed;
        }),
      ),
      '',
    ),
  }),
  /** GET /knowledgechecks/{id}/preview?seed= */
  knowledgeCheckPreviewQuery: form({
    seed: v.optional(
      v.pipe(
        documented<string>(),
        v.check((value) => isBlank(value) || (isWholeNumber(value) && Number(value) >= 0 && Number(value) <= KC_MAX_SEED), messages.integer('seed')),
        v.transform((value) => (isBlank(value) ? null : Number(value))),
      ),
      '',
    ),
  }),
};

/** The knowledge checks' reads: the report and its downloads, the assignable people, a learner's own checks, the bank's export. */
export const kcQueryForms = {
  listCompletedKnowledgeCheckResponses: listQuery(['user', 'knowledge_check', 'date', 'score'], {
    module: filterId('module'),
    component: filterId('component'),
    topic: filterId('topic'),
    user: searchTerm('user'),
    ...csvFormat,
  }),
  getKnowledgeCheckResponseReport: form(csvFormat),
  getKnowledgeCheckItemAnalysis: form({ attempts: queryChoice('attempts', ['first', 'all'] as const), ...csvFormat }),
  listKnowledgeCheckAssignable: form(searched),
  listMyKnowledgeChecks: listQuery(['due', 'name'], searched),
  /** A question bank export names its format: there is no default file type. */
  exportKnowledgeCheckQuestions: form({ format: v.picklist(QUESTION_BANK_FORMATS, messages.selected('format')) }),
};
