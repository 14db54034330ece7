/**
 * One attempt of a webhook delivery: the `webhook` job (ARCHITECTURE.md#webhooks). The attempt is signed (Standard
 * Webhooks, the SDK's `signWebhook`: one implementation of the rule for us and for receivers), sent without
 * server-side request forgery (outbound.ts), and recorded with its outcome in one transaction that also queues the
 * next attempt. The job schedules its own retries (config.webhooks.retryDelaysMs, about three days), so a failed
 * attempt is a finished job; only a failure to record one (the database) is retried by the queue.
 *
 * At least once: a process that dies between the endpoint's answer and the record sends the attempt again once the
 * job's lease ends, with the same `webhook-id`. An endpoint failing without a success for `disableAfterMs` is
 * disabled, its pending deliveries failed, and its organization's masters emailed, in that same transaction.
 */
import { signWebhook } from '@tessera/sdk';
import type { AppServices } from '../../context.js';
import type { TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { TenantUser, User } from '../../db/models.js';
import { withColumns } from '../../db/model.js';
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../db/webhook-models.js';
import { queueMail } from '../../jobs/mail.js';
import type { RunningJob } from '../../jobs/queue.js';
import { webhookDisabledEmail } from '../../mail/templates.js';
import { postWebhook, type OutboundResult } from './outbound.js';

type Services = Pick<AppServices, 'db' | 'jobs' | 'config' | 'log'>;

interface DueDelivery {
  id: string;
  payload: string;
  state: WebhookDelivery['state'];
  attempts: number;
  retry_step: number;
  endpoint_id: string;
  url: string;
  enabled: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  failing_since: string | null;
}

const DUE_DELIVERY = withColumns(WebhookDelivery, {
  booleanColumns: WebhookEndpoint.booleanColumns,
  dateColumns: ['previous_secret_expires_at', 'failing_since'],
});

const ENDPOINT_DISABLED = 'The endpoint is disabled.';

/** Fails an endpoint's pending deliveries: it was disabled, by a person or for failing; a queued attempt then ends. */
export function failPendingDeliveries(org: TenantDatabase, endpointId: string) {
  return org
    .write(WebhookDelivery)
    .where({ endpoint_id: endpointId, state: 'pending' })
    .patch({ state: 'failed', last_error: ENDPOINT_DISABLED, next_attempt_at: null });
}

function dueDelivery(org: TenantDatabase, deliveryId: string) {
  return org
    .from('webhook_deliveries as d')
    .join('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .where('d.id', deliveryId)
    .select(
      'd.id',
      'd.payload',
      'd.state',
      'd.attempts',
      'd.retry_step',
      'd.endpoint_id',
      'e.url',
      'e.enabled',
      'e.secret',
      'e.previous_secret',
      'e.previous_secret_expires_at',
      'e.failing_since',
    );
}

/** The `webhook-signature` header: the secret's signature, then the previous secret's while it still signs. */
async function signatures(delivery: DueDelivery, timestamp: number, now: number): Promise<string> {
  const secrets = [delivery.secret];
  if (delivery.previous_secret && delivery.previous_secret_expires_at && Date.parse(delivery.previous_secret_expires_at) > now)
    secrets.push(delivery.previous_secret);
  const signed = await Promise.all(secrets.map((secret) => signWebhook(secret, delivery.id, timestamp, delivery.payload)));
  return signed.join(' ');
}

export async function attemptDelivery(services: Services, { data }: RunningJob<'webhook'>): Promise<void> {
  const org = services.db.inTenant(data.tenantId);
  const delivery = await org.row<DueDelivery>(dueDelivery(org, data.deliveryId), DUE_DELIVERY);
  // Deleted with its endpoint, or already settled (a job run twice after its lease ended).
  if (!delivery || delivery.state !== 'pending') return;
  if (!delivery.enabled) {
    await failPendingDeliveries(org, delivery.endpoint_id);
    return;
  }
  const now = Date.now();
  const timestamp = Math.floor(now / 1000);
  const result = await postWebhook({
    url: delivery.url,
    body: delivery.payload,
    timeoutMs: services.config.webhooks.timeoutMs,
    allowedHosts: services.config.webhooks.allowedHosts,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Tessera-Webhooks/1',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': await signatures(delivery, timestamp, now),
    },
  });
  await org.transaction((tx) => recordAttempt(services, tx, delivery, result, new Date(now)));
}

async function recordAttempt(services: Services, org: TenantDatabase, delivery: DueDelivery, result: OutboundResult, attemptedAt: Date): Promise<void> {
  const succeeded = result.error === null;
  const attempt = delivery.attempts + 1;
  const delay = services.config.webhooks.retryDelaysMs[delivery.retry_step];
  const retryAt = !succeeded && delay !== undefined ? new Date(Date.now() + delay) : null;
  // Only the attempt that finds the delivery as it read it records: a second run of the same job sent a duplicate
  // (the endpoint deduplicates by webhook-id), and must not schedule a second retry.
  const recorded = await org
    .write(WebhookDelivery)
    .findById(delivery.id)
    .where({ state: 'pending', attempts: delivery.attempts })
    .patch({
      state: succeeded ? 'succeeded' : retryAt ? 'pending' : 'failed',
      attempts: attempt,
      retry_step: retryAt ? delivery.retry_step + 1 : delivery.retry_step,
      last_status_code: result.statusCode,
      last_error: result.error,
      last_attempt_at: attemptedAt.toISOString(),
      next_attempt_at: retryAt?.toISOString() ?? null,
      delivered_at: succeeded ? new Date().toISOString() : null,
    });
  if (recorded === 0) return;
  await org.insertRows(WebhookAttempt, [
    {
      id: newId(),
      delivery_id: delivery.id,
      attempt,
      status_code: result.statusCode,
      error: result.error,
      duration_ms: result.durationMs,
      attempted_at: attemptedAt.toISOString(),
    },
  ]);
  if (retryAt) await services.jobs.enqueue(org, 'webhook', { deliveryId: delivery.id, tenantId: org.tenantId }, { runAt: retryAt });
  if (succeeded) {
    if (delivery.failing_since !== null) await org.write(WebhookEndpoint).findById(delivery.endpoint_id).patch({ failing_since: null });
    return;
  }
  const failingSince = delivery.failing_since ?? attemptedAt.toISOString();
  if (delivery.failing_since === null)
    await org.write(WebhookEndpoint).findById(delivery.endpoint_id).whereNull('failing_since').patch({ failing_since: failingSince });
  if (attemptedAt.getTime() - Date.parse(failingSince) >= services.config.webhooks.disableAfterMs)
    await disableFailingEndpoint(services, org, delivery.endpoint_id);
}

/** Disables an endpoint that has failed for too long: its pending deliveries fail, its organization's masters are told. */
async function disableFailingEndpoint(services: Services, org: TenantDatabase, endpointId: string): Promise<void> {
  const disabled = await org
    .write(WebhookEndpoint)
    .findById(endpointId)
    .where('enabled', true)
    .patch({ enabled: false, disabled_reason: 'failing', updated_at: new Date().toISOString() });
  if (disabled === 0) return;
  await failPendingDeliveries(org, endpointId);
  const endpoint = await org.row<{ url: string; failing_since: string; name: string; slug: string }>(
    org
      .from('webhook_endpoints as e')
      .join('tenants as t', 't.id', 'e.tenant_id')
      .where('e.id', endpointId)
      .select('e.url', 'e.failing_since', 't.name', 't.slug'),
    withColumns(WebhookEndpoint, {}),
  );
  if (!endpoint) return;
  const masters = await org.rows<{ email: string; name: string }>(
    org
      .from('tenant_users as tu')
      .join('users as u', 'u.id', 'tu.user_id')
      .where({ 'tu.role': 'master', 'tu.is_active': true, 'u.is_active': true, 'u.is_service_account': false })
      .whereNull('tu.deleted_at')
      .whereNull('tu.invited_at')
      .whereNull('u.deleted_at')
      .select('u.email', 'u.name'),
    withColumns(TenantUser, { booleanColumns: User.booleanColumns }),
  );
  const url = `${services.config.publicUrl}/${encodeURIComponent(endpoint.slug)}/admin/webhooks/${endpointId}`;
  for (const master of masters)
    await queueMail(
      services,
      org,
      webhookDisabledEmail(master.email, master.name, { organization: endpoint.name, endpoint: endpoint.url, since: endpoint.failing_since, url }),
    );
  services.log.warn({ tenant: org.tenantId, endpoint: endpointId }, 'disabled a webhook endpoint that kept failing');
}
