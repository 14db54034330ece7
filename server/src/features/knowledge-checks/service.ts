/**
 * Knowledge checks and their question bank (ARCHITECTURE.md#knowledge-checks): finding a check as the caller may
 * see it, creating and editing checks, and the versioned bank. Every multi-step write runs in one transaction.
 * Responses are in responses.ts, assignments in assignments.ts, the hot reads and writes in hot.ts.
 */
import type { KcChoiceEntry } from '@tessera/sdk/rules';
import { messages } from '@tessera/sdk/rules';
import type { Database, TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { isUniqueViolation } from '../../db/values.js';
import { planOrder } from '../../db/ordering.js';
import { Media } from '../../db/content-models.js';
import type { ColumnKinds } from '../../db/model.js';
import type { Query } from '../../db/query.js';
import { chunks } from '../../db/relations.js';
import { HttpError, notFound, validationFailed } from '../../http/errors.js';
import type { FieldErrors } from '@tessera/sdk/rules';
import { whereComponentVisible, whereTopicVisible, type Viewer } from '../content/visibility.js';
import { MEDIA_SUMMARY_FIELDS, type MediaSummaryColumns } from '../media/summary.js';
import { CHECK_ROW, checkByIdAsSeen, checkQuery, whereCheckVisible } from './hot.js';
import { KcChoice, KcQuestion, KcQuestionVersion, KnowledgeCheckModel, type BankQuestion, type Row, type VersionView } from './models.js';
import { kcMessagesServer } from './policy.js';
import type { CheckRow, MediaById, QuestionView } from './presenter.js';

// ------------------------------------------------------------------------------------------------
// Finding a check

/** The check, as the viewer may see it; 404 otherwise. */
export async function requireCheck(db: Database, viewer: Viewer, id: string): Promise<CheckRow> {
  const check = await checkByIdAsSeen(db, viewer, id);
  if (!check) throw notFound(kcMessagesServer.checkNotFound);
  return check;
}

/** The check of a topic or component (null when it has none); 404 when the viewer cannot see the topic or component. */
export async function checkOf(db: Database, viewer: Viewer, owner: { topicId: string } | { componentId: string }): Promise<CheckRow | null> {
  const org = db.inTenant(viewer.tenantId);
  const query = whereCheckVisible(org, checkQuery(org), viewer);
  if ('topicId' in owner) query.where('kc.topic_id', owner.topicId);
  else query.where('kc.component_id', owner.componentId);
  const check = await org.row<CheckRow>(query, CHECK_ROW);
  if (check) return check;
  await requireOwner(db, viewer, owner);
  return null;
}

/** 404 unless the viewer may see the topic or the component. */
async function requireOwner(db: Database, viewer: Viewer, owner: { topicId: string } | { componentId: string }): Promise<void> {
  const org = db.inTenant(viewer.tenantId);
  if ('topicId' in owner) {
    const query = org
      .from('topics as t')
      .join('components as c', 'c.id', 't.component_id')
      .join('modules as m', 'm.id', 'c.module_id')
      .where('t.id', owner.topicId)
      .select('t.id');
    if (!(await org.row(whereTopicVisible(org, query, viewer, 'one')))) throw notFound(kcMessagesServer.topicNotFound);
    return;
  }
  const query = org.from('components as c').join('modules as m', 'm.id', 'c.module_id').where('c.id', owner.componentId).select('c.id');
  if (!(await org.row(whereComponentVisible(org, query, viewer, 'one')))) throw notFound(kcMessagesServer.componentNotFound);
}

// ------------------------------------------------------------------------------------------------
// Creating and editing checks

export interface CheckInput {
  instructions: string;
  number_questions: number;
}

/** A topic's or component's check (409 `knowledge_check_exists` when it has one, a race included). */
export async function createCheck(db: Database, viewer: Viewer, owner: { topicId: string } | { componentId: string }, input: CheckInput): Promise<string> {
  await requireOwner(db, viewer, owner);
  const now = new Date().toISOString();
  const id = newId();
  try {
    await db
      .inTenant(viewer.tenantId)
      .write(KnowledgeCheckModel)
      .insert({
        id,
        topic_id: 'topicId' in owner ? owner.topicId : null,
        component_id: 'componentId' in owner ? owner.componentId : null,
        instructions: input.instructions,
        number_questions: input.number_questions,
        use_question_bank: true,
        created_at: now,
        updated_at: now,
      });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'knowledge_check_exists', kcMessagesServer.checkExists);
    throw error;
  }
  return id;
}

