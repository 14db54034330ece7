/** The knowledge-check calls the learner's screens make (KC-PLAN.md, "Responses"), through the SDK client. */
import { unwrap, type MyKnowledgeCheck, type PaginationMeta, type TesseraClient } from '@tessera/sdk';
import type { KcAnswer, KcCheck, KcResponse, KcResponseSummary } from './types.js';

/** Which check: by its id, or the check of a topic or of a component. */
export type KcTarget = { knowledgeCheckId: string } | { topic: string } | { component: string };

const check = (tenantId: string, knowledgeCheckId: string) => ({ params: { path: { tenantId, knowledgeCheckId } } });
const response = (tenantId: string, knowledgeCheckId: string, responseId: string) => ({ params: { path: { tenantId, knowledgeCheckId, responseId } } });

/** The check (null when the topic or component has none). */
export async function loadCheck(client: TesseraClient, tenantId: string, target: KcTarget): Promise<KcCheck | null> {
  if ('knowledgeCheckId' in target)
    return (await unwrap(client.GET('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}', check(tenantId, target.knowledgeCheckId)))).data;
  if ('topic' in target) {
    return (await unwrap(client.GET('/tenants/{tenantId}/topics/{topicId}/kc', { params: { path: { tenantId, topicId: target.topic } } }))).data;
  }
  return (
    await unwrap(client.GET('/tenants/{tenantId}/components/{componentId}/knowledgechecks', { params: { path: { tenantId, componentId: target.component } } }))
  ).data;
}

/** The widget's page of My Knowledge Checks: the first hundred, assigned first by due date (the API's default order). */
const MY_CHECKS_PAGE = 100;

/** The caller's knowledge checks in the organization (My Knowledge Checks), with the page's meta. */
export async function listMyChecks(client: TesseraClient, tenantId: string): Promise<{ data: MyKnowledgeCheck[]; meta: PaginationMeta }> {
  return unwrap(client.GET('/tenants/{tenantId}/knowledgechecks/mine', { params: { path: { tenantId }, query: { per_page: MY_CHECKS_PAGE } } }));
}

/** The caller's own responses to the check, newest first. */
export async function listResponses(client: TesseraClient, tenantId: string, knowledgeCheckId: string): Promise<KcResponseSummary[]> {
  return (await unwrap(client.GET('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/responses', check(tenantId, knowledgeCheckId)))).data;
}

export async function loadResponse(client: TesseraClient, tenantId: string, knowledgeCheckId: string, responseId: string): Promise<KcResponse> {
  return (
    await unwrap(client.GET('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/responses/{responseId}', response(tenantId, knowledgeCheckId, responseId)))
  ).data;
}

/**
 * Starts answering (spec section 4, "Response"): an assigned response through its own call; otherwise a new
 * response, or the one in progress (the server answers it instead of creating a second).
 */
export async function startResponse(client: TesseraClient, tenantId: string, knowledgeCheckId: string, assignedId?: string): Promise<KcResponse> {
  if (assignedId) {
    return (
      await unwrap(
        client.PUT('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/responses/{responseId}/start', response(tenantId, knowledgeCheckId, assignedId)),
      )
    ).data;
  }
  return (await unwrap(client.POST('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/responses', check(tenantId, knowledgeCheckId)))).data;
}

export async function saveAnswer(
  client: TesseraClient,
  tenantId: string,
  knowledgeCheckId: string,
  responseId: string,
  questionId: string,
  choiceIds: string[],
): Promise<KcAnswer> {
  const path = { tenantId, knowledgeCheckId, responseId, questionId };
  return (
    await unwrap(
      client.POST('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/responses/{responseId}/questions/{questionId}', {
        params: { path },
        body: { choice_ids: choiceIds },
      }),
    )
  ).data;
}

export async function completeResponse(client: TesseraClient, tenantId: string, knowledgeCheckId: string, responseId: string): Promise<KcResponse> {
  return (
    await unwrap(
      client.PUT('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/responses/{responseId}/complete', response(tenantId, knowledgeCheckId, responseId)),
    )
  ).data;
}

/** An author's preview: a draw that is not stored (`id` null). */
export async function loadPreview(client: TesseraClient, tenantId: string, knowledgeCheckId: string): Promise<KcResponse> {
  return (await unwrap(client.GET('/tenants/{tenantId}/knowledgechecks/{knowledgeCheckId}/preview', check(tenantId, knowledgeCheckId)))).data;
}
