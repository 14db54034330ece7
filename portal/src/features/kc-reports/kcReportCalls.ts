import type { components, KcItemAnalysis, KcReportQuestion, KcReportResponse, KcReportRow } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { downloadAttachment } from '../../api/download';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';
import { csvQueryParams, queryParams, type ListQuery } from '../../lists/useServerList';

export type { KcItemAnalysis, KcReportQuestion, KcReportResponse, KcReportRow };
export type KcReportOrder = components['parameters']['KcReportOrder'];
export type KcItemAnalysisItem = KcItemAnalysis['items'][number];
export type KcFlag = KcItemAnalysisItem['flags'][number];

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

const inTenant = (tenantId: string) => ({ path: { tenantId } });

/** The filters given (empty ones left out). */
const chosenFilters = (filters: KcReportFilters) => Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as Partial<KcReportFilters>;

/** The Completed tab's page: the committed filters (empty ones left out), page and sort. */
export function listCompletedResponses(tenantId: string, filters: KcReportFilters) {
  return (query: ListQuery<KcReportOrder>) => {
    const chosen = chosenFilters(filters);
    return apiCall(
      client.GET('/tenants/{tenantId}/reports/knowledgechecks/responses/completed', {
        params: { ...inTenant(tenantId), query: { paginate: true, ...queryParams(query), ...chosen } },
      }),
    );
  };
}

/** The Completed tab as a CSV: every response the committed filters select, in the list's sort. */
export function downloadCompletedCsv(tenantId: string, filters: KcReportFilters, query: ListQuery<KcReportOrder>) {
  return downloadAttachment(
    client.GET('/tenants/{tenantId}/reports/knowledgechecks/responses/completed', {
      params: { ...inTenant(tenantId), query: { ...csvQueryParams(query), ...chosenFilters(filters) } },
      parseAs: 'blob',
    }),
    'knowledge-check-report.csv',
  );
}

/** A response's detail as a CSV: a drawn question a line. */
export function downloadResponseCsv(tenantId: string, responseId: string) {
  return downloadAttachment(
    client.GET('/tenants/{tenantId}/reports/knowledgechecks/responses/{responseId}', {
      params: { path: { tenantId, responseId }, query: { format: 'csv' } },
      parseAs: 'blob',
    }),
    'knowledge-check-response.csv',
  );
}

/** The item analysis' table as a CSV, over the attempts shown. */
export function downloadItemAnalysisCsv(tenantId: string, knowledgeCheckId: string, attempts: 'first' | 'all') {
  return downloadAttachment(
    client.GET('/tenants/{tenantId}/reports/knowledgechecks/{knowledgeCheckId}/item-analysis', {
      params: { path: { tenantId, knowledgeCheckId }, query: { attempts, format: 'csv' } },
      parseAs: 'blob',
    }),
    'item-analysis.csv',
  );
}

export async function getResponseDetail(tenantId: string, responseId: string): Promise<ApiOutcome<KcReportResponse>> {
  const outcome = await apiCall(
    client.GET('/tenants/{tenantId}/reports/knowledgechecks/responses/{responseId}', { params: { path: { tenantId, responseId } } }),
  );
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

export async function getItemAnalysis(tenantId: string, knowledgeCheckId: string, attempts: 'first' | 'all'): Promise<ApiOutcome<KcItemAnalysis>> {
  const outcome = await apiCall(
    client.GET('/tenants/{tenantId}/reports/knowledgechecks/{knowledgeCheckId}/item-analysis', {
      params: { path: { tenantId, knowledgeCheckId }, query: { attempts } },
    }),
  );
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

/** The check's name (the topic's or component's) for the item analysis heading. */
export async function getCheckName(tenantId: string, knowledgeCheckId: string): Promise<ApiOutcome<string>> {
  const outcome = await apiCall(client.GET('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}', { params: { path: { tenantId, knowledgeCheckId } } }));
  return outcome.ok ? { ok: true, data: outcome.data.data.name } : outcome;
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
