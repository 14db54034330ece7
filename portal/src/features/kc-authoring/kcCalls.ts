/**
 * The authoring calls of knowledge checks (spec section 7, KC-PLAN.md): the check of a topic or a component, its
 * question bank, its order, and its assignments. 422 and 409 are the screens' to show; the rest route globally.
 */
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';
import type {
  KnowledgeCheck,
  KnowledgeCheckCreate,
  KnowledgeCheckAssignment as KcAssignment,
  KnowledgeCheckQuestion as KcQuestion,
  QuestionBankFormat,
} from '@tessera/sdk';
import { attachmentName } from '@tessera/sdk';
import type { QuestionBody } from './questionDraft';

export type { KcAssignment, KcQuestion, KnowledgeCheck };

/** What a write to a check (its instructions, questions, order, assignments) invalidates: the checks and their reports. */
export const CHECK_QUERIES = [['knowledge-checks'], ['kc-reports']];

const unwrap = <T>(outcome: ApiOutcome<{ data: T }>): ApiOutcome<T> => (outcome.ok ? { ok: true, data: outcome.data.data } : outcome);

const checkPath = (tenantId: string, knowledgeCheckId: string) => ({ path: { tenantId, knowledgeCheckId } });
const questionPath = (tenantId: string, knowledgeCheckId: string, questionId: string) => ({ path: { tenantId, knowledgeCheckId, questionId } });

// ------------------------------------------------------------------------------------------------
// Checks

/** GET /topics/{topicId}/kc: the topic's check, or null when it has none. */
export async function topicCheck(tenantId: string, topicId: string, routeErrors = true) {
  return unwrap(await apiCall(client.GET('/tenants/{tenantId}/topics/{topicId}/kc', { params: { path: { tenantId, topicId } } }), { routeErrors }));
}

/** Saving the instructions of a topic's check creates it when it has no id (spec section 4). */
export async function saveTopicCheck(tenantId: string, topicId: string, checkId: string | null, instructions: string) {
  const outcome = checkId
    ? await apiCall(
        client.PUT('/tenants/{tenantId}/topics/{topicId}/kc/{knowledgeCheckId}', {
          params: { path: { tenantId, topicId, knowledgeCheckId: checkId } },
          body: { id: checkId, instructions },
        }),
        { handles: [409, 422] },
      )
    : await apiCall(client.POST('/tenants/{tenantId}/topics/{topicId}/kc', { params: { path: { tenantId, topicId } }, body: { instructions } }), {
        handles: [409, 422],
      });
  return unwrap(outcome);
}

/** GET /components/{componentId}/knowledgechecks: the component's check, or null. */
export async function componentCheck(tenantId: string, componentId: string, routeErrors = true) {
  return unwrap(
    await apiCall(client.GET('/tenants/{tenantId}/components/{componentId}/knowledgechecks', { params: { path: { tenantId, componentId } } }), {
      routeErrors,
    }),
  );
}

export async function createComponentCheck(tenantId: string, componentId: string, body: KnowledgeCheckCreate) {
  return unwrap(
    await apiCall(client.POST('/tenants/{tenantId}/components/{componentId}/knowledgechecks', { params: { path: { tenantId, componentId } }, body }), {
      handles: [409, 422],
    }),
  );
}

export async function getCheck(tenantId: string, checkId: string) {
  return unwrap(await apiCall(client.GET('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}', { params: checkPath(tenantId, checkId) })));
}

export async function updateCheck(tenantId: string, check: Pick<KnowledgeCheck, 'id'>, body: { instructions: string; number_questions: number }) {
  return unwrap(
    await apiCall(
      client.PUT('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}', { params: checkPath(tenantId, check.id), body: { id: check.id, ...body } }),
      { handles: [422] },
    ),
  );
}

// ------------------------------------------------------------------------------------------------
// Question bank

export async function archivedQuestions(tenantId: string, checkId: string) {
  return unwrap(
    await apiCall(client.GET('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/questions/archived', { params: checkPath(tenantId, checkId) })),
  );
}

