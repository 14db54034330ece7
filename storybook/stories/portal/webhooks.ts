import type { Webhook, WebhookDelivery, WebhookDeliveryDetail } from '@tessera/sdk';
import { STORY_ORGANIZATION } from './PortalRouter';

/** The API paths of the story organization's webhooks (the screens call it by its id, the loader by its slug). */
export const WEBHOOKS_API = `/api/tenants/${STORY_ORGANIZATION.organization.id}/webhooks`;
export const webhookRecordApi = (id: string) => `/api/tenants/${STORY_ORGANIZATION.organization.slug}/webhooks/${id}`;
export const deliveriesApi = (id: string) => `${WEBHOOKS_API}/${id}/deliveries`;

function aWebhook(id: string, overrides: Partial<Webhook>): Webhook {
  return {
    id,
    url: `https://${id}.partner.example/tessera`,
    description: '',
    events: ['member.joined'],
    enabled: true,
    disabled_reason: null,
    failing_since: null,
    previous_secret_expires_at: null,
    created_at: '2026-03-02T14:05:00Z',
    updated_at: '2026-03-02T14:05:00Z',
    created_by: { id: 'u-mona', name: 'Mona Master' },
    ...overrides,
  };
}

/** Three endpoints, one in each status: enabled, turned off by a master, and turned off by Tessera for failing. */
export const WEBHOOKS: Webhook[] = [
  aWebhook('hr', {
    url: 'https://hooks.partner.example/tessera',
    description: 'HR system: joins and leavers',
    events: ['member.joined', 'member.suspended', 'member.removed'],
  }),
  aWebhook('lms', {
    url: 'https://lms.partner.example/events',
    description: 'Learning records',
    events: ['knowledge_check.response.completed', 'knowledge_check.assignment.overdue', 'procedure.completed'],
    enabled: false,
    disabled_reason: 'failing',
    failing_since: '2026-02-20T08:00:00Z',
    created_at: '2026-01-15T10:00:00Z',
  }),
  aWebhook('audit', {
    url: 'https://audit.partner.example/in',
    events: [
      'knowledge_check.response.completed',
      'knowledge_check.assignment.overdue',
      'bioreq.document.decided',
      'member.joined',
      'member.suspended',
      'member.removed',
      'procedure.completed',
    ],
    enabled: false,
    created_at: '2026-02-01T09:30:00Z',
  }),
];

/** A page of a list in the API's envelope. */
export function listPage<T>(data: T[], order: string | null = 'url', desc = false) {
  return { data, meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, order, desc, search: null } };
}

function aDelivery(id: string, overrides: Partial<WebhookDelivery>): WebhookDelivery {
  return {
    id,
    event_type: 'member.joined',
    state: 'succeeded',
    attempts: 1,
    last_status_code: 200,
    last_error: null,
    created_at: '2026-03-03T09:00:00Z',
    last_attempt_at: '2026-03-03T09:00:01Z',
    next_attempt_at: null,
    delivered_at: '2026-03-03T09:00:01Z',
    ...overrides,
  };
}

/** A delivery in each state, newest first. */
export const DELIVERIES: WebhookDelivery[] = [
  aDelivery('msg_2Yh9pending', {
    event_type: 'member.suspended',
    state: 'pending',
    attempts: 2,
    last_status_code: 503,
    last_error: 'The endpoint answered 503.',
    created_at: '2026-03-04T10:00:00Z',
    last_attempt_at: '2026-03-04T10:00:30Z',
    next_attempt_at: '2026-03-04T10:05:30Z',
    delivered_at: null,
  }),
  aDelivery('msg_2Yh8failed', {
    event_type: 'member.removed',
    state: 'failed',
    attempts: 8,
    last_status_code: null,
    last_error: 'No answer in 10 s.',
    created_at: '2026-02-27T16:20:00Z',
    last_attempt_at: '2026-03-02T16:20:00Z',
    delivered_at: null,
  }),
  aDelivery('msg_2Yh7succeeded', {}),
];

/** The failed delivery as its view reads it: the body it sends and each attempt, newest first. */
export const FAILED_DETAIL: WebhookDeliveryDetail = {
  ...DELIVERIES[1],
  payload: {
    type: 'member.removed',
    timestamp: '2026-02-27T16:20:00Z',
    tenant_id: '01930000-0000-7000-8000-0000000000aa',
    data: {
      member: { id: '01930000-0000-7000-8000-0000000000bb', user_id: '01930000-0000-7000-8000-0000000000cc', name: 'Cy Cole', email: 'cy@example.com' },
      role: 'user',
    },
  },
  attempt_log: [
    { attempt: 2, status_code: null, error: 'No answer in 10 s.', duration_ms: 10000, attempted_at: '2026-02-27T16:25:00Z' },
    { attempt: 1, status_code: 500, error: 'The endpoint answered 500.', duration_ms: 240, attempted_at: '2026-02-27T16:20:00Z' },
  ],
};

export const RATE_LIMITED = { status: 429, body: { message: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' } };
