import type { components } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import { queryParams, type ListQuery } from '../../lists/useServerList';

export type Suggestion = components['schemas']['Suggestion'];
export type SuggestionOrder = 'sent' | 'user';

const path = (tenantId: string) => ({ path: { tenantId } });
const suggestionPath = (tenantId: string, suggestionId: string) => ({ path: { tenantId, suggestionId } });

/** The Unread tab lists active (unread) suggestions, the Read tab the others (spec section 4). */
export function listSuggestions(tenantId: string, unread: boolean) {
  return (query: ListQuery<SuggestionOrder>) =>
    apiCall(client.GET('/tenants/{tenantId}/suggestions', { params: { ...path(tenantId), query: { ...queryParams(query), active: unread } } }));
}

/** Marks it read (is_active false) or unread (true). */
export function markSuggestion(tenantId: string, suggestion: Pick<Suggestion, 'id'>, unread: boolean) {
  return apiCall(
    client.PATCH('/tenants/{tenantId}/suggestions/{suggestionId}', { params: suggestionPath(tenantId, suggestion.id), body: { is_active: unread } }),
    { handles: [422] },
  );
}

export function deleteSuggestion(tenantId: string, suggestion: Pick<Suggestion, 'id'>) {
  return apiCall(client.DELETE('/tenants/{tenantId}/suggestions/{suggestionId}', { params: suggestionPath(tenantId, suggestion.id) }));
}

export function getSuggestion(tenantId: string, suggestionId: string) {
  return client.GET('/tenants/{tenantId}/suggestions/{suggestionId}', { params: suggestionPath(tenantId, suggestionId) });
}

/** Spec 2.9 and section 8. */
export const DELETE_SUGGESTION_QUESTION = 'This will permanently delete this suggestion. Are you sure you want to continue?';
