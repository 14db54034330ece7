/**
 * Webhook endpoints of an organization and their delivery log (ARCHITECTURE.md#webhooks). An endpoint's secret is
 * answered once, at creation and at each rotation; the previous secret keeps signing beside the new one for
 * `rotationOverlapMs`. Events are published by the features through the events layer (events/publish.ts) and sent
 * by the `webhook` job (delivery.ts).
 */
import { randomBytes } from 'node:crypto';
import type { WebhookEvent, WebhookEventType } from '@tessera/sdk';
import { parsedWebhookUrl, WEBHOOK_ENDPOINTS_MAX, webhookMessages } from '@tessera/sdk/rules';
import type { WebhooksConfig } from '../../config.js';
import type { Database, TenantDatabase } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { withColumns } from '../../db/model.js';
import { normalisedPage, paginate, type ListDefinition, type ListParams, type Page } from '../../db/paginate.js';
import type { Query, TenantSql } from '../../db/query.js';
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../db/webhook-models.js';
import { fieldError, HttpError, notFound } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import { failPendingDeliveries } from './delivery.js';
import { resolvedHostProblem, urlProblem } from './outbound.js';
import type { AttemptRow, DeliveryRow, EndpointRow } from './presenter.js';

export type WebhookSortKey = 'url' | 'created';

export const WEBHOOK_LIST: ListDefinition<WebhookSortKey> = {
  sorts: { url: 'e.url', created: 'e.created_at' },
  defaultOrder: 'url',
  tieBreaker: 'e.id',
  searchColumns: ['e.url', 'e.description'],
};

export const DELIVERY_LIST: ListDefinition<'created'> = {
  sorts: { created: 'd.created_at' },
  defaultOrder: 'created',
  defaultDesc: true,
  tieBreaker: 'd.id',
  searchColumns: [],
};

/** How long the delivery log keeps a delivery (the contract says so). */
const DELIVERY_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

const ENDPOINT_ROW = withColumns(WebhookEndpoint, {});
const DETAIL_ROW = withColumns(WebhookDelivery, { jsonColumns: ['payload'] });

/** A new signing secret in the Standard Webhooks format: `whsec_` and the base64 of 32 random bytes. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function endpointsOf(org: TenantSql): Query {
  return org.from('webhook_endpoints as e').leftJoin('users as creator', 'creator.id', 'e.created_by');
}

function selectEndpoint(query: Query): Query {
  return query.select(
    'e.id',
    'e.url',
    'e.description',
    'e.events',
    'e.enabled',
    'e.disabled_reason',
    'e.failing_since',
    'e.previous_secret_expires_at',
    'e.created_by',
    'e.created_at',
    'e.updated_at',
    'creator.id as creator_id',
    'creator.name as creator_name',
  );
}

export async function listWebhooks(db: Database, tenantId: string, params: ListParams<WebhookSortKey>): Promise<Page<EndpointRow>> {
  const page = await paginate<object, WebhookSortKey>(db, endpointsOf(db.inTenant(tenantId)), params, WEBHOOK_LIST, selectEndpoint);
  return normalisedPage<EndpointRow>(page, ENDPOINT_ROW);
}

export async function loadWebhook(org: TenantDatabase, webhookId: string): Promise<EndpointRow> {
  const row = await org.row<EndpointRow>(selectEndpoint(endpointsOf(org).where('e.id', webhookId)), ENDPOINT_ROW);
  if (!row) throw notFound(webhookMessages.notFound);
  return row;
}

/** The URL's checks that need the server: its configuration (https, allowed hosts) and what the host resolves to. */
async function checkUrl(config: WebhooksConfig, url: string): Promise<void> {
  const parsed = parsedWebhookUrl(url)!;
  const problem = urlProblem(parsed, config.allowedHosts) ?? (await resolvedHostProblem(parsed, config.allowedHosts));
  if (problem) throw fieldError('url', problem);
}

