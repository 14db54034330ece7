/**
 * Knowledge checks and their question bank (ARCHITECTURE.md#knowledge-checks): finding a check as the caller may
 * see it, creating and editing checks, and the versioned bank. Every multi-step write runs in one transaction.
 * Responses are in responses.ts, assignments in assignments.ts.
 */
import type { KcChoiceEntry } from '@tessera/sdk/rules';
import { messages } from '@tessera/sdk/rules';
import type { Database } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { isUniqueViolation, type Knex } from '../../db/knex.js';
import { normaliseRow } from '../../db/model.js';
import { planOrder } from '../../db/ordering.js';
import { Media } from '../../db/content-models.js';
import { chunks } from '../../db/relations.js';
import { HttpError, notFound, validationFailed } from '../../http/errors.js';
import type { FieldErrors } from '@tessera/sdk/rules';
import { compiledRead } from '../../db/compiled-read.js';
import {
  placeholderViewer,
  viewerValues,
  whereComponentVisible,
  whereLive,
  whereTopicVisible,
  type Viewer,
  type ViewerParams,
  type ViewerScope,
} from '../content/visibility.js';
import type { MediaSummaryColumns } from '../media/summary.js';
import { graphModifiers, KcQuestion, KcQuestionVersion, KnowledgeCheckModel } from './models.js';
import { kcMessagesServer } from './policy.js';
import type { CheckRow, MediaById, QuestionView } from './presenter.js';

// ------------------------------------------------------------------------------------------------
// Finding a check

/** A check with where it lives: its topic (if any), its component (its own or the topic's) and module. */
function checkQuery(knex: Knex): Knex.QueryBuilder {
  return knex('knowledge_checks as kc')
    .leftJoin('topics as t', 't.id', 'kc.topic_id')
    .joinRaw('join components c on c.id = coalesce(kc.component_id, t.component_id)')
    .join('modules as m', 'm.id', 'c.module_id')
    .select(
      'kc.id',
      'kc.tenant_id',
      'kc.topic_id',
      'c.id as component_id',
      'm.id as module_id',
      knex.raw('coalesce(t.name, c.name) as name'),
      'kc.instructions',
      'kc.number_questions',
      'kc.use_question_bank',
      knex('kc_questions as kq').count('*').whereRaw('kq.knowledge_check_id = kc.id').whereNull('kq.archived_at').as('question_count'),
    );
}

/** Limits a check query to what the viewer may see: the organization's, and for a learner live, active content related to them. */
function whereCheckVisible(knex: Knex, query: Knex.QueryBuilder, viewer: ViewerScope): Knex.QueryBuilder {
  query.where('kc.tenant_id', viewer.tenantId);
  whereComponentVisible(knex, query, viewer, 'one');
  if (!viewer.seesAll) query.where((scope) => scope.whereNull('kc.topic_id').orWhere((topic) => whereLive(topic, 't')));
  return query;
}

function checkRowOf(row: Record<string, unknown>): CheckRow {
  const normalised = normaliseRow<CheckRow>(KnowledgeCheckModel, row);
  return { ...normalised, number_questions: Number(normalised.number_questions), question_count: Number(normalised.question_count) };
}

/**
 * A check by id as a viewer may see it, compiled once per kind of viewer: every learner call (each saved answer)
 * starts with it.
 */
const checkById = (seesAll: boolean) =>
  compiledRead<Record<string, unknown>, ViewerParams & { id: string }>((knex, param) =>
    whereCheckVisible(knex, checkQuery(knex), placeholderViewer(seesAll, param)).where('kc.id', param('id')).limit(1),
  );
const checkByIdFor = { all: checkById(true), related: checkById(false) };

/** The check, as the viewer may see it; 404 otherwise. */
export async function requireCheck(db: Database, viewer: Viewer, id: string): Promise<CheckRow> {
  const [row] = await db.read(checkByIdFor[viewer.seesAll ? 'all' : 'related'], { ...viewerValues(viewer), id });
  if (!row) throw notFound(kcMessagesServer.checkNotFound);
  return checkRowOf(row);
}

