import type { KnowledgeCheck, KnowledgeCheckPrint, KnowledgeCheckQuestion } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';

export type { KnowledgeCheck, KnowledgeCheckPrint, KnowledgeCheckQuestion };

/**
 * GET /knowledgechecks/{id}/print: the sheet of `form` (a colleague's link, a reload), or a new draw when no form is
 * given. A form code the server does not know is a 422 the page shows.
 */
export async function getPrintSheet(tenantId: string, knowledgeCheckId: string, number: number, form: string): Promise<ApiOutcome<KnowledgeCheckPrint>> {
  const outcome = await apiCall(
    client.GET('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/print', {
      params: { path: { tenantId, knowledgeCheckId }, query: { number: String(number), ...(form ? { form } : {}) } },
    }),
    { handles: [422] },
  );
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

export async function getCheck(tenantId: string, knowledgeCheckId: string): Promise<ApiOutcome<KnowledgeCheck>> {
  const outcome = await apiCall(client.GET('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}', { params: { path: { tenantId, knowledgeCheckId } } }));
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}