export interface WebhookInput {
  url: string;
  events: WebhookEventType[];
  description?: string;
  enabled?: boolean;
}

export async function createWebhook(
  db: Database,
  config: WebhooksConfig,
  tenantId: string,
  creatorId: string,
  input: WebhookInput,
): Promise<{ row: EndpointRow; secret: string }> {
  await checkUrl(config, input.url);
  const secret = newSecret();
  const id = newId();
  const now = new Date().toISOString();
  const row = await db.inTenant(tenantId).transaction(async (org) => {
    const existing = await org.row<{ count: number }>(org.from('webhook_endpoints').count({ count: '*' }), {
      booleanColumns: [],
      dateColumns: [],
      numberColumns: ['count'],
    });
    if ((existing?.count ?? 0) >= WEBHOOK_ENDPOINTS_MAX) throw fieldError('url', webhookMessages.tooMany);
    await org.write(WebhookEndpoint).insert({
      id,
      url: input.url,
      description: input.description ?? '',
      events: input.events,
      enabled: input.enabled ?? true,
      disabled_reason: null,
      failing_since: null,
      secret,
      previous_secret: null,
      previous_secret_expires_at: null,
      created_by: creatorId,
      created_at: now,
      updated_at: now,
    });
    return loadWebhook(org, id);
  });
  return { row, secret };
}

export async function updateWebhook(
  db: Database,
  config: WebhooksConfig,
  tenantId: string,
  webhookId: string,
  input: Partial<WebhookInput>,
): Promise<EndpointRow> {
  if (input.url !== undefined) await checkUrl(config, input.url);
  return db.inTenant(tenantId).transaction(async (org) => {
    const current = await loadWebhook(org, webhookId);
    const changes: Partial<WebhookEndpoint> = {};
    if (input.url !== undefined) changes.url = input.url;
    if (input.events !== undefined) changes.events = input.events;
    if (input.description !== undefined) changes.description = input.description;
    if (input.enabled !== undefined && input.enabled !== current.enabled) {
      changes.enabled = input.enabled;
      // Enabled again by a person: whatever failed before is history (the log keeps it).
      if (input.enabled) Object.assign(changes, { disabled_reason: null, failing_since: null });
    }
    if (Object.keys(changes).length === 0) return current;
    await org
      .write(WebhookEndpoint)
      .findById(webhookId)
      .patch({ ...changes, updated_at: new Date().toISOString() });
    if (changes.enabled === false) await failPendingDeliveries(org, webhookId);
    return loadWebhook(org, webhookId);
  });
}

export async function deleteWebhook(db: Database, tenantId: string, webhookId: string): Promise<void> {
  await db.inTenant(tenantId).transaction(async (org) => {
    await loadWebhook(org, webhookId);
    // Its deliveries and their attempts go with it (ON DELETE CASCADE); a queued attempt finds nothing and ends.
    await org.write(WebhookEndpoint).findById(webhookId).delete();
  });
}

/** A new secret; the current one becomes the previous, signing beside it until `rotationOverlapMs` from now. */
export async function rotateSecret(
  db: Database,
  config: WebhooksConfig,
  tenantId: string,
  webhookId: string,
): Promise<{ secret: string; previous_secret_expires_at: string }> {
  return db.inTenant(tenantId).transaction(async (org) => {
    const current = await org.row<{ secret: string }>(org.from('webhook_endpoints').where('id', webhookId).select('secret'));
    if (!current) throw notFound(webhookMessages.notFound);
    const secret = newSecret();
    const expires = new Date(Date.now() + config.rotationOverlapMs).toISOString();
    const now = new Date().toISOString();
    await org
      .write(WebhookEndpoint)
      .findById(webhookId)
      .patch({ secret, previous_secret: current.secret, previous_secret_expires_at: expires, updated_at: now });
    return { secret, previous_secret_expires_at: expires };
  });
}

function deliveriesOf(org: TenantSql, webhookId: string): Query {
  return org.from('webhook_deliveries as d').where('d.endpoint_id', webhookId);
}