/** The check of a topic or component (null when it has none); 404 when the viewer cannot see the topic or component. */
export async function checkOf(db: Database, viewer: Viewer, owner: { topicId: string } | { componentId: string }): Promise<CheckRow | null> {
  const knex = db.knex;
  const query = whereCheckVisible(knex, checkQuery(knex), viewer);
  if ('topicId' in owner) query.where('kc.topic_id', owner.topicId);
  else query.where('kc.component_id', owner.componentId);
  const row = await db.first<Record<string, unknown>>(query);
  if (row) return checkRowOf(row);
  await requireOwner(db, viewer, owner);
  return null;
}

/** 404 unless the viewer may see the topic or the component. */
async function requireOwner(db: Database, viewer: Viewer, owner: { topicId: string } | { componentId: string }): Promise<void> {
  const knex = db.knex;
  if ('topicId' in owner) {
    const query = knex('topics as t')
      .join('components as c', 'c.id', 't.component_id')
      .join('modules as m', 'm.id', 'c.module_id')
      .where('t.id', owner.topicId)
      .select('t.id');
    if (!(await db.first(whereTopicVisible(knex, query, viewer, 'one')))) throw notFound(kcMessagesServer.topicNotFound);
    return;
  }
  const query = knex('components as c').join('modules as m', 'm.id', 'c.module_id').where('c.id', owner.componentId).select('c.id');
  if (!(await db.first(whereComponentVisible(knex, query, viewer, 'one')))) throw notFound(kcMessagesServer.componentNotFound);
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
  const now = new Date();
  const id = newId();
  try {
    await db.knex('knowledge_checks').insert({
      id,
      tenant_id: viewer.tenantId,
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

export function updateCheck(knex: Knex, check: CheckRow, input: { instructions?: string; number_questions?: number }): Promise<number> {
  const changes: Record<string, unknown> = { updated_at: new Date() };
  if (input.instructions !== undefined) changes.instructions = input.instructions;
  if (input.number_questions !== undefined) changes.number_questions = input.number_questions;
  return knex('knowledge_checks').where({ id: check.id, tenant_id: check.tenant_id }).update(changes);
}

/** 422 on `id` when an update's body names another check than its address. */
export function requireSameId(field: string, sent: string | null | undefined, expected: string, message: string): void {
  if (sent !== undefined && sent !== null && sent !== expected) throw validationFailed({ [field]: [message] });
}

// ------------------------------------------------------------------------------------------------
// The bank

/** The check's active bank in order (or its archived questions, most recently archived first), each with its current version and choices. */
export async function bankOf(knex: Knex, checkId: string, archived = false): Promise<KcQuestion[]> {
  const query = KcQuestion.query(knex).where('knowledge_check_id', checkId).withGraphFetched('currentVersion.choices(byPosition)').modifiers(graphModifiers);
  if (archived) query.whereNotNull('archived_at').orderBy('archived_at', 'desc').orderBy('id', 'desc');
  else query.whereNull('archived_at').orderBy('position').orderBy('id');
  return await query;
}

/** A bank question as the presenter shows it. */
export function bankView(question: KcQuestion): QuestionView | null {
  if (!question.currentVersion) return null;
  return { id: question.id, archived: question.archived_at !== null, order: question.position, version: question.currentVersion };
}

const MEDIA_FIELDS = ['id', 'tenant_id', 'name', 'type', 'mime_type', 'size', 'created_at', 'thumbnail_key'] as const;

/** The media these versions and their choices show, in one query per 500 files. */
export async function mediaOf(knex: Knex, tenantId: string, versions: Iterable<KcQuestionVersion>): Promise<MediaById> {
  const ids = new Set<string>();
  for (const version of versions) {
    if (version.media_id) ids.add(version.media_id);
    for (const choice of version.choices ?? []) if (choice.media_id) ids.add(choice.media_id);
  }
  const media: MediaById = new Map();
  for (const part of chunks([...ids])) {
    const rows: MediaSummaryColumns[] = await Media.query(knex)
      .where('tenant_id', tenantId)
      .whereIn('id', part)
      .select(...MEDIA_FIELDS);
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
async function requireMedia(knex: Knex, tenantId: string, input: QuestionInput): Promise<void> {
  const wanted = [input.media_id, ...input.choices.map((choice) => choice.media_id)].filter((id): id is string => id !== null);
  if (wanted.length === 0) return;
  const found = new Set<string>(
    (await knex('media')
      .where('tenant_id', tenantId)
      .whereIn('id', [...new Set(wanted)])
      .pluck('id')) as string[],
  );
  const errors: FieldErrors = {};
  if (input.media_id && !found.has(input.media_id)) errors.media_id = [messages.selected('media_id')];
  input.choices.forEach((choice, index) => {
    if (choice.media_id && !found.has(choice.media_id)) errors[`choices.${index}.media_id`] = [messages.selected('media_id')];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

function choiceRows(tenantId: string, versionId: string, choices: KcChoiceEntry[]) {
  return choices.map((choice) => ({
    id: newId(),
    tenant_id: tenantId,
    question_version_id: versionId,
    label: choice.label,
    is_answer: choice.is_answer,
    position: choice.order,
    media_id: choice.media_id,
  }));
}

/** A new version with its choices (all new ids), as one graph insert. */
async function insertVersion(trx: Knex, tenantId: string, questionId: string, version: number, input: QuestionInput): Promise<string> {
  const id = newId();
  await KcQuestionVersion.query(trx).insertGraph({
    id,
    tenant_id: tenantId,
    question_id: questionId,
    version,
    text: input.text,
    type: input.type,
    media_id: input.media_id,
    drawn: false,
    created_at: new Date().toISOString(),
    choices: choiceRows(tenantId, id, input.choices),
  });
  return id;
}

async function nextBankPosition(trx: Knex, checkId: string): Promise<number> {
  const [row] = (await trx('kc_questions').where('knowledge_check_id', checkId).whereNull('archived_at').max({ last: 'position' })) as {
    last: number | string | null;
  }[];
  return row?.last === null || row?.last === undefined ? 1 : Number(row.last) + 1;
}

/** Appends a question to the bank, as version 1. */
export async function createQuestion(db: Database, check: CheckRow, input: QuestionInput): Promise<string> {
  await requireMedia(db.knex, check.tenant_id, input);
  const id = newId();
  await db.transaction(async (tx) => {
    const trx = tx.knex;
    const now = new Date();
    await trx('kc_questions').insert({
      id,
      tenant_id: check.tenant_id,
      knowledge_check_id: check.id,
      position: await nextBankPosition(trx, check.id),
      current_version_id: null,
      created_at: now,
      updated_at: now,
    });
    const versionId = await insertVersion(trx, check.tenant_id, id, 1, input);
    await trx('kc_questions').where('id', id).update({ current_version_id: versionId });
  });
  return id;
}

/** An active question of the check with its current version and choices; 404 otherwise. */
async function requireActiveQuestion(knex: Knex, check: CheckRow, questionId: string): Promise<KcQuestion & { currentVersion: KcQuestionVersion }> {
  const question = await KcQuestion.query(knex)
    .findOne({ id: questionId, knowledge_check_id: check.id })
    .whereNull('archived_at')
    .withGraphFetched('currentVersion.choices(byPosition)')
    .modifiers(graphModifiers);
  if (!question?.currentVersion) throw notFound(kcMessagesServer.questionNotFound);
  return question as KcQuestion & { currentVersion: KcQuestionVersion };
}

/**
 * Edits a question. A version no response has drawn is rewritten in place (choices sent with their id kept, the
 * others removed); a drawn one stays as it is and a new version (new choice ids) becomes current. The in-place
 * rewrite is conditional on `drawn = false`, so a draw committed meanwhile sends the edit to a new version.
 */
export async function updateQuestion(db: Database, check: CheckRow, questionId: string, input: QuestionInput): Promise<void> {
  await requireMedia(db.knex, check.tenant_id, input);
  await db.transaction(async (tx) => {
    const trx = tx.knex;
    const question = await requireActiveQuestion(trx, check, questionId);
    const version = question.currentVersion;
    const current = new Set((version.choices ?? []).map((choice) => choice.id));
    const errors: FieldErrors = {};
    input.choices.forEach((choice, index) => {
      if (choice.id !== null && !current.has(choice.id)) errors[`choices.${index}.id`] = [messages.selected('id')];
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const now = new Date();
    const rewritten =
      !version.drawn &&
      (await trx('kc_question_versions').where({ id: version.id, drawn: false }).update({ text: input.text, type: input.type, media_id: input.media_id })) ===
        1;
    if (rewritten) {
      const kept = input.choices.flatMap((choice) => (choice.id === null ? [] : [choice.id]));
      await trx('kc_choices').where('question_version_id', version.id).whereNotIn('id', kept).delete();
      for (const choice of input.choices) {
        if (choice.id === null) continue;
        await trx('kc_choices')
          .where({ id: choice.id, question_version_id: version.id })
          .update({ label: choice.label, is_answer: choice.is_answer, position: choice.order, media_id: choice.media_id });
      }
      const added = choiceRows(
        check.tenant_id,
        version.id,
        input.choices.filter((choice) => choice.id === null),
      );
      if (added.length > 0) await trx('kc_choices').insert(added);
      await trx('kc_questions').where('id', question.id).update({ updated_at: now });
      return;
    }
    const [row] = (await trx('kc_question_versions').where('question_id', question.id).max({ last: 'version' })) as { last: number | string | null }[];
    const versionId = await insertVersion(trx, check.tenant_id, question.id, Number(row?.last ?? 0) + 1, input);
    await trx('kc_questions').where('id', question.id).update({ current_version_id: versionId, updated_at: now });
  });
}

/** Writes positions 1..n for `ids` in one statement per 500 rows. */
async function renumber(trx: Knex, ids: string[]): Promise<void> {
  let offset = 1;
  for (const part of chunks(ids)) {
    const cases = part.map(() => 'when ? then cast(? as integer)').join(' ');
    const bindings = part.flatMap((id, index) => [id, offset + index]);
    await trx('kc_questions')
      .whereIn('id', part)
      .update({ position: trx.raw(`case id ${cases} end`, bindings) });
    offset += part.length;
  }
}

async function activeIds(trx: Knex, checkId: string): Promise<{ id: string; position: number }[]> {
  return trx('kc_questions').where('knowledge_check_id', checkId).whereNull('archived_at').orderBy('position').orderBy('id').select('id', 'position');
}

/** Archives (the spec's delete) and renumbers the active bank from 1. */
export async function archiveQuestion(db: Database, check: CheckRow, questionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const trx = tx.knex;
    const now = new Date();
    const changed = await trx('kc_questions')
      .where({ id: questionId, knowledge_check_id: check.id })
      .whereNull('archived_at')
      .update({ archived_at: now, updated_at: now });
    if (changed === 0) throw notFound(kcMessagesServer.questionNotFound);
    await renumber(
      trx,
      (await activeIds(trx, check.id)).map((row) => row.id),
    );
  });
}

/** Back into the active bank, last. */
export async function restoreQuestion(db: Database, check: CheckRow, questionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const trx = tx.knex;
    const position = await nextBankPosition(trx, check.id);
    const changed = await trx('kc_questions')
      .where({ id: questionId, knowledge_check_id: check.id })
      .whereNotNull('archived_at')
      .update({ archived_at: null, position, updated_at: new Date() });
    if (changed === 0) throw notFound(kcMessagesServer.questionNotFound);
  });
}

/** Places the named active questions by `order`, the others after them, and renumbers from 1. */
export async function reorderQuestions(db: Database, check: CheckRow, requested: { id: string; order: number }[]): Promise<void> {
  await db.transaction(async (tx) => {
    const trx = tx.knex;
    const siblings = await activeIds(trx, check.id);
    const known = new Set(siblings.map((row) => row.id));
    if (!requested.every((entry) => known.has(entry.id))) throw validationFailed({ questions: [messages.selected('questions')] });
    await renumber(trx, planOrder(siblings, new Map(requested.map((entry) => [entry.id, entry.order]))));
  });
}

/** One question as the bank shows it now (current version), active or archived. */
export async function questionOf(knex: Knex, check: CheckRow, questionId: string): Promise<KcQuestion> {
  const question = await KcQuestion.query(knex)
    .findOne({ id: questionId, knowledge_check_id: check.id })
    .withGraphFetched('currentVersion.choices(byPosition)')
    .modifiers(graphModifiers);
  if (!question?.currentVersion) throw notFound(kcMessagesServer.questionNotFound);
  return question;
}

export function checkNotFoundError() {
  return notFound(kcMessagesServer.checkNotFound);
}
