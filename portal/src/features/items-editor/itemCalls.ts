import type { ItemInput } from '@tessera/sdk';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';

const topicPath = (tenantId: string, topicId: string) => ({ path: { tenantId, topicId } });

/** The topic by its id alone (the admin route names no component), with its component and module. */
export function getTopic(tenantId: string, topicId: string) {
  return client.GET('/tenants/{tenantId}/topics/{topicId}', { params: topicPath(tenantId, topicId) });
}

/** Saves the whole ordered list; a 422 comes back to the editor (errors keyed by position). */
export function saveItems(tenantId: string, topicId: string, items: ItemInput[]) {
  return apiCall(client.PUT('/tenants/{tenantId}/topics/{topicId}/items', { params: topicPath(tenantId, topicId), body: { items } }), {
    handles: [422],
  });
}

/**
 * Deletes a saved item at once (spec section 4). Its failures are ignored: the item is gone from the
 * editor's list, so the next save deletes it anyway.
 */
export async function deleteSavedItem(tenantId: string, topicId: string, itemId: string): Promise<void> {
  // Not through apiCall: no failure of this call is routed or shown.
  await client.DELETE('/tenants/{tenantId}/topics/{topicId}/items/{itemId}', { params: { path: { tenantId, topicId, itemId } } }).catch(() => undefined);
}