export async function updateCheck(db: Database, check: CheckRow, input: { instructions?: string; number_questions?: number }): Promise<number> {
  const changes: Partial<KnowledgeCheckModel> = { updated_at: new Date().toISOString() };
  if (input.instructions !== undefined) changes.instructions = input.instructions;
  if (input.number_questions !== undefined) changes.number_questions = input.number_questions;
  return await db.inTenant(check.tenant_id).write(KnowledgeCheckModel).findById(check.id).patch(changes);
}

/** 422 on `id` when an update's body names another check than its address. */
export function requireSameId(field: string, sent: string | null | undefined, expected: string, message: string): void {
  if (sent !== undefined && sent !== null && sent !== expected) throw validationFailed({ [field]: [message] });
}

// ------------------------------------------------------------------------------------------------
// Reading questions: one query per level, whatever the bank's size

const QUESTION_COLUMNS = ['id', 'tenant_id', 'knowledge_check_id', 'position', 'current_version_id', 'archived_at', 'created_at', 'updated_at'];
const VERSION_COLUMNS = ['id', 'tenant_id', 'question_id', 'version', 'text', 'type', 'media_id', 'drawn', 'created_at'];
const CHOICE_COLUMNS = ['id', 'tenant_id', 'question_version_id', 'label', 'is_answer', 'position', 'media_id'];

