import { apiCall, type RawResult } from '../../api/call';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';
import { queryParams, type ListPage, type ListQuery } from '../../lists/useServerList';

// Shapes of KC-PLAN.md (the contract of branch kc-api / kc-reports replaces them once merged).
export interface KcMedia {
  id: string;
  type: string;
  name: string;
  url: string;
}

export interface KcChoice {
  id: string;
  label: string;
  value: string;
  order: number;
  media_id: string | null;
  media: KcMedia | null;
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
  media: KcMedia | null;
  choices: KcChoice[];
  answer?: string[];
  archived: boolean;
  is_correct?: boolean | null;
}

export interface KcAnswer {
  id: string;
  question_id: string;
  knowledge_check_response_id: string;
  choice_ids: string[];
  is_correct: boolean | null;
}

export type KcReportOrder = 'user' | 'knowledge_check' | 'date' | 'score';

export interface KcReportRow {
  id: string;
  knowledge_check_id: string;
  user_name: string;
  user_email: string;
  module_id: string;
  module_name: string;
  component_id: string;
  component_name: string;
  topic_id: string | null;
  topic_name: string | null;
  completed_date_time: string;
  score: number;
}

export interface KcResponseDetail {
  id: string;
  knowledge_check_id: string;
  status: 'assigned' | 'in-progress' | 'completed';
  attempt: number;
  completed_date_time: string | null;
  correct_answers: number | null;
  incorrect_answers: number | null;
  score: number | null;
  knowledge_check: { id: string; name: string; topic_id: string | null; component_id: string; module_id: string };
  questions: KcQuestion[];
  answers: KcAnswer[];
  user_name: string;
  user_email: string;
  module_name: string;
  component_name: string;
  topic_name: string | null;
}

export type KcFlag = 'hard' | 'easy' | 'low_discrimination' | 'negative_discrimination';

export interface KcItemAnalysisItem {
  question_id: string;
  version_id: string;
  version: number;
  text: string;
  order: number;
  drawn: number;
  facility: number | null;
  discrimination: number | null;
  point_biserial: number | null;
  flags: KcFlag[];
  choices: { id: string; label: string; is_answer: boolean; share: number | null }[];
}

export interface KcItemAnalysis {
  knowledge_check_id: string;
  attempts: 'first' | 'all';
  responses: number;
  mean_score: number | null;
  kr20: number | null;
  score_histogram: { from: number; to: number; count: number }[];
  items: KcItemAnalysisItem[];
}

export interface KcReportFilters {
  user: string;
  module: string;
  component: string;
  topic: string;
}

export interface NamedOption {
  id: string;
  name: string;
}

type LooseInit = { params: { path: Record<string, string>; query?: Record<string, unknown> } };
/** Until the contract lands: the SDK client called with the plan's paths. */
const looseGet = <T>(path: string, init: LooseInit) => (client as unknown as { GET(path: string, init: LooseInit): Promise<RawResult<T>> }).GET(path, init);

const inTenant = (tenantId: string) => ({ path: { tenantId } });

/** The Completed tab's page: the committed filters (empty ones left out), page and sort. */
export function listCompletedResponses(tenantId: string, filters: KcReportFilters) {
  return (query: ListQuery<KcReportOrder>): Promise<ApiOutcome<ListPage<KcReportRow>>> => {
    const chosen = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
    return apiCall(
      looseGet<ListPage<KcReportRow>>('/tenants/{tenantId}/reports/knowledgechecks/responses/completed', {
        params: { ...inTenant(tenantId), query: { paginate: true, ...queryParams(query), ...chosen } },
      }),
    );
  };
}

export async function getResponseDetail(tenantId: string, responseId: string): Promise<ApiOutcome<KcResponseDetail>> {
  const outcome = await apiCall(
    looseGet<{ data: KcResponseDetail }>('/tenants/{tenantId}/reports/knowledgechecks/responses/{responseId}', {
      params: { path: { tenantId, responseId } },
    }),
  );
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

export async function getItemAnalysis(tenantId: string, id: string, attempts: 'first' | 'all'): Promise<ApiOutcome<KcItemAnalysis>> {
  const outcome = await apiCall(
    looseGet<{ data: KcItemAnalysis }>('/tenants/{tenantId}/reports/knowledgechecks/{id}/item-analysis', {
      params: { path: { tenantId, id }, query: { attempts } },
    }),
  );
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

/** The filter choices: modules, a module's components, a component's topics (light `short` lists, by name). */
export async function filterOptions(tenantId: string, level: 'module' | 'component' | 'topic', parentId: string): Promise<ApiOutcome<NamedOption[]>> {
  const query = { paginate: false, short: true, order: 'name' } as const;
  const outcome =
    level === 'module'
      ? await apiCall(client.GET('/tenants/{tenantId}/modules', { params: { path: { tenantId }, query } }))
      : level === 'component'
        ? await apiCall(client.GET('/tenants/{tenantId}/modules/{moduleId}/components', { params: { path: { tenantId, moduleId: parentId }, query } }))
        : await apiCall(client.GET('/tenants/{tenantId}/components/{componentId}/topics', { params: { path: { tenantId, componentId: parentId }, query } }));
  return outcome.ok ? { ok: true, data: outcome.data.data.map((row) => ({ id: row.id, name: row.name })) } : outcome;
}
