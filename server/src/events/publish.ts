/**
 * Events for webhooks (ARCHITECTURE.md#webhooks): a feature publishes what happened inside the transaction of the
 * change, and each enabled endpoint of the organization subscribed to its type gets a delivery row and a job, written
 * in that same transaction. A rolled-back change sends nothing; a committed one is sent at least once, even if the
 * process dies right after (the job queue's guarantee).
 */
import type { WebhookEvent, WebhookEventType } from '@tessera/sdk';
import type { TenantDatabase } from '../db/database.js';
import { newId } from '../db/ids.js';
import { WebhookDelivery, WebhookEndpoint } from '../db/webhook-models.js';
import type { JobQueue } from '../jobs/queue.js';

/** What an event of type T carries (the contract's `webhooks/…Event` schemas). */
export type EventData<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>['data'];

/** A delivery's id, sent as `webhook-id`: Standard Webhooks' `msg_` prefix before a random id. */
function deliveryId(): string {
  return `msg_${newId().replace(/-/g, '')}`;
}

/**
 * Publishes an event of the organization `org` (a transaction's side of it). `data` may be a function: it is called
 * only when an endpoint wants the event, so an organization without endpoints pays one small read, nothing more.
 */
export async function publishEvent<T extends WebhookEventType>(
  jobs: JobQueue,
  org: TenantDatabase,
  type: T,
  data: EventData<T> | (() => Promise<EventData<T>>),
): Promise<void> {
  const endpoints = await org.rows<Pick<WebhookEndpoint, 'id' | 'events'>>(
    org.from('webhook_endpoints').where('enabled', true).select('id', 'events'),
    WebhookEndpoint,
  );
  const subscribed = endpoints.filter((endpoint) => endpoint.events.includes(type));
  if (subscribed.length === 0) return;
  const timestamp = new Date().toISOString();
  const body = { type, timestamp, tenant_id: org.tenantId, data: typeof data === 'function' ? await data() : data };
  const payload = JSON.stringify(body);
  const deliveries = subscribed.map((endpoint) => ({
    id: deliveryId(),
    endpoint_id: endpoint.id,
    event_type: type,
    payload,
    state: 'pending' as const,
    attempts: 0,
    retry_step: 0,
    created_at: timestamp,
    next_attempt_at: timestamp,
  }));
  await org.insertRows(WebhookDelivery, deliveries);
  for (const delivery of deliveries) await jobs.enqueue(org, 'webhook', { deliveryId: delivery.id, tenantId: org.tenantId });
}