/** Rows by a key, in the order read. */
export function groupBy<T, Key>(rows: T[], keyOf: (row: T) => Key): Map<Key, T[]> {
  const groups = new Map<Key, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * The rows of `table` (reached through rows found in the organization) whose `column` is one of `ids`: one query per
 * 500 ids (none for none), each ordered by `order` when given.
 */
export async function rowsWhereIn<T>(
  org: TenantDatabase,
  table: string,
  column: string,
  ids: Iterable<string>,
  select: { columns: string[]; kinds: ColumnKinds; order?: string },
): Promise<T[]> {
  const rows: T[] = [];
  for (const part of chunks([...new Set(ids)])) {
    const query = org.reached(table).whereIn(column, part);
    if (select.order) query.orderBy(select.order);
    rows.push(...(await org.rows<T>(query.select(select.columns), select.kinds)));
  }
  return rows;
}

/** These versions, each with its choices in order: two queries (one per level). */
export async function versionsWithChoices(org: TenantDatabase, versionIds: Iterable<string>): Promise<Map<string, VersionView>> {
  const versions = await rowsWhereIn<Row<KcQuestionVersion>>(org, 'kc_question_versions', 'id', versionIds, {
    columns: VERSION_COLUMNS,
    kinds: KcQuestionVersion,
  });
  const choices = groupBy(
    await rowsWhereIn<Row<KcChoice>>(
      org,
      'kc_choices',
      'question_version_id',
      versions.map((version) => version.id),
      { columns: CHOICE_COLUMNS, kinds: KcChoice, order: 'position' },
    ),
    (choice) => choice.question_version_id,
  );
  return new Map(versions.map((version) => [version.id, { ...version, choices: choices.get(version.id) ?? [] }]));
}

/** The questions of a query (of the organization's kc_questions), each with its current version and choices: three queries. */
async function withCurrentVersions(org: TenantDatabase, questions: Query): Promise<BankQuestion[]> {
  const rows = await org.rows<Row<KcQuestion>>(questions.select(QUESTION_COLUMNS), KcQuestion);
  const versions = await versionsWithChoices(
    org,
    rows.flatMap((question) => (question.current_version_id === null ? [] : [question.current_version_id])),
  );
  return rows.map((question) => ({
    ...question,
    currentVersion: question.current_version_id === null ? undefined : versions.get(question.current_version_id),
  }));
}

/** A check's questions (reached through the check, found in the organization). */
function questionsOf(org: TenantDatabase, check: CheckRow): Query {
  return org.reached('kc_questions').where('knowledge_check_id', check.id);
}

// ------------------------------------------------------------------------------------------------
// The bank

/** The check's active bank in order (or its archived questions, most recently archived first), each with its current version and choices. */
export async function bankOf(db: Database, check: CheckRow, archived = false): Promise<BankQuestion[]> {
  const org = db.inTenant(check.tenant_id);
  const query = questionsOf(org, check);
  if (archived) query.whereNotNull('archived_at').orderBy('archived_at', 'desc').orderBy('id', 'desc');
  else query.whereNull('archived_at').orderBy('position').orderBy('id');
  return withCurrentVersions(org, query);
}

/** A bank question as the presenter shows it. */
export function bankView(question: BankQuestion): QuestionView | null {
  if (!question.currentVersion) return null;
  return { id: question.id, archived: question.archived_at !== null, order: question.position, version: question.currentVersion };
}

/** The media these versions and their choices show, in one query per 500 files. */
export async function mediaOf(db: Database, tenantId: string, versions: Iterable<VersionView>): Promise<MediaById> {
  const org = db.inTenant(tenantId);
  const ids = new Set<string>();
  for (const version of versions) {
    if (version.media_id) ids.add(version.media_id);
    for (const choice of version.choices) if (choice.media_id) ids.add(choice.media_id);
  }
  const media: MediaById = new Map();
  for (const part of chunks([...ids])) {
    const rows = await org.rows<MediaSummaryColumns>(
      org
        .from('media')
        .whereIn('id', part)
        .select(...MEDIA_SUMMARY_FIELDS),
      Media,
    );
    for (const row of rows) media.set(row.id, row);
  }
  return media;
}

export interface QuestionInput {
  text: string;
  type: 'radio' | 'checkbox';
  media_id: string | null;
  choices: KcChoiceEntry[];
}

/** 422 on `media_id` / `choices.{n}.media_id` for files that are not this organization's library's. */
async function requireMedia(org: TenantDatabase, input: QuestionInput): Promise<void> {
  const wanted = [input.media_id, ...input.choices.map((choice) => choice.media_id)].filter((id): id is string => id !== null);
  if (wanted.length === 0) return;
  const rows = await org.rows<{ id: string }>(
    org
      .from('media')
      .whereIn('id', [...new Set(wanted)])
      .select('id'),
  );
  const found = new Set(rows.map((row) => row.id));
  const errors: FieldErrors = {};
  if (input.media_id && !found.has(input.media_id)) errors.media_id = [messages.selected('media_id')];
  input.choices.forEach((choice, index) => {
    if (choice.media_id && !found.has(choice.media_id)) errors[`choices.${index}.media_id`] = [messages.selected('media_id')];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

function choiceRows(versionId: string, choices: KcChoiceEntry[]) {
  return choices.map((choice) => ({
    id: newId(),
    question_version_id: versionId,
    label: choice.label,
    is_answer: choice.is_answer,
    position: choice.order,
    media_id: choice.media_id,
  }));
}

/** A new version with its choices (all new ids): the version, then its choices in one statement. */
async function insertVersion(org: TenantDatabase, questionId: string, version: number, input: QuestionInput): Promise<string> {
  const id = newId();
  await org.write(KcQuestionVersion).insert({
    id,
    question_id: questionId,
    version,
    text: input.text,
    type: input.type,
    media_id: input.media_id,
    drawn: false,
    created_at: new Date().toISOString(),
  });
  const choices = choiceRows(id, input.choices);
  if (choices.length > 0) await org.insertRows(KcChoice, choices);
  return id;
}

const LAST: ColumnKinds = { booleanColumns: [], dateColumns: [], numberColumns: ['last'] };

/** The highest value of `column` among `query`'s rows (one row: `max(...) as last`). */
export async function maxOf(org: TenantDatabase, query: Query, column: string): Promise<number | null> {
  const [row] = await org.rows<{ last: number | null }>(query.max({ last: column }), LAST);
  return row?.last ?? null;
}

async function nextBankPosition(org: TenantDatabase, check: CheckRow): Promise<number> {
  const last = await maxOf(org, questionsOf(org, check).whereNull('archived_at'), 'position');
  return last === null ? 1 : last + 1;
}

/** Appends a question to the bank, as version 1. */
export async function createQuestion(db: Database, check: CheckRow, input: QuestionInput): Promise<string> {
  await requireMedia(db.inTenant(check.tenant_id), input);
  const id = newId();
  await db.inTenant(check.tenant_id).transaction(async (org) => {
    const now = new Date().toISOString();
    await org.write(KcQuestion).insert({
      id,
      knowledge_check_id: check.id,
      position: await nextBankPosition(org, check),
      current_version_id: null,
      created_at: now,
      updated_at: now,
    });
    const versionId = await insertVersion(org, id, 1, input);
    await org.write(KcQuestion).findById(id).patch({ current_version_id: versionId });
  });
  return id;
}

/**
 * Appends questions to the bank in the order given, each as version 1, inside the caller's transaction: three bulk
 * inserts (questions already naming their version, versions, choices) whatever their number, so an import of a
 * thousand questions is a handful of statements (server/bench/kc-transfer.ts). Media ids must be the organization's.
 */
export async function appendQuestions(org: TenantDatabase, check: CheckRow, inputs: QuestionInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const first = await nextBankPosition(org, check);
  const now = new Date().toISOString();
  const questions = inputs.map((input, index) => ({ id: newId(), versionId: newId(), input, position: first + index }));
  await org.insertRows(
    KcQuestion,
    questions.map((question) => ({
      id: question.id,
      knowledge_check_id: check.id,
      position: question.position,
      current_version_id: question.versionId,
      created_at: now,
      updated_at: now,
    })),
  );
  await org.insertRows(
    KcQuestionVersion,
    questions.map(({ id, versionId, input }) => ({
      id: versionId,
      question_id: id,
      version: 1,
      text: input.text,
      type: input.type,
      media_id: input.media_id,
      drawn: false,
      created_at: now,
    })),
  );
  await org.insertRows(
    KcChoice,
    questions.flatMap(({ versionId, input }) => choiceRows(versionId, input.choices)),
  );
  return questions.map((question) => question.id);
}

/** A question of the check with its current version and choices (three queries); 404 otherwise. */
async function requireQuestion(
  org: TenantDatabase,
  check: CheckRow,
  questionId: string,
  archived: 'active' | 'any',
): Promise<BankQuestion & { currentVersion: VersionView }> {
  const query = org.reached('kc_questions').where({ id: questionId, knowledge_check_id: check.id });
  if (archived === 'active') query.whereNull('archived_at');
  // By its key: at most one row.
  const [question] = await withCurrentVersions(org, query);
  if (!question?.currentVersion) throw notFound(kcMessagesServer.questionNotFound);
  return question as BankQuestion & { currentVersion: VersionView };
}

/**
 * Edits a question. A version no response has drawn is rewritten in place (choices sent with their id kept, the
 * others removed); a drawn one stays as it is and a new version (new choice ids) becomes current. The in-place
 * rewrite is conditional on `drawn = false`, so a draw committed meanwhile sends the edit to a new version.
 */
export async function updateQuestion(db: Database, check: CheckRow, questionId: string, input: QuestionInput): Promise<void> {
  await requireMedia(db.inTenant(check.tenant_id), input);
  await db.inTenant(check.tenant_id).transaction(async (org) => {
    const question = await requireQuestion(org, check, questionId, 'active');
    const version = question.currentVersion;
    const current = new Set(version.choices.map((choice) => choice.id));
    const errors: FieldErrors = {};
    input.choices.forEach((choice, index) => {
      if (choice.id !== null && !current.has(choice.id)) errors[`choices.${index}.id`] = [messages.selected('id')];
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const now = new Date().toISOString();
    const rewritten =
      !version.drawn &&
      (await org.write(KcQuestionVersion).where({ id: version.id, drawn: false }).patch({ text: input.text, type: input.type, media_id: input.media_id })) ===
        1;
    if (rewritten) {
      const kept = input.choices.flatMap((choice) => (choice.id === null ? [] : [choice.id]));
      await org.write(KcChoice).where('question_version_id', version.id).whereNotIn('id', kept).delete();
      for (const choice of input.choices) {
        if (choice.id === null) continue;
        await org
          .write(KcChoice)
          .where({ id: choice.id, question_version_id: version.id })
          .patch({ label: choice.label, is_answer: choice.is_answer, position: choice.order, media_id: choice.media_id });
      }
      const added = choiceRows(
        version.id,
        input.choices.filter((choice) => choice.id === null),
      );
      if (added.length > 0) await org.insertRows(KcChoice, added);
      await org.write(KcQuestion).findById(question.id).patch({ updated_at: now });
      return;
    }
    const last = await maxOf(org, org.reached('kc_question_versions').where('question_id', question.id), 'version');
    const versionId = await insertVersion(org, question.id, (last ?? 0) + 1, input);
    await org.write(KcQuestion).findById(question.id).patch({ current_version_id: versionId, updated_at: now });
  });
}

/** Writes positions 1..n for `ids` in one statement per 500 rows. */
async function renumber(org: TenantDatabase, ids: string[]): Promise<void> {
  let offset = 1;
  for (const part of chunks(ids)) {
    const cases = part.map(() => 'when ? then cast(? as integer)').join(' ');
    const bindings = part.flatMap((id, index) => [id, offset + index]);
    await org
      .write(KcQuestion)
      .whereIn('id', part)
      .patch({ position: org.raw(`case id ${cases} end`, bindings) });
    offset += part.length;
  }
}

async function activeIds(org: TenantDatabase, check: CheckRow): Promise<{ id: string; position: number }[]> {
  return org.rows(questionsOf(org, check).whereNull('archived_at').orderBy('position').orderBy('id').select('id', 'position'));
}

/** Archives (the spec's delete) and renumbers the active bank from 1. */
export async function archiveQuestion(db: Database, check: CheckRow, questionId: string): Promise<void> {
  await db.inTenant(check.tenant_id).transaction(async (org) => {
    const now = new Date().toISOString();
    const changed = await org
      .write(KcQuestion)
      .where({ id: questionId, knowledge_check_id: check.id })
      .whereNull('archived_at')
      .patch({ archived_at: now, updated_at: now });
    if (changed === 0) throw notFound(kcMessagesServer.questionNotFound);
    await renumber(
      org,
      (await activeIds(org, check)).map((row) => row.id),
    );
  });
}

/** Back into the active bank, last. */
export async function restoreQuestion(db: Database, check: CheckRow, questionId: string): Promise<void> {
  await db.inTenant(check.tenant_id).transaction(async (org) => {
    const position = await nextBankPosition(org, check);
    const changed = await org
      .write(KcQuestion)
      .where({ id: questionId, knowledge_check_id: check.id })
      .whereNotNull('archived_at')
      .patch({ archived_at: null, position, updated_at: new Date().toISOString() });
    if (changed === 0) throw notFound(kcMessagesServer.questionNotFound);
  });
}

/** Places the named active questions by `order`, the others after them, and renumbers from 1. */
export async function reorderQuestions(db: Database, check: CheckRow, requested: { id: string; order: number }[]): Promise<void> {
  await db.inTenant(check.tenant_id).transaction(async (org) => {
    const siblings = await activeIds(org, check);
    const known = new Set(siblings.map((row) => row.id));
    if (!requested.every((entry) => known.has(entry.id))) throw validationFailed({ questions: [messages.selected('questions')] });
    await renumber(org, planOrder(siblings, new Map(requested.map((entry) => [entry.id, entry.order]))));
  });
}

/** One question as the bank shows it now (current version), active or archived. */
export async function questionOf(db: Database, check: CheckRow, questionId: string): Promise<BankQuestion> {
  return requireQuestion(db.inTenant(check.tenant_id), check, questionId, 'any');
}

export function checkNotFoundError() {
  return notFound(kcMessagesServer.checkNotFound);
}