/** Creates (no id) or saves a question; its 422 comes back to the editor, under its fields. */
export async function saveQuestion(tenantId: string, checkId: string, questionId: string | undefined, body: QuestionBody) {
  const outcome = questionId
    ? await apiCall(
        client.PUT('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/questions/{questionId}', {
          params: questionPath(tenantId, checkId, questionId),
          body,
        }),
        { handles: [409, 422] },
      )
    : await apiCall(client.POST('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/questions', { params: checkPath(tenantId, checkId), body }), {
        handles: [409, 422],
      });
  return unwrap(outcome);
}

/** Archives (spec: delete moves a question to the Archived tab). */
export function deleteQuestion(tenantId: string, checkId: string, questionId: string) {
  return apiCall(
    client.DELETE('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/questions/{questionId}', { params: questionPath(tenantId, checkId, questionId) }),
    { handles: [409] },
  );
}

export async function restoreQuestion(tenantId: string, checkId: string, questionId: string) {
  return unwrap(
    await apiCall(
      client.PUT('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/questions/{questionId}/restore', {
        params: questionPath(tenantId, checkId, questionId),
      }),
      { handles: [409] },
    ),
  );
}

/** PUT …/questions/order: the whole order, renumbered from 1; answers the questions in their new order. */
export async function orderQuestions(tenantId: string, checkId: string, questions: { id: string; order: number }[]) {
  return unwrap(
    await apiCall(
      client.PUT('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/questions/order', { params: checkPath(tenantId, checkId), body: { questions } }),
      { handles: [409, 422] },
    ),
  );
}

// ------------------------------------------------------------------------------------------------
// Assignments

export async function listAssignments(tenantId: string, checkId: string) {
  return unwrap(await apiCall(client.GET('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/assignments', { params: checkPath(tenantId, checkId) })));
}

export interface AssignBody {
  tenant_user_ids: string[];
  group_ids: string[];
  due_date_time: string | null;
}

export async function assign(tenantId: string, checkId: string, body: AssignBody) {
  return unwrap(
    await apiCall(client.POST('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/assignments', { params: checkPath(tenantId, checkId), body }), {
      handles: [409, 422],
    }),
  );
}

export function unassign(tenantId: string, checkId: string, assignmentId: string) {
  return apiCall(
    client.DELETE('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/assignments/{assignmentId}', {
      params: { path: { tenantId, knowledgeCheckId: checkId, assignmentId } },
    }),
    { handles: [409] },
  );
}

// ------------------------------------------------------------------------------------------------
// Import and export (issue 36)

export type { KnowledgeCheckQuestionImport as QuestionImport, QuestionBankFormat } from '@tessera/sdk';

/** POST .../questions/import: a dry run reports what the file would give; otherwise the questions are added. 413 and 422 are the dialog's. */
export async function importQuestions(tenantId: string, knowledgeCheckId: string, file: File, format: QuestionBankFormat, dryRun: boolean) {
  const data = new FormData();
  data.append('file', file, file.name);
  data.append('format', format);
  if (dryRun) data.append('dry_run', '1');
  return unwrap(
    await apiCall(
      client.POST('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/questions/import', {
        params: checkPath(tenantId, knowledgeCheckId),
        body: { file: '', format, dry_run: dryRun },
        bodySerializer: () => data,
      }),
      { handles: [413, 415, 422] },
    ),
  );
}

/** GET .../questions/export: the bank as a file, its name (Content-Disposition) and how many questions the format could not carry. */
export async function exportQuestions(tenantId: string, knowledgeCheckId: string, format: ExportFormat): Promise<ApiOutcome<ExportedBank>> {
  const raw = await client.GET('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/questions/export', {
    params: { ...checkPath(tenantId, knowledgeCheckId), query: { format } },
    parseAs: 'blob',
  });
  const outcome = await apiCall(Promise.resolve(raw));
  if (!outcome.ok) return outcome;
  const headers = raw.response.headers;
  return {
    ok: true,
    data: {
      blob: outcome.data as unknown as Blob,
      name: attachmentName(raw.response) ?? `questions.${format === 'moodle_xml' ? 'xml' : 'txt'}`,
      leftOut: Number(headers.get('Tessera-Questions-Left-Out') ?? 0),
    },
  };
}

export type ExportFormat = Exclude<QuestionBankFormat, 'auto'>;

export interface ExportedBank {
  blob: Blob;
  name: string;
  leftOut: number;
}
