import { apiCall, type RawResult } from '../../api/call';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';
import type { KcQuestion } from '../kc-reports/kcReportCalls';

/** GET /knowledgechecks/{id}/print: the seeded draw (`form` names the seed) with its key. */
export interface KcPrintSheet {
  form: string;
  number: number;
  questions: KcQuestion[];
}

export interface KcCheckSummary {
  id: string;
  name: string;
  instructions: string;
}

type LooseInit = { params: { path: Record<string, string>; query?: Record<string, unknown> } };
/** Until the contract lands: the SDK client called with the plan's paths. */
const looseGet = <T>(path: string, init: LooseInit) => (client as unknown as { GET(path: string, init: LooseInit): Promise<RawResult<T>> }).GET(path, init);

/** The sheet of `form` (a colleague's link, a reload), or a new draw when no form is given. */
export async function getPrintSheet(tenantId: string, id: string, number: number, form: string): Promise<ApiOutcome<KcPrintSheet>> {
  const outcome = await apiCall(
    looseGet<{ data: KcPrintSheet }>('/tenants/{tenantId}/knowledgechecks/{id}/print', {
      params: { path: { tenantId, id }, query: { number, ...(form ? { form } : {}) } },
    }),
  );
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

export async function getCheck(tenantId: string, id: string): Promise<ApiOutcome<KcCheckSummary>> {
  const outcome = await apiCall(looseGet<{ data: KcCheckSummary }>('/tenants/{tenantId}/knowledgechecks/{id}', { params: { path: { tenantId, id } } }));
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}