function selectDelivery(query: Query): Query {
  return query.select(
    'd.id',
    'd.event_type',
    'd.state',
    'd.attempts',
    'd.last_status_code',
    'd.last_error',
    'd.created_at',
    'd.last_attempt_at',
    'd.next_attempt_at',
    'd.delivered_at',
  );
}

export async function listDeliveries(
  db: Database,
  tenantId: string,
  webhookId: string,
  params: ListParams<'created'>,
  state: WebhookDelivery['state'] | undefined,
): Promise<Page<DeliveryRow>> {
  const org = db.inTenant(tenantId);
  await loadWebhook(org, webhookId);
  const filtered = deliveriesOf(org, webhookId);
  if (state) filtered.where('d.state', state);
  const page = await paginate<object, 'created'>(db, filtered, params, DELIVERY_LIST, selectDelivery);
  return normalisedPage<DeliveryRow>(page, WebhookDelivery);
}

async function loadDelivery(org: TenantDatabase, webhookId: string, deliveryId: string): Promise<DeliveryRow & { payload: WebhookEvent }> {
  const row = await org.row<DeliveryRow & { payload: WebhookEvent }>(
    selectDelivery(deliveriesOf(org, webhookId).where('d.id', deliveryId)).select('d.payload'),
    DETAIL_ROW,
  );
  if (!row) throw notFound(webhookMessages.deliveryNotFound);
  return row;
}

export async function getDelivery(
  db: Database,
  tenantId: string,
  webhookId: string,
  deliveryId: string,
): Promise<{ row: DeliveryRow & { payload: WebhookEvent }; attempts: AttemptRow[] }> {
  const org = db.inTenant(tenantId);
  const row = await loadDelivery(org, webhookId, deliveryId);
  const attempts = await org.rows<AttemptRow>(
    org
      .from('webhook_attempts')
      .where('delivery_id', deliveryId)
      .orderBy('attempt', 'desc')
      .select('attempt', 'status_code', 'error', 'duration_ms', 'attempted_at'),
    WebhookAttempt,
  );
  return { row, attempts };
}

/** Sends a settled delivery again, now, with the same webhook-id and body; its retries start over. */
export async function replayDelivery(db: Database, jobs: JobQueue, tenantId: string, webhookId: string, deliveryId: string): Promise<DeliveryRow> {
  return db.inTenant(tenantId).transaction(async (org) => {
    const endpoint = await loadWebhook(org, webhookId);
    const delivery = await loadDelivery(org, webhookId, deliveryId);
    if (delivery.state === 'pending') throw new HttpError(409, 'conflict', webhookMessages.replayPending);
    if (!endpoint.enabled) throw new HttpError(409, 'conflict', webhookMessages.replayDisabled);
    const now = new Date().toISOString();
    await org.write(WebhookDelivery).findById(deliveryId).where('state', delivery.state).patch({ state: 'pending', retry_step: 0, next_attempt_at: now });
    await jobs.enqueue(org, 'webhook', { deliveryId, tenantId });
    return loadDelivery(org, webhookId, deliveryId);
  });
}

/** Deletes settled deliveries past their keeping, with their attempts (the purge job), organization by organization. */
export async function purgeOldDeliveries(db: Database, now = new Date()): Promise<number> {
  // A Date, not its text: SQLite keeps timestamps as numbers, which compare below any text.
  const before = new Date(now.getTime() - DELIVERY_KEEP_MS);
  const tenants = await db.rows<{ tenant_id: string }>(
    db.acrossTenants('webhook_deliveries').where('created_at', '<', before).whereNot('state', 'pending').distinct('tenant_id'),
  );
  let deleted = 0;
  for (const { tenant_id: tenantId } of tenants)
    deleted += await db.inTenant(tenantId).write(WebhookDelivery).where('created_at', '<', before).whereNot('state', 'pending').delete();
  return deleted;
}
