import type { Webhook, WebhookAttempt as ContractAttempt, WebhookDelivery as ContractDelivery, WebhookDeliveryDetail, WebhookEvent } from '@tessera/sdk';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../db/webhook-models.js';

export type EndpointRow = Omit<WebhookEndpoint, 'secret' | 'previous_secret' | 'tenant_id'> & { creator_id: string | null; creator_name: string | null };
export type DeliveryRow = Pick<
  WebhookDelivery,
  'id' | 'event_type' | 'state' | 'attempts' | 'last_status_code' | 'last_error' | 'created_at' | 'last_attempt_at' | 'next_attempt_at' | 'delivered_at'
>;
export type AttemptRow = Pick<WebhookAttempt, 'attempt' | 'status_code' | 'error' | 'duration_ms' | 'attempted_at'>;

export function presentWebhook(row: EndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since,
    previous_secret_expires_at: row.previous_secret_expires_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: row.creator_id ? { id: row.creator_id, name: row.creator_name ?? '' } : null,
  };
}

export function presentDelivery(row: DeliveryRow): ContractDelivery {
  return {
    id: row.id,
    event_type: row.event_type,
    state: row.state,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    created_at: row.created_at,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at: row.next_attempt_at,
    delivered_at: row.delivered_at,
  };
}

function presentAttempt(row: AttemptRow): ContractAttempt {
  return { attempt: row.attempt, status_code: row.status_code, error: row.error, duration_ms: row.duration_ms, attempted_at: row.attempted_at };
}

/** A delivery with its body (as sent: the stored text is the signed one) and its attempts. */
export function presentDeliveryDetail(row: DeliveryRow & { payload: WebhookEvent }, attempts: AttemptRow[]): WebhookDeliveryDetail {
  return { ...presentDelivery(row), payload: row.payload, attempt_log: attempts.map(presentAttempt) };
}
