import type { KnowledgeCheck } from '@tessera/sdk';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { client } from '../../api/client';
import { loadRecord, param } from '../../guards/records';
import { NOT_FOUND_PATH } from '../organization/organizationLoader';

/**
 * `…/knowledgecheck/:knowledgecheck` (client, review and preview routes): the check, which must belong to the
 * module, component and topic the address names (a topic's check under a component route, or another component's,
 * is not found there).
 */
export async function knowledgeCheckLoader({ params, request }: LoaderFunctionArgs): Promise<KnowledgeCheck | null> {
  const path = { tenantId: param(params, 'organization'), knowledgeCheckId: param(params, 'knowledgecheck') };
  const check = await loadRecord(request, ['knowledge-checks', path.tenantId, path.knowledgeCheckId], () =>
    client.GET('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}', { params: { path } }),
  );
  if (!check) return null;
  const topic = params.topic ?? null;
  if (check.component_id !== param(params, 'component') || check.module_id !== param(params, 'module') || check.topic_id !== topic) {
    throw redirect(NOT_FOUND_PATH);
  }
  return check;
}
