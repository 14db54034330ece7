import type {
  Webhook,
  WebhookAttempt,
  WebhookCreated,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryState,
  WebhookEventType,
  WebhookSecret,
  WebhookUpdate,
} from '@tessera/sdk';
import { WEBHOOK_EVENT_TYPES } from '@tessera/sdk/rules';
import { apiCall } from '../../api/call';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';
import { queryParams, type ListQuery } from '../../lists/useServerList';

export type { Webhook, WebhookAttempt, WebhookCreated, WebhookDelivery, WebhookDeliveryDetail, WebhookDeliveryState, WebhookEventType, WebhookSecret };
export type WebhookOrder = 'url' | 'created';

/**
 * The form's values (a type, not an interface: the portal's forms need the index signature a type alias has). The
 * events are the checkbox group's values, which the SDK's form has checked against the event types before anything
 * is sent.
 */
export type WebhookValues = { url: string; description: string; events: string[]; enabled: boolean };

export const NEW_WEBHOOK: WebhookValues = { url: '', description: '', events: [], enabled: true };

/** What a person reads for each event type (the contract's descriptions, shortened). */
export const EVENT_NAMES: Record<WebhookEventType, string> = {
  'knowledge_check.response.completed': 'Knowledge check completed',
  'knowledge_check.assignment.overdue': 'Knowledge check overdue',
  'bioreq.document.decided': 'Bioreq document decided',
  'member.joined': 'Member joined',
  'member.suspended': 'Member suspended',
  'member.removed': 'Member removed',
  'procedure.completed': 'Procedure completed',
};

export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'knowledge_check.response.completed': 'A member completed a knowledge check.',
  'knowledge_check.assignment.overdue': 'An assigned knowledge check passed its due date uncompleted.',
  'bioreq.document.decided': 'A reviewer gave a bioreq document its verdict.',
  'member.joined': 'Someone became a member.',
  'member.suspended': 'A membership was suspended.',
  'member.removed': 'A membership was removed.',
  'procedure.completed': 'A member ticked every procedure row of a topic.',
};

/** What deleting an endpoint takes with it (the contract's deleteWebhook). */
export const DELETE_WEBHOOK_QUESTION = 'Its delivery log and its pending deliveries are deleted with it, and it receives no more events.';

export const STATE_NAMES: Record<WebhookDeliveryState, string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' };

/** The chosen events in the contract's order (a checkbox group answers them in the order they were ticked). */
function orderedEvents(events: readonly string[]): WebhookEventType[] {
  return WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));
}

export function webhookValues(webhook: Webhook): WebhookValues {
  return { url: webhook.url, description: webhook.description, events: [...webhook.events], enabled: webhook.enabled };
}

/** The webhooks screens' paths (`/:organization/admin/webhooks`). */
export function webhooksPath(organizationSlug: string): string {
  return `/${encodeURIComponent(organizationSlug)}/admin/webhooks`;
}

export function webhookPath(organizationSlug: string, webhookId: string): string {
  return `${webhooksPath(organizationSlug)}/${encodeURIComponent(webhookId)}`;
}

const path = (tenantId: string) => ({ path: { tenantId } });
const webhookParams = (tenantId: string, webhookId: string) => ({ path: { tenantId, webhookId } });

export function listWebhooks(tenantId: string) {
  return (query: ListQuery<WebhookOrder>) =>
    apiCall(client.GET('/tenants/{tenantId}/webhooks', { params: { ...path(tenantId), query: { paginate: true, ...queryParams(query) } } }));
}

/** Answers the endpoint with its signing secret, which exists only in this answer. */
export async function createWebhook(tenantId: string, values: WebhookValues): Promise<ApiOutcome<WebhookCreated>> {
  const description = values.description.trim();
  const body = { url: values.url.trim(), events: orderedEvents(values.events), ...(description ? { description } : {}), enabled: values.enabled };
  const outcome = await apiCall(client.POST('/tenants/{tenantId}/webhooks', { params: path(tenantId), body }), { handles: [422] });
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

/** The raw read of one endpoint (a route loader's `loadRecord`). */
export function getWebhook(tenantId: string, webhookId: string) {
  return client.GET('/tenants/{tenantId}/webhooks/{webhookId}', { params: webhookParams(tenantId, webhookId) });
}

/** Only what differs from the saved endpoint is sent (the contract: only the fields sent change). */
function changedFields(saved: Webhook, values: WebhookValues): WebhookUpdate {
  const change: WebhookUpdate = {};
  const url = values.url.trim();
  const description = values.description.trim();
  const events = orderedEvents(values.events);
  if (url !== saved.url) change.url = url;
  if (description !== saved.description) change.description = description;
  if (events.join(' ') !== orderedEvents(saved.events).join(' ')) change.events = events;
  if (values.enabled !== saved.enabled) change.enabled = values.enabled;
  return change;
}

export async function updateWebhook(tenantId: string, saved: Webhook, values: WebhookValues): Promise<ApiOutcome<Webhook>> {
  const outcome = await apiCall(
    client.PATCH('/tenants/{tenantId}/webhooks/{webhookId}', { params: webhookParams(tenantId, saved.id), body: changedFields(saved, values) }),
    { handles: [422] },
  );
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

export function deleteWebhook(tenantId: string, webhook: Pick<Webhook, 'id'>) {
  return apiCall(client.DELETE('/tenants/{tenantId}/webhooks/{webhookId}', { params: webhookParams(tenantId, webhook.id) }));
}

/** A new signing secret, shown once; the previous one keeps signing until `previous_secret_expires_at`. */
export async function rotateWebhookSecret(tenantId: string, webhook: Pick<Webhook, 'id'>): Promise<ApiOutcome<WebhookSecret>> {
  const outcome = await apiCall(client.POST('/tenants/{tenantId}/webhooks/{webhookId}/secret', { params: webhookParams(tenantId, webhook.id) }));
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

/** The delivery log, newest first (a fixed order: only the page and the state filter are sent). */
export function listWebhookDeliveries(tenantId: string, webhookId: string, state: WebhookDeliveryState | undefined) {
  return (query: ListQuery) =>
    apiCall(
      client.GET('/tenants/{tenantId}/webhooks/{webhookId}/deliveries', {
        params: { ...webhookParams(tenantId, webhookId), query: { paginate: true, page: query.page, ...(state ? { state } : {}) } },
      }),
    );
}

export async function getWebhookDelivery(tenantId: string, webhookId: string, deliveryId: string): Promise<ApiOutcome<WebhookDeliveryDetail>> {
  const outcome = await apiCall(
    client.GET('/tenants/{tenantId}/webhooks/{webhookId}/deliveries/{deliveryId}', { params: { path: { tenantId, webhookId, deliveryId } } }),
  );
  return outcome.ok ? { ok: true, data: outcome.data.data } : outcome;
}

/** Sends the delivery again now; a 409 (already on its way, or the endpoint disabled) is the screen's to show. */
export function replayWebhookDelivery(tenantId: string, webhookId: string, delivery: Pick<WebhookDelivery, 'id'>) {
  return apiCall(
    client.POST('/tenants/{tenantId}/webhooks/{webhookId}/deliveries/{deliveryId}/replay', {
      params: { path: { tenantId, webhookId, deliveryId: delivery.id } },
    }),
    { handles: [409] },
  );
}
