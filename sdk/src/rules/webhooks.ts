/**
 * The rules of webhook endpoints (ARCHITECTURE.md#webhooks): the event types, the URL an endpoint may have, and
 * their messages. The server adds what only it can know: its `ALLOWED_WEBHOOK_HOSTS` (http, private addresses) and
 * what a host name resolves to, with the messages written here.
 */
import * as v from 'valibot';
import type { WebhookEventType } from '../generated/schema.js';
import { bodyOf, documented, filled, form, messages, present, required, sent, text } from './core.js';
import { flag } from './forms.js';
import { listQuery, pageEntries, queryChoice, searched } from './queries.js';

/** Every event an endpoint can subscribe to, in the contract's order (`satisfies` keeps it complete). */
export const WEBHOOK_EVENT_TYPES = [
  'knowledge_check.response.completed',
  'knowledge_check.assignment.overdue',
  'bioreq.document.decided',
  'member.joined',
  'member.suspended',
  'member.removed',
  'procedure.completed',
] as const satisfies readonly WebhookEventType[];

type MissingEventType = Exclude<WebhookEventType, (typeof WEBHOOK_EVENT_TYPES)[number]>;
// Fails to compile when the contract gains an event this list lacks.
const everyEventListed: MissingEventType extends never ? true : false = true;
void everyEventListed;

/** The delivery states a log can be filtered by. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;

export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Endpoints an organization may have: each event is sent to every one subscribed, in the event's transaction. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

export const webhookMessages = {
  url: 'The url must be a valid http or https URL.',
  https: 'The url must use https.',
  credentials: 'The url may not contain a user name or password.',
  privateAddress: 'The url may not point to a private, loopback, link-local or metadata address.',
  unresolvable: 'The url host could not be found.',
  tooMany: `An organization may have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
  events: 'Choose at least one event.',
  notFound: 'This webhook endpoint could not be found.',
  deliveryNotFound: 'This delivery could not be found.',
  replayPending: 'This delivery is already on its way.',
  replayDisabled: 'Enable the endpoint before replaying its deliveries.',
} as const;

/** An absolute http(s) URL without credentials, answered as written (trimmed). https is the server's rule. */
export function webhookUrl(field = 'url') {
  return v.pipe(
    v.string(messages.string(field)),
    v.trim(),
    v.maxLength(WEBHOOK_URL_MAX_LENGTH, messages.maxLength(field, WEBHOOK_URL_MAX_LENGTH)),
    v.check((value) => parsedWebhookUrl(value) !== undefined, webhookMessages.url),
    v.check((value) => {
      const url = parsedWebhookUrl(value);
      return url === undefined || (url.username === '' && url.password === '');
    }, webhookMessages.credentials),
  );
}

/** The URL when it is an absolute http or https one with a host; otherwise undefined. */
export function parsedWebhookUrl(value: string): URL | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? url : undefined;
}

/** At least one event type, answered without duplicates in the contract's order. */
export function webhookEvents(field = 'events') {
  return v.pipe(
    v.array(documented<WebhookEventType>(), messages.array(field)),
    v.check((list) => list.length > 0, webhookMessages.events),
    v.check((list) => list.every((type) => (WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(type)), messages.selected(field)),
    v.transform((list) => WEBHOOK_EVENT_TYPES.filter((type) => list.includes(type))),
  );
}

/** An organization's webhook endpoints, created and changed by its masters. */
export const webhookForms = {
  /** A webhook endpoint: where, which events, and whether it is on (default on). */
  webhook: bodyOf(
    'createWebhook',
    form({
      url: required('url', webhookUrl()),
      events: required('events', webhookEvents()),
      description: present(text('description')),
      enabled: sent(flag('enabled')),
    }),
  ),
  /** A webhook endpoint's change: only the fields sent change. */
  webhookUpdate: bodyOf(
    'updateWebhook',
    form({
      url: filled('url', webhookUrl()),
      events: filled('events', webhookEvents()),
      description: sent(text('description')),
      enabled: sent(flag('enabled')),
    }),
  ),
};

export const webhookQueryForms = {
  listWebhooks: listQuery(['url', 'created'], searched),
  listWebhookDeliveries: form({ ...pageEntries(), state: queryChoice('state', WEBHOOK_DELIVERY_STATES) }),
};
